// The open note: shown, edited with autosave, tagged, given files, and its conflicts with
// the disk version resolved.

import { $, api, attempt, csrf, pathURL, toast } from './api.js';
import { AUTOSAVE_MS, state } from './state.js';
import { fullDate } from './dates.js';
import { colorClass, flatten, listHash } from './helpers.js';
import { refreshAll, showPane } from './hooks.js';
import { ask } from './dialogs.js';
import { requestTaskChange } from './tasks.js';
import { insertAtCaret, noteText } from './editor.js';
import { renderProperties } from './properties.js';
import { noteShown } from './history.js';
import { offerUndo } from './undo.js';
import { renderBacklinks } from './backlinks.js';

export async function openNote(path, { quiet = false } = {}) {
  if (state.open && state.open.path !== path) {
    // The conflict view holds the user's text until they choose: another note waits.
    if (!$('conflict').hidden) {
      toast('Keep your version or use the disk version first: your text is still unsaved');
      $('conflict-mine').focus();
      if (state.open.path) history.replaceState(null, '', `#/note/${encodeURIComponent(state.open.path)}`);
      return;
    }
    await leaveNote();
  }
  const typed = noteText.value;
  const note = await attempt(() => api('GET', `/api/notes/${pathURL(path)}`));
  if (!note) return;
  // Typed into while the disk version loaded: the typed text stays, and is saved at once
  // over the version it was typed on, so the server merges the two (EditMerge) or, when
  // the same lines changed, answers with both (nothing is lost).
  if (quiet && state.open && state.open.path === path && (state.dirty || noteText.value !== typed)) {
    scheduleSave();
    saveNow();
    return;
  }
  if (!state.open || state.open.path !== path) state.createdHere = null;
  state.open = note;
  state.dirty = false;
  $('disk-notice').hidden = true;
  $('conflict').hidden = true;
  if (!quiet) setEditing(false);
  renderNote();
  for (const element of $('list').querySelectorAll('.note-row')) {
    element.classList.toggle('selected', element.dataset.path === path);
  }
  showPane('note');
}

export function renderNote() {
  const note = state.open;
  $('note-empty').hidden = Boolean(note);
  $('note').hidden = !note;
  // Actions act on the open note: with none open there is nothing to pin or delete.
  $('note-actions').hidden = !note;
  $('save-notice').hidden = true;
  noteShown(note);
  if (!note) return;
  // A new note is not a file yet: nothing to pin, move, attach to or delete.
  for (const id of ['toggle-edit', 'rename', 'pin', 'move', 'attach', 'duplicate', 'delete']) $(id).hidden = Boolean(note.draft);
  $('note-tags').hidden = Boolean(note.draft) || state.editing;
  noteText.placeholder = note.draft ? 'Start typing: the first line is the title.' : '';
  $('note-meta').textContent = note.draft
    ? `New note in ${note.folder || 'Unsorted'} · written to disk as you type`
    : `${note.path} · created ${fullDate(note.created)} · modified ${fullDate(note.modified)}`;
  $('pin').textContent = note.pinned ? '★' : '☆';
  $('pin').title = note.pinned ? 'Unpin' : 'Pin';
  $('move').value = note.folder;
  renderBody(note);
  renderBacklinks(note);
  // The editor is filled when it is shown (setEditing): a large note laid out in a hidden
  // editor took seconds before the note could be read.
  if (!state.dirty && state.editing) noteText.value = note.text;
  renderTags();
  renderProperties(note, state.editing);
}

/** Rendered HTML above this many characters is shown a part at a time (renderBody). */
const LARGE_HTML = 200_000;
const FIRST_NODES = 150;
const NODES_PER_FRAME = 400;
let renderGeneration = 0;

/** Each block takes its direction from its own first letters (a paragraph in Arabic or
 *  Hebrew reads right to left among English ones), and a task's checkbox is named by its
 *  task, for a screen reader and the keyboard. */
function prepareBlocks(root) {
  for (const block of root.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, td, th')) block.dir = 'auto';
  for (const box of root.querySelectorAll('input[type=checkbox]')) {
    // In a loose list (tasks apart by blank lines) the text is in a <p> after a newline:
    // the first line with words, not the first line, names it.
    const words = (box.closest('li')?.textContent || '').split('\n').map((line) => line.trim()).find(Boolean);
    box.setAttribute('aria-label', words || 'task');
  }
}

/** The note's body. A note whose front matter does not parse shows that problem, worded
 *  as `vault check` words it, and its text as text (rendered, the broken block read as a
 *  giant heading). */
function renderBody(note) {
  const problem = $('note-problem');
  problem.hidden = !note.error;
  renderGeneration += 1;
  if (!note.error) {
    // The server renders with raw HTML off and unsafe links dropped: this is safe to insert.
    const body = $('note-body');
    body.classList.toggle('large', note.html.length > LARGE_HTML);
    if (note.html.length <= LARGE_HTML) {
      body.innerHTML = note.html;
      prepareBlocks(body);
      return;
    }
    // A large note is shown a part at a time: its start at once, the rest a slice per
    // frame, so that it can be read (and left) before all of it is laid out (a 546 KB note
    // took seconds to show).
    const parsed = document.createElement('template');
    parsed.innerHTML = note.html;
    const nodes = [...parsed.content.childNodes];
    const generation = renderGeneration;
    const append = (from, count) => {
      const part = document.createDocumentFragment();
      part.append(...nodes.slice(from, from + count));
      prepareBlocks(part);
      body.append(part);
    };
    body.replaceChildren();
    append(0, FIRST_NODES);
    const more = (from) => {
      if (generation !== renderGeneration || from >= nodes.length) return;
      append(from, NODES_PER_FRAME);
      setTimeout(() => more(from + NODES_PER_FRAME), 0);
    };
    setTimeout(() => more(FIRST_NODES), 0);
    return;
  }
  problem.replaceChildren(
    'The front matter does not parse: the note is shown as plain text, and its tags and pin stay as they are until it is fixed with Edit.',
    Object.assign(document.createElement('code'), { textContent: `${note.path}:${note.error.replace(/^(\d+:\d+): /, '$1: error: ')}` }),
  );
  const text = document.createElement('pre');
  text.className = 'note-text';
  text.textContent = note.text;
  $('note-body').replaceChildren(text);
}

/** A link to a place in the note (a footnote, and back) scrolls there: as the URL's hash
 *  it was read as a route, which showed All Notes. Links to notes (`#/note/…`, made by the
 *  server) and to files are the browser's to follow. */
export function followLink(event) {
  const link = event.target.closest('a[href^="#"]');
  if (!link || link.getAttribute('href').startsWith('#/')) return;
  event.preventDefault();
  const place = document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
  if (place && $('note-body').contains(place)) place.scrollIntoView({ block: 'center' });
}

/** A checkbox of the rendered note ticks its task off, or back, as the circle in Tasks
 *  does (the done date too, as `vault task done`): the server names each checkbox's task
 *  by its REF, so that line and no other changes. The note is read again after. */
export async function tickTask(event) {
  const box = event.target.closest('input[data-task]');
  if (!box || !state.open || state.open.draft) return;
  const path = state.open.path;
  box.disabled = true;
  if (state.dirty) await saveNow();
  await requestTaskChange([box.dataset.task], { status: box.checked ? 'done' : 'todo' });
  if (state.open && state.open.path === path) await openNote(path, { quiet: true });
}

/** Files dropped on the open note. */
export async function dropFiles(event) {
  event.preventDefault();
  $('note').classList.remove('dropping');
  if (event.dataTransfer) await attachFiles(event.dataTransfer.files);
}

/** Files picked with Attach (phones and keyboards have no drag and drop). */
export async function pickFiles() {
  const input = $('attach-input');
  await attachFiles(input.files);
  input.value = '';
}

/** Each file into the attachment folder, linked at the editor's caret while the note is
 *  edited (typed text, saved as any edit), else at the note's end (as `vault attach`). */
async function attachFiles(files) {
  const note = state.open;
  if (!note || note.draft || !files || !files.length) return;
  const atCaret = state.editing && !noteText.hidden;
  if (state.dirty && !atCaret) await saveNow();
  let last = null;
  const links = [];
  for (const file of files) {
    last = await attempt(async () => {
      const response = await fetch(`/api/notes/${pathURL(note.path)}/attachments?name=${encodeURIComponent(file.name)}${atCaret ? '&link=caret' : ''}`, {
        method: 'POST', headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/octet-stream' }, body: file,
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.error || response.statusText);
      if (data.link) links.push(data.link);
      return data;
    }) || last;
  }
  if (atCaret) {
    if (links.length && state.open && state.open.path === note.path) insertAtCaret(links.join('\n'));
    return;
  }
  if (last && state.open && state.open.path === note.path) {
    state.open = last;
    renderNote();
  }
}

function renderTags() {
  const note = state.open;
  const chips = note.tags.map((tag) => {
    const chip = document.createElement('span');
    const node = state.home && flatten(state.home.tags).find((candidate) => candidate.path.toLowerCase() === tag.toLowerCase());
    chip.className = `chip ${colorClass(node && node.color)}`;
    chip.textContent = `#${tag}`;
    const remove = document.createElement('button');
    remove.textContent = '×';
    remove.title = `Remove #${tag}`;
    remove.addEventListener('click', () => changeNote({ removeTags: [tag] }));
    chip.append(remove);
    return chip;
  });
  const input = document.createElement('input');
  input.className = 'chip-input';
  input.placeholder = '+ tag';
  input.setAttribute('aria-label', 'Add a tag');
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && input.value.trim()) {
      changeNote({ addTags: [input.value.trim().replace(/^#/, '')] });
    }
  });
  $('note-tags').replaceChildren(...chips, input);
}

export async function changeNote(patch) {
  if (!state.open) return;
  await saveNow();
  const open = state.open;
  const note = await attempt(async () => {
    try {
      return await api('PATCH', `/api/notes/${pathURL(open.path)}`, patch);
    } catch (error) {
      // The parser's words alone read as a fault of the page; say what was refused and why.
      if (open.error && error.status === 422) throw new Error(`Not changed: the front matter of ${open.path} does not parse. Fix it with Edit first.`);
      throw error;
    }
  });
  if (!note) return;
  adopt(note, open.text);
  offerUndo(changeMessage(patch, note), note.recordID);
}

/** What a PATCH did, in the toast that offers its Undo. */
function changeMessage(patch, note) {
  if (patch.title !== undefined) return `Renamed to “${note.title}”`;
  if (patch.folder !== undefined) return `Moved to ${patch.folder === '/' ? 'Unsorted' : patch.folder}`;
  if (patch.pinned !== undefined) return patch.pinned ? 'Pinned' : 'Unpinned';
  if (patch.addTags) return `Tagged #${patch.addTags.join(', #')}`;
  if (patch.removeTags) return `Removed #${patch.removeTags.join(', #')}`;
  return 'Changed';
}

/** The note as the server answered a change of it (rename, tags, pin, move): shown, the URL
 *  naming its path, and in the editor what the server changed with what was typed
 *  meanwhile kept (`basis`: the text the change was made to). */
function adopt(note, basis) {
  // First: the editor splits the text it is given where this note's front matter ends.
  state.open = note;
  if (state.dirty) keepServerChanges(note.text, basis);
  renderNote();
  if (note.path !== decodeURIComponent(location.hash.replace('#/note/', ''))) history.replaceState(null, '', `#/note/${encodeURIComponent(note.path)}`);
  refreshAll();
}

/** Rename: the title asked for, given to the note as `vault rename` gives it (the file
 *  named after it, links to it rewritten, recorded for undo). */
export async function renameNote() {
  if (!state.open || state.open.draft) return;
  const answer = await ask('Rename note', [{ label: 'Title', value: state.open.title }], 'The file is named after the title; links to the note follow it.');
  const title = answer && answer[0].trim();
  if (title && title !== state.open.title) await changeNote({ title });
}

/** Done (the button, or Esc): the rendered note again, the text saved and, where the file
 *  follows the title, renamed to it (editorLeft). */
export function stopEditing() {
  setEditing(false);
  return editorLeft();
}

export function setEditing(editing) {
  const opening = editing && !state.editing;
  state.editing = editing;
  if (opening && state.open) {
    // Where the title stood when the editing began: leaving, the file may follow it.
    state.editStart = state.open.draft ? null : state.open.text;
    if (!state.dirty) noteText.value = state.open.text || '';
  }
  noteText.hidden = !editing;
  $('note-body').hidden = editing;
  // While editing, the properties panel shows the tags (with the rest of the front matter).
  $('note-tags').hidden = editing || Boolean(state.open && state.open.draft);
  renderProperties(state.open, editing);
  $('toggle-edit').textContent = editing ? 'Done' : 'Edit';
  if (editing) noteText.focus();
}

function setStatus(text) {
  $('save-status').textContent = text;
}

export function scheduleSave() {
  state.dirty = true;
  setStatus('Edited');
  clearTimeout(state.saveTimer);
  state.saveTimer = setTimeout(saveNow, AUTOSAVE_MS);
}

// One save at a time: a second (the timer, a blur, Done) waits for the first, then finds
// nothing left to save or saves what was typed since, over the version the first made.
let saving = Promise.resolve(true);

/** Saves the editor's text if it changed, naming the version it started from and the text
 *  of that version, so that a change on disk since is merged by the server; a new note is
 *  created by its first save once its first line is finished (or the editor is left:
 *  `leaving`), so that its file is not named after half a title. Renames nothing: the
 *  file follows the title only when the editor is left (editorLeft). */
export function saveNow(options = {}) {
  const next = saving.then(() => saveOnce(options));
  saving = next.catch(() => false);
  return next;
}

async function saveOnce({ leaving = false } = {}) {
  // A rename under way moves the file: a save waits for it, then names the new path.
  while (state.renaming) await state.renaming;
  clearTimeout(state.saveTimer);
  if (!state.open) return true;
  // The conflict view holds the user's version (typed into since, perhaps): only its own
  // buttons save; a save of the editor's text behind it would put that text over it.
  if (!$('conflict').hidden) return false;
  if (state.open.draft && state.dirty && !leaving && !firstLineFinished()) {
    // Not written yet: the first line is still being typed (it will name the file).
    return true;
  }
  if (state.dirty && !(await writeText())) return false;
  return true;
}

/** A new note's first line is finished once a line follows it and the caret has left it. */
function firstLineFinished() {
  const text = noteText.value;
  const start = text.search(/\S/);
  if (start < 0) return false;
  const end = text.indexOf('\n', start);
  if (end < 0) return false;
  return !noteText.hasFocus() || noteText.selectionStart > end;
}

/** PUT (or, for a new note, POST) the editor's text; false when it was not saved. */
async function writeText() {
  const text = noteText.value;
  const draft = state.open.draft;
  setStatus('Saving…');
  const before = state.open;
  const base = state.pendingBase || { text: before.text, version: before.version };
  try {
    const note = draft ? await createNote(text) : await api('PUT', `/api/notes/${pathURL(before.path)}`, { text, base: base.text }, { 'If-Match': base.version });
    state.pendingBase = null;
    if (draft) {
      // Written by this editor: its title may still change before it is left, and emptied
      // before then it goes (editorLeft).
      state.createdHere = note.path;
      state.editStart = note.text;
    }
    state.dirty = false;
    state.open = note;
    $('save-notice').hidden = true;
    state.lastSaveError = null;
    // The file as written has what the server added (the new note's front matter, the
    // moved `modified:` line) and, merged, what another program wrote meanwhile: into the
    // editor, with what was typed since and the caret kept.
    if (noteText.value === text && !draft) {
      // Line by line: the caret, the scroll and the undo history stay (a new note's first
      // save is the editor's first text of that file, placed by keepServerChanges).
      noteText.value = note.text;
    } else if (!keepServerChanges(note.text, text)) {
      // Typed over what the server changed: the next save merges the typing with the file
      // as written (sent → typed since, sent → written), so that neither is lost.
      state.pendingBase = { text, version: '' };
    }
    if (noteText.value === note.text) setStatus(note.merged ? 'Merged changes made elsewhere' : 'Saved');
    else scheduleSave();
    if (draft) renderNote();
    else { renderBody(note); renderProperties(note, state.editing); }
    return true;
  } catch (error) {
    state.lastSaveError = error;
    if (error.status === 412) {
      showConflict(text, error.data.current, base);
    } else if (error.status === 400 && !draft && state.createdHere === before.path) {
      // A note this editor made, emptied: it goes when the editor is left (editorLeft).
      setStatus('Empty: removed when you leave it');
    } else {
      setStatus('Not saved');
      showSaveNotice(`${error.message}. Nothing was saved${draft ? '' : '; the file keeps its last saved text'}.`);
    }
    return false;
  }
}

/** The editor is left (Done, Esc, another note, the focus elsewhere in the page): the text
 *  saved, then, once, the file renamed to the title where it follows it (FollowTitle on
 *  the server), with a toast to take the rename back. A note this editor made and the user
 *  emptied goes to the trash: it would otherwise stay under a title no longer there. */
export async function editorLeft() {
  const saved = await saveNow({ leaving: true });
  const open = state.open;
  if (!saved && open && !open.draft && state.createdHere === open.path && state.lastSaveError && state.lastSaveError.status === 400) {
    const removed = await attempt(() => api('DELETE', `/api/notes/${pathURL(open.path)}`));
    if (removed && state.open === open) {
      state.open = null;
      state.dirty = false;
      state.createdHere = null;
      renderNote();
      history.replaceState(null, '', listHash());
      refreshAll();
    }
    return;
  }
  if (saved) await followTitle();
}

/** The file renamed to the title, as FollowTitle decides on the server (only a title that
 *  is the first line's heading, or the first line that named the file; never a daily
 *  note), one recorded rename: after the save was acknowledged, and saves wait for it
 *  (state.renaming). Then the toast "Renamed to X" with Undo. */
async function followTitle() {
  const open = state.open;
  const before = state.editStart;
  // Taken now: a second leave (a blur, then Done) asks nothing more.
  state.editStart = state.editing && open ? open.text : null;
  if (!open || open.draft || open.error || before == null || before === open.text) return;
  state.renaming = (async () => {
    try {
      const note = await api('POST', `/api/notes/${pathURL(open.path)}/follow-title`, { before });
      if (!note.renamed) return;
      if (state.open === open) adopt(note, open.text);
      if (state.editing && state.open === note) state.editStart = note.text;
      // undo.js's Undo: the toast's button and Ctrl-Z take it back as any other action.
      offerUndo(`Renamed to ${note.title}`, note.renamed.recordID, () => renamedBack(note.renamed));
    } catch (error) {
      // Saved all the same: only the file name stays (a note of that name exists, say).
      toast(`Saved; the file keeps its name: ${error.message}`);
    }
  })().finally(() => { state.renaming = null; });
  await state.renaming;
}

/** After the rename was undone (POST /api/undo, by undo.js): the note shown at its old
 *  path, the URL naming it; what was typed stays in the editor, and the editor's start
 *  is the note as it is now, so that leaving it does not rename the file again. */
async function renamedBack(renamed) {
  const note = await attempt(() => api('GET', `/api/notes/${pathURL(renamed.from)}`));
  if (!note || !state.open || state.open.path !== renamed.to) return;
  const basis = state.open.text;
  if (state.editing) state.editStart = note.text;
  adopt(note, basis);
}

/** POST /api/notes: the new note, made from what was typed. */
async function createNote(text) {
  const note = await api('POST', '/api/notes', { folder: state.open.folder, text });
  history.replaceState(null, '', `#/note/${encodeURIComponent(note.path)}`);
  refreshAll();
  return note;
}

function showSaveNotice(message) {
  const notice = $('save-notice');
  notice.textContent = message.charAt(0).toUpperCase() + message.slice(1);
  notice.hidden = false;
}

/** Brings what the server changed between `sent` and `saved` into the editor, keeping
 *  what was typed since and the caret. Either `sent` sits whole inside `saved` (a new
 *  note's front matter before it, a final line end after it), or one stretch of it was
 *  replaced (the `modified:` line). When the typing since touched that stretch the editor
 *  is left as it is, and its next save sends it whole. */
function keepServerChanges(saved, sent) {
  const editor = noteText;
  const now = editor.value;
  // The editor's text becomes `before` + now.slice(dropped) + `after`; a caret before
  // `unchanged` stays where it is.
  let [before, dropped, after, unchanged] = ['', 0, '', 0];
  // The last place: what was typed ends the new file, and its front matter may hold the same letters.
  const inside = sent ? saved.lastIndexOf(sent) : -1;
  if (inside >= 0) {
    [before, after] = [saved.slice(0, inside), saved.slice(inside + sent.length)];
  } else {
    let start = 0;
    while (start < saved.length && start < sent.length && saved[start] === sent[start]) start++;
    let end = 0;
    while (end < saved.length - start && end < sent.length - start && saved[saved.length - 1 - end] === sent[sent.length - 1 - end]) end++;
    // sent[start, sent.length - end) became saved[start, saved.length - end).
    dropped = sent.length - end;
    if (now.slice(0, dropped) !== sent.slice(0, dropped)) return false;
    before = saved.slice(0, saved.length - end);
    unchanged = start;
  }
  const [from, to] = [editor.selectionStart, editor.selectionEnd].map((at) => (at < unchanged ? at : before.length + Math.max(0, at - dropped)));
  editor.value = before + now.slice(dropped) + after;
  editor.setSelectionRange(from, to);
  return true;
}

/** The lines of `mine` and `disk` in order, each marked as both's, yours only or the
 *  disk's only (a longest common subsequence of lines; beyond 4,000 lines a side, by
 *  presence alone, to stay quick). */
function lineDiff(mine, disk) {
  const a = mine.split('\n');
  const b = disk.split('\n');
  if (a.length > 4000 || b.length > 4000) {
    const inA = new Set(a);
    const inB = new Set(b);
    return [...a.filter((line) => !inB.has(line)).map((text) => ({ kind: 'mine', text })),
      ...b.map((text) => ({ kind: inA.has(text) ? 'both' : 'disk', text }))];
  }
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { lines.push({ kind: 'both', text: a[i] }); i += 1; j += 1; } else if (j < b.length && (i >= a.length || common[i][j + 1] >= common[i + 1][j])) { lines.push({ kind: 'disk', text: b[j] }); j += 1; } else { lines.push({ kind: 'mine', text: a[i] }); i += 1; }
  }
  return lines;
}

function showDifferences(mine, disk) {
  const rows = lineDiff(mine, disk).map((line) => {
    const row = document.createElement('div');
    row.setAttribute('role', 'listitem');
    row.className = line.kind === 'both' ? 'same' : `differs ${line.kind}`;
    row.textContent = `${{ both: ' ', mine: '−', disk: '+' }[line.kind]} ${line.text}`;
    return row;
  });
  const box = $('conflict-lines');
  box.replaceChildren(...rows);
  // The first difference in sight, not the front matter both share.
  requestAnimationFrame(() => {
    const first = box.querySelector('.differs');
    if (first) box.scrollTop = Math.max(0, first.offsetTop - 40);
  });
}

/** Both versions side by side, what differs marked; nothing is lost whichever the user
 *  keeps. Only changes to the same lines come here: others are merged by the save. One
 *  notice: the conflict's says what the disk notice said, and more. The focus goes into
 *  the user's version, where typing goes on, and stays in the view (Tab cycles within it):
 *  a letter typed after the editor went away must never reach a page shortcut. */
function showConflict(mine, disk, base) {
  setStatus('Conflict');
  const caret = noteText.hasFocus() ? noteText.selectionStart : mine.length;
  state.conflictDisk = disk;
  state.conflictBase = base;
  $('conflict-mine').value = mine;
  $('conflict-disk').value = disk.text;
  showDifferences(mine, disk.text);
  $('disk-notice').hidden = true;
  $('conflict').hidden = false;
  noteText.hidden = true;
  $('note-body').hidden = true;
  const field = $('conflict-mine');
  field.focus({ preventScroll: true });
  field.setSelectionRange(caret, caret);
}

/** The focus left the editor for somewhere else in the page (not its toolbar or the
 *  properties, not another window): the editor is left (editorLeft). */
export function editorBlurred() {
  setTimeout(() => {
    if (!state.editing || !state.open || !document.hasFocus() || !$('conflict').hidden || $('dialog').open) return;
    const active = document.activeElement;
    if (noteText.hasFocus() || $('editor').contains(active) || $('properties').contains(active)) return;
    editorLeft();
  }, 0);
}

/** Tab and Shift-Tab go round the conflict view's controls, never out of it. */
export function trapConflictFocus(event) {
  if (event.key !== 'Tab' || $('conflict').hidden) return;
  const controls = [...$('conflict').querySelectorAll('textarea, button, [tabindex]:not([tabindex="-1"])')].filter((element) => !element.disabled && element.offsetParent !== null);
  if (!controls.length) return;
  const [first, last] = [controls[0], controls[controls.length - 1]];
  const inside = $('conflict').contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && (document.activeElement === last || !inside)) { event.preventDefault(); first.focus(); }
}

/** Keep mine: the user's version saved as the settlement of the conflict, merged with what
 *  was written on disk (the same lines settled with the user's, every other line of the
 *  other program's kept: `keep: "mine"`). */
export async function resolveConflict(text) {
  const disk = state.conflictDisk;
  const base = state.conflictBase || { text: disk.text, version: disk.version };
  try {
    const note = await api('PUT', `/api/notes/${pathURL(disk.path)}`, { text, base: base.text, keep: 'mine' }, { 'If-Match': base.version });
    closeConflict(note);
    setStatus('Saved');
  } catch (error) {
    if (error.status === 412) showConflict(text, error.data.current, base);
    else toast(error.message);
  }
}

/** The conflict settled: the note as saved, shown, and the editor given back its text. */
function closeConflict(note) {
  state.open = note;
  state.dirty = false;
  state.pendingBase = null;
  $('conflict').hidden = true;
  state.conflictBase = null;
  setEditing(false);
  renderNote();
}

/** Leaving a note saves it; a new note left before anything was typed just goes, as it
 *  was never written. */
export async function leaveNote() {
  if (!state.open) return;
  // The conflict view waits for a choice: leaving it keeps the user's version in the page.
  if (!$('conflict').hidden) return;
  if (state.editing || state.dirty) await editorLeft();
  else await saveNow({ leaving: true });
  if (state.open && state.open.draft) {
    state.open = null;
    state.dirty = false;
    renderNote();
  }
}

/** A new note, in the editor with the caret in it: only in the page until something is
 *  typed, then created with it (no empty notes, DESIGN 10). */
export async function newNote() {
  await leaveNote();
  const folder = state.scope.kind === 'folder' ? state.scope.value : '';
  state.open = { draft: true, path: null, folder, text: '', html: '', tags: [], pinned: false };
  state.dirty = false;
  setStatus('');
  // The URL names no note until there is one.
  history.replaceState(null, '', listHash());
  renderNote();
  showPane('note');
  setEditing(true);
}
