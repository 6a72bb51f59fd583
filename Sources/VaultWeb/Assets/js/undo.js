// Undo in the page: after an action that the server recorded (its answer's `recordID`), a
// toast with Undo, and Ctrl-Z/⌘Z outside any text field takes back the last one. The undo
// itself is the server's (`POST /api/undo`): all of the operation or nothing, refused when a
// note changed since; the page only says what happened.

import { api, attempt } from './api.js';
import { showToast } from './toast.js';
import { state } from './state.js';
import { go, openNote, refreshAll } from './hooks.js';

let last = null;  // { id, message } of the last undoable action

/** Says `message` with Undo for the recorded operation `recordID` (none: no Undo).
 *  `after` runs once it was undone (a view that must show something else, say). */
export function offerUndo(message, recordID, after) {
  if (!recordID) {
    showToast(message);
    return;
  }
  last = { id: recordID, after };
  showToast(message, { actionLabel: 'Undo', onAction: () => undo(recordID) });
}

/** Takes back the operation `id`, or the last one offered. */
export async function undo(id = last && last.id) {
  if (!id) return;
  const entry = last && last.id === id ? last : null;
  if (entry) last = null;
  const open = state.open && !state.open.draft ? state.open.path : null;
  const answer = await attempt(() => api('POST', '/api/undo', { id }));
  if (!answer) return;
  showToast(answer.failed && answer.failed.length ? `Undone, but ${answer.failed.length} changed since and were left alone` : 'Undone');
  await refreshAll();
  if (entry && entry.after) return entry.after(answer);
  // The open note is shown as the undo left it, where it went back to (a rename or move
  // undone) — unless it holds typing not saved yet, which a reload would replace.
  if (!open || state.dirty || !state.open || state.open.path !== open) return;
  const moved = (answer.steps || []).find((step) => step.kind === 'move' && step.from === open);
  if (moved) go(`#/note/${encodeURIComponent(moved.to)}`);
  else await openNote(open, { quiet: true });
}

/** Ctrl-Z/⌘Z outside a text field (where it is the field's own undo) and outside a dialog. */
export function onUndoKey(event) {
  if (!(event.key === 'z' || event.key === 'Z') || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
  const target = event.target;
  if (target.closest && target.closest('input, textarea, select, [contenteditable], .CodeMirror, dialog[open]')) return;
  if (!last) return;
  event.preventDefault();
  undo();
}
