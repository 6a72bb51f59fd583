// Select mode: several notes of the list picked (click, shift-click for a range, All) and
// moved, tagged, pinned, given a property or deleted at once. Each action is one POST
// (/api/bulk, /api/properties), one operation in the vault's history, and Undo in the bar
// takes it back whole.

import { $, api, attempt, toast } from './api.js';
import { state } from './state.js';
import { effectiveQuery, flatten, listHash } from './helpers.js';
import { ask } from './dialogs.js';
import { refreshAll } from './hooks.js';
import { offerUndo } from './undo.js';
import { renderNote } from './note.js';

const UNSORTED = 'Unsorted (/)';

/** Select mode on or off; off forgets the selection. */
export function setSelecting(on) {
  state.select.on = on;
  if (!on) state.select.paths.clear();
  $('list').classList.toggle('selecting', on);
  $('select-mode').classList.toggle('on', on);
  $('select-mode').setAttribute('aria-pressed', String(on));
  showPicked();
}

/** A row clicked in select mode: picked or unpicked; with shift, every row between it and
 *  the last one clicked takes its new state. */
export function pickRow(path, range) {
  const { paths } = state.select;
  const on = !paths.has(path);
  const order = state.notes.map((note) => note.path);
  let picked = [path];
  if (range && state.select.anchor && order.includes(state.select.anchor)) {
    const [a, b] = [order.indexOf(state.select.anchor), order.indexOf(path)].sort((x, y) => x - y);
    picked = order.slice(a, b + 1);
  }
  for (const each of picked) if (on) paths.add(each); else paths.delete(each);
  state.select.anchor = path;
  showPicked();
}

/** Every note the list holds, loaded or not (the list loads a page at a time). */
export async function pickAll() {
  const query = encodeURIComponent(effectiveQuery());
  const paths = [];
  while (paths.length < state.total) {
    const page = await attempt(() => api('GET', `/api/notes?limit=1000&offset=${paths.length}&q=${query}`));
    if (!page || !page.notes.length) break;
    paths.push(...page.notes.map((note) => note.path));
  }
  for (const path of paths) state.select.paths.add(path);
  showPicked();
}

/** The rows' marks and the bar's count, as the selection is. */
export function showPicked() {
  const count = state.select.paths.size;
  for (const row of $('list').querySelectorAll('.note-row')) row.classList.toggle('picked', state.select.paths.has(row.dataset.path));
  $('note-bulk').hidden = !state.select.on;
  $('note-bulk-count').textContent = `${count} selected`;
  for (const id of ['note-bulk-move', 'note-bulk-tag', 'note-bulk-property', 'note-bulk-pin', 'note-bulk-unpin', 'note-bulk-delete']) $(id).disabled = count === 0;
}

export async function bulkMove() {
  const folders = [UNSORTED, ...flatten(state.home.folders).map((node) => node.path)];
  const answer = await ask(`Move ${notes(state.select.paths.size)}`, [{ label: 'To folder', options: folders }], 'Links to them are rewritten.');
  if (answer) await bulk({ folder: answer[0] === UNSORTED ? '/' : answer[0] }, 'Moved');
}

export async function bulkTag() {
  const answer = await ask(`Tags of ${notes(state.select.paths.size)}`, [{ label: 'Add #tag', value: '' }, { label: 'Remove #tag', value: '' }]);
  if (!answer) return;
  const [add, remove] = answer.map((value) => value.trim().replace(/^#/, ''));
  if (add) await bulk({ addTags: [add] }, `Tagged #${add}:`);
  if (remove) await bulk({ removeTags: [remove] }, `Removed #${remove} from`);
}

/** "Set property…": a key and a value for every selected note (POST /api/properties, as
 *  `vault set` does: the value read as YAML, vault's own keys refused by the server). */
export async function bulkProperty() {
  const answer = await ask(`Set a property of ${notes(state.select.paths.size)}`,
    [{ label: 'Key', value: '' }, { label: 'Value', value: '' }], 'The value is read as YAML: true, 3, 2026-12-01, [a, b].');
  if (!answer) return;
  const [key, value] = answer.map((text) => text.trim());
  if (!key) return;
  await bulk({ set: { [key]: value } }, `Set ${key} on`, '/api/properties');
}

export const bulkPin = (pinned) => bulk({ pinned }, pinned ? 'Pinned' : 'Unpinned');

export async function bulkDelete() {
  const count = state.select.paths.size;
  if (await ask(`Delete ${notes(count)}?`, [], 'They go to the trash with the attachments only they use; Undo brings them back.')) {
    await bulk({ delete: true }, 'Moved to the trash:');
  }
}

/** Takes back the last bulk action, whole (POST /api/undo). */
export async function bulkUndo() {
  const id = state.select.undo;
  if (!id) return;
  const answer = await attempt(() => api('POST', '/api/undo', { id }));
  if (!answer) return;
  state.select.undo = null;
  $('note-bulk-undo').hidden = true;
  toast(answer.failed && answer.failed.length ? `Undone, but ${answer.failed.length} changed since and were left alone` : 'Undone');
  refreshAll();
}

/** POST /api/bulk with the selection; the open note, if it was moved or deleted, is left. */
async function bulk(change, done, url = '/api/bulk') {
  const paths = [...state.select.paths];
  const answer = await attempt(async () => {
    try {
      return await api('POST', url, { paths, ...change });
    } catch (error) {
      if (error.status === 409) return error.data;  // none could be changed: say why below
      throw error;
    }
  });
  if (!answer) return;
  const failed = answer.failed && answer.failed.length ? `; ${answer.failed.length} not: ${answer.failed[0]}` : '';
  offerUndo(`${done} ${notes(answer.changed.length)}${failed}`, answer.recordID);
  state.select.undo = answer.recordID || null;
  $('note-bulk-undo').hidden = !state.select.undo;
  if ((change.folder || change.delete) && state.open && paths.includes(state.open.path)) {
    state.open = null;
    state.dirty = false;
    renderNote();
    history.replaceState(null, '', listHash());
  }
  state.select.paths.clear();
  await refreshAll();
  showPicked();
}

function notes(count) {
  return `${count} note${count === 1 ? '' : 's'}`;
}
