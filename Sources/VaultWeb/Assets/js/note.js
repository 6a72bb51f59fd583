// The open note: shown, edited with autosave, tagged, given files, and its conflicts with
// the disk version resolved.

import { $, api, attempt, csrf, pathURL, toast } from './api.js';
import { AUTOSAVE_MS, state } from './state.js';
import { fullDate } from './dates.js';
import { colorClass, flatten, listHash } from './helpers.js';
import { refreshAll, showPane } from './hooks.js';
import { ask } from './dialogs.js';
import { requestTaskChange } from './tasks.js';
import { noteText } from './editor.js';
import { renderProperties } from './properties.js';
import { noteShown } from './history.js';
import { offerUndo } from './undo.js';
import { renderBacklinks } from './backlinks.js';

export async function openNote(path, { quiet = false } = {}) {
  if (state.open && state.open.path !== path) await leaveNote();
  const typed = noteText.value;
  const note = await attempt(() => api('GET', `/api/notes/${pathURL(path)}`));
  if (!note) return;
  // Typed into while the disk version loaded: the typed text stays, unsaved, and its save
  // names the version it was typed on, so the server answers with both (nothing is lost).
  if (quiet && state.open && state.open.path === path && (state.dirty || noteText.value !== typed)) {
    $('disk-notice').hidden = false;
    return;
  }
  if (!state.open || state.open.path !== path) state.retitled = false;
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
  if (!state.dirty) noteText.value = note.text;
  renderTags();
  renderProperties(note, state.editing);
}

/** The note's body. A note whose front matter does not parse shows that problem, worded
 *  as `vault check` words it, and its text as text (rendered, the broken block read as a
 *  giant heading). */
function renderBody(note) {
  const problem = $('note-problem');
  problem.hidden = !note.error;
  if (!note.error) {
    // The server renders with raw HTML off and unsafe links dropped: this is safe to insert.
    $('note-body').innerHTML = note.html;
    // Each block takes its direction from its own first letters: a paragraph in Arabic
    // or Hebrew reads right to left among English ones.
    for (const block of $('note-body').querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, td, th')) block.dir = 'auto';
    // A task's checkbox is named by its task, for a screen reader and the keyboard.
    for (const box of $('note-body').querySelectorAll('input[type=checkbox]')) {
      // In a loose list (tasks apart by blank lines) the text is in a <p> after a newline:
      // the first line with words, not the first line, names it.
      const words = (box.closest('li')?.textContent || '').split('\n').map((line) => line.trim()).find(Boolean);
      box.setAttribute('aria-label', words || 'task');
    }
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

/** Each file into the attachment folder, linked at the open note's end (as `vault attach`). */
async function attachFiles(files) {
  const note = state.open;
  if (!note || note.draft || !files || !files.length) return;
  if (state.dirty) await saveNow();
  let last = null;
  for (const file of files) {
    last = await attempt(async () => {
      const response = await fetch(`/api/notes/${pathURL(note.path)}/attachments?name=${encodeURIComponent(file.name)}`, {
        method: 'POST', headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/octet-stream' }, body: file,
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.error || response.statusText);
      return data;
    }) || last;
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

/** Done (the button, or Esc): the rendered note again, the text saved and, when its title
 *  changed, the file renamed to it. */
export function stopEditing() {
  setEditing(false);
  return saveNow({ leaving: true });
}

export function setEditing(editing) {
  state.editing = editing;
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

/** Saves the editor's text if it changed, naming the version it started from; a new
 *  note is created by its first save. Then, when the save changed the title and the
 *  title is no longer being typed, the file follows it (see followTitle). `leaving`: the
 *  note is being left, so the title is settled wherever the caret is. */
export async function saveNow({ leaving = false } = {}) {
  // A rename under way moves the file: a save waits for it, then names the new path.
  while (state.renaming) await state.renaming;
  clearTimeout(state.saveTimer);
  if (!state.open) return true;
  if (state.dirty && !(await writeText())) return false;
  if (state.retitled && !state.dirty && (leaving || !typingTitle())) {
    state.renaming = followTitle().finally(() => { state.renaming = null; });
    await state.renaming;
  }
  return true;
}

/** PUT (or, for a new note, POST) the editor's text; false when it was not saved. */
async function writeText() {
  const text = noteText.value;
  const draft = state.open.draft;
  setStatus('Saving…');
  try {
    const before = state.open;
    const note = draft ? await createNote(text) : await api('PUT', `/api/notes/${pathURL(before.path)}`, { text }, { 'If-Match': before.version });
    // A title changed by typing: the file is renamed to it once the typing has moved on.
    if (!draft && note.title !== before.title) state.retitled = true;
    state.dirty = false;
    state.open = note;
    $('save-notice').hidden = true;
    // The file as written has what the server added: the new note's front matter, the
    // moved `modified:` line. An editor left without them took the page's own save for a
    // change on disk, or would save the note without its front matter.
    keepServerChanges(note.text, text);
    if (noteText.value === note.text) setStatus('Saved');
    else scheduleSave();
    if (draft) renderNote();
    else { renderBody(note); renderProperties(note, state.editing); }
    return true;
  } catch (error) {
    if (error.status === 412) {
      showConflict(text, error.data.current);
    } else {
      setStatus('Not saved');
      showSaveNotice(`${error.message}. Nothing was saved${draft ? '' : '; the file keeps its last saved text'}.`);
    }
    return false;
  }
}

/** Whether the caret is on the line that holds the title (the heading, or `title:`):
 *  the title is still being typed, and renaming the file to each word typed would only
 *  churn (each rename rewrites links and is recorded for undo). */
function typingTitle() {
  const editor = noteText;
  if (editor.hidden || !editor.hasFocus()) return false;
  const text = editor.value;
  const start = text.lastIndexOf('\n', editor.selectionStart - 1) + 1;
  const end = text.indexOf('\n', editor.selectionStart);
  return text.slice(start, end < 0 ? text.length : end).includes(state.open.title);
}

/** The file renamed to the title the last save gave the note, as `vault rename` does
 *  (PATCH with `title`): only after that save was acknowledged, and saves wait for it
 *  (state.renaming), so the rename and the autosave never race. Text typed meanwhile
 *  stays in the editor and is saved to the new path. */
async function followTitle() {
  const before = state.open;
  state.retitled = false;
  if (before.error) return;
  try {
    const note = await api('PATCH', `/api/notes/${pathURL(before.path)}`, { title: before.title });
    if (state.open === before) adopt(note, before.text);
  } catch (error) {
    // Saved all the same: only the file name stays (a note of that name exists, say).
    toast(`Saved; the file keeps its name: ${error.message}`);
  }
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
    if (now.slice(0, dropped) !== sent.slice(0, dropped)) return;
    before = saved.slice(0, saved.length - end);
    unchanged = start;
  }
  const [from, to] = [editor.selectionStart, editor.selectionEnd].map((at) => (at < unchanged ? at : before.length + Math.max(0, at - dropped)));
  editor.value = before + now.slice(dropped) + after;
  editor.setSelectionRange(from, to);
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
 *  keeps. One notice: the conflict's says what the disk notice said, and more. */
function showConflict(mine, disk) {
  setStatus('Conflict');
  state.conflictDisk = disk;
  $('conflict-mine').value = mine;
  $('conflict-disk').value = disk.text;
  showDifferences(mine, disk.text);
  $('disk-notice').hidden = true;
  $('conflict').hidden = false;
  noteText.hidden = true;
  $('note-body').hidden = true;
}

export async function resolveConflict(text) {
  const disk = state.conflictDisk;
  try {
    const note = await api('PUT', `/api/notes/${pathURL(disk.path)}`, { text }, { 'If-Match': disk.version });
    state.open = note;
    state.dirty = false;
    $('conflict').hidden = true;
    setEditing(false);
    renderNote();
    setStatus('Saved');
  } catch (error) {
    if (error.status === 412) showConflict(text, error.data.current);
    else toast(error.message);
  }
}

/** Leaving a note saves it; a new note left before anything was typed just goes, as it
 *  was never written. */
export async function leaveNote() {
  if (!state.open) return;
  await saveNow({ leaving: true });
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
