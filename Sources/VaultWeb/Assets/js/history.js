// A note's history, from git: the History panel lists its versions (GET
// /api/notes/PATH/versions) with dates, authors and what each changed; one picked is
// compared with the file now, two with each other (GET /api/notes/PATH/diff), the changed
// words marked and the front matter shown as the properties that changed; Restore brings
// the picked version back (POST /api/notes/PATH/restore) and Undo takes that back (POST
// /api/undo). Recently deleted lists the notes that left the vault (GET /api/deleted),
// each with its last text and a Restore. The server decides everything; this draws it.

import { $, api, attempt, pathURL, toast } from './api.js';
import { state } from './state.js';
import { fullDate } from './dates.js';
import { openNote, refreshAll } from './hooks.js';

const history = { path: null, versions: [], picked: [], undo: null };

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The hook note.js calls each time it shows a note: the panel closes when another note
 *  (or none) is shown, and there is no history for a note not written yet. */
export function noteShown(note) {
  $('history-toggle').hidden = !note || Boolean(note.draft);
  if (!note || note.path !== history.path) closeHistory();
}

export function closeHistory() {
  $('history').hidden = true;
  $('history-toggle').setAttribute('aria-pressed', 'false');
  history.path = null;
}

export async function toggleHistory() {
  if (!$('history').hidden) return closeHistory();
  const note = state.open;
  if (!note || note.draft) return undefined;
  history.path = note.path;
  history.picked = [];
  history.undo = null;
  $('history').hidden = false;
  $('history-toggle').setAttribute('aria-pressed', 'true');
  return loadVersions();
}

async function loadVersions() {
  const path = history.path;
  $('history-undo').hidden = !history.undo;
  $('history-diff').replaceChildren();
  $('history-status').textContent = 'Reading the history…';
  let versions;
  try {
    versions = await api('GET', `/api/notes/${pathURL(path)}/versions`);
  } catch (error) {
    // A vault git does not keep says so here, in its own words.
    $('history-status').textContent = error.message;
    $('history-versions').replaceChildren();
    renderPicked();
    return;
  }
  if (path !== history.path) return;
  history.versions = versions;
  history.picked = [];
  $('history-status').textContent = versions.length
    ? 'Pick a version to compare it with the note now, or two to compare them.'
    : 'No versions in git yet: vault sync commits them.';
  $('history-versions').replaceChildren(...versions.map(versionRow));
  renderPicked();
}

function versionRow(version, index) {
  const li = element('li', 'version');
  li.dataset.index = index;
  if (version.commit) li.dataset.commit = version.commit;
  const pick = element('input');
  pick.type = 'checkbox';
  pick.setAttribute('aria-label', `Pick the version of ${fullDate(version.date)}`);
  pick.addEventListener('change', () => togglePick(index, pick.checked));
  const when = element('span', 'when', fullDate(version.date));
  const commit = element('code', 'commit', version.commit ? version.commit.slice(0, 8) : 'not committed');
  const who = element('span', 'who', version.author);
  const kinds = element('span', 'kinds');
  kinds.append(...version.kinds.map((kind) => element('span', `kind kind-${kind}`, kind)));
  li.append(pick, when, commit, who, kinds);
  if (version.path !== history.path) li.append(element('span', 'place', version.path));
  return li;
}

function togglePick(index, on) {
  history.picked = history.picked.filter((picked) => picked !== index);
  if (on) history.picked.push(index);
  // Two at most: a third pick lets the first go.
  if (history.picked.length > 2) history.picked.shift();
  renderPicked();
  showDiff();
}

function renderPicked() {
  for (const row of $('history-versions').children) {
    const picked = history.picked.includes(Number(row.dataset.index));
    row.classList.toggle('picked', picked);
    row.querySelector('input').checked = picked;
  }
  const one = history.picked.length === 1 ? history.versions[history.picked[0]] : null;
  $('history-restore').disabled = !(one && one.commit);
}

async function showDiff() {
  const path = history.path;
  // Picks made quickly send requests whose answers may come out of order: only the
  // last asked is shown.
  const asked = (showDiff.asked = (showDiff.asked || 0) + 1);
  if (!history.picked.length) { $('history-diff').replaceChildren(); return; }
  // Newest first in the list: the higher index is the older version.
  const [newer, older] = [...history.picked].sort((a, b) => a - b).map((index) => history.versions[index]);
  const from = (older || newer).commit;
  const to = older ? newer.commit : null;
  if (!from) { $('history-diff').replaceChildren(element('p', 'sub', 'This is the note as it is now.')); return; }
  const query = `from=${encodeURIComponent(from)}${to ? `&to=${encodeURIComponent(to)}` : ''}`;
  const diff = await attempt(() => api('GET', `/api/notes/${pathURL(path)}/diff?${query}`));
  if (!diff || path !== history.path || asked !== showDiff.asked) return;
  $('history-diff').replaceChildren(...renderDiff(diff, older || newer, older ? newer : null));
}

function renderDiff(diff, older, newer) {
  const title = element('p', 'diff-title', `${fullDate(older.date)} → ${newer ? fullDate(newer.date) : 'now'}`);
  const parts = [title];
  if (diff.properties.length) {
    const list = element('ul', 'diff-properties');
    list.append(...diff.properties.map((change) => {
      const li = element('li', 'property');
      li.append(element('span', 'key', `${change.key}: `));
      for (const value of change.removed) li.append(element('del', 'removed', value), ' ');
      for (const value of change.added) li.append(element('ins', 'added', value), ' ');
      return li;
    }));
    parts.push(list);
  }
  if (diff.words.length) {
    const text = element('pre', 'diff-text');
    for (const piece of diff.words) {
      if (piece.kind === 'removed') text.append(element('del', 'removed', piece.text));
      else if (piece.kind === 'added') text.append(element('ins', 'added', piece.text));
      // Where a stretch of changes starts (git's `@@` line): a mark, not its numbers.
      else if (piece.kind === 'hunk') text.append(element('span', 'hunk', '⋯\n'));
      else text.append(piece.text);
    }
    parts.push(text);
  }
  if (!diff.properties.length && !diff.words.length) parts.push(element('p', 'sub', 'No change.'));
  return parts;
}

async function restorePicked() {
  const version = history.versions[history.picked[0]];
  if (!version || !version.commit) return;
  const path = history.path;
  const done = await attempt(() => api('POST', `/api/notes/${pathURL(path)}/restore`, { at: version.commit }));
  if (!done) return;
  history.undo = done.recordID || null;
  toast(done.changed ? `Restored the version of ${fullDate(version.date)}` : 'The note is already as that version');
  await reopen(path);
}

async function undoRestore() {
  const id = history.undo;
  if (!id) return;
  const answer = await attempt(() => api('POST', '/api/undo', { id }));
  if (!answer) return;
  history.undo = null;
  toast(answer.failed && answer.failed.length ? 'Not undone: the note changed since' : 'Undone');
  await reopen(history.path);
}

/** The note and its history, read again after a change. */
async function reopen(path) {
  await openNote(path, { quiet: true });
  history.path = path;
  $('history').hidden = false;
  await loadVersions();
}

// MARK: Recently deleted

const deleted = { undo: null };

export async function showDeleted() {
  $('list').hidden = true;
  $('trash-view').hidden = true;
  $('deleted-view').hidden = false;
  $('scope').textContent = 'Recently deleted';
  // Its bar shows only with something to undo.
  $('deleted-undo').parentElement.hidden = !deleted.undo;
  let notes;
  try {
    notes = await api('GET', '/api/deleted');
  } catch (error) {
    $('deleted-list').replaceChildren(element('li', 'notice', error.message));
    return;
  }
  $('deleted-list').replaceChildren(...notes.map(deletedRow));
  if (!notes.length) $('deleted-list').append(element('li', 'sub', 'No note has left the vault in git’s history'));
}

function deletedRow(note) {
  const li = element('li', 'deleted-note');
  li.dataset.path = note.path;
  const what = element('div', 'what');
  what.append(element('div', 'title', note.title), element('div', 'sub', `${note.path} · deleted ${fullDate(note.date)}`));
  const text = element('pre', 'last-text', note.text);
  what.append(text);
  const restore = element('button', '', 'Restore');
  restore.addEventListener('click', async () => {
    const done = await attempt(() => api('POST', '/api/deleted/restore', { path: note.path }));
    if (!done) return;
    deleted.undo = done.recordID || null;
    toast(done.renamed ? `Restored as ${done.path}: ${done.deletedPath} is taken` : `Restored ${done.path}`);
    await refreshAll();
  });
  li.append(what, restore);
  return li;
}

async function undoDeletedRestore() {
  const id = deleted.undo;
  if (!id) return;
  const answer = await attempt(() => api('POST', '/api/undo', { id }));
  if (!answer) return;
  deleted.undo = null;
  toast('Undone: the note is in the trash');
  await refreshAll();
}

export function wireHistory() {
  $('history-toggle').addEventListener('click', toggleHistory);
  $('history-close').addEventListener('click', closeHistory);
  $('history-restore').addEventListener('click', restorePicked);
  $('history-undo').addEventListener('click', undoRestore);
  $('deleted-undo').addEventListener('click', undoDeletedRestore);
}
