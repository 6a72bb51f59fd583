// Keyboard shortcuts: / search, n a new note, j and k the next and previous note, and
// Escape to leave the editor, a field or the note.

import { $ } from './api.js';
import { state } from './state.js';
import { leaveNote, newNote, setEditing, stopEditing } from './note.js';
import { go, showPane } from './hooks.js';

/** True when a keystroke belongs to what has the focus, not to the page: a field, a text
 *  area, the editor (CodeMirror is content-editable), an open dialog, or a panel that
 *  holds text being worked on (the conflict view, the properties, the history). Page
 *  shortcuts fire only outside all of these: a letter typed after the focus moved must
 *  never make a note or leave one. */
export function keystrokeIsTyping() {
  const active = document.activeElement || document.body;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName) || active.isContentEditable) return true;
  if ($('dialog').open) return true;
  // The conflict view is shown: whatever has the focus, typing goes to it (focusConflict).
  if (!$('conflict').hidden) return true;
  return Boolean(active.closest && active.closest('dialog, [role="dialog"], #conflict, #properties, #history, .CodeMirror'));
}

export function onKey(event) {
  const typing = keystrokeIsTyping();
  if (event.key === 'Escape') {
    if ($('dialog').open) return;
    // The conflict view is a choice to make: Esc does not leave it (nothing would be saved).
    if (!$('conflict').hidden) return;
    // A new note is left for the list (it goes if nothing was typed); another is shown.
    if (state.open && state.open.draft) { leaveNote().then(() => { if (state.open) setEditing(false); else showPane('list'); }); return; }
    if (state.editing) { stopEditing(); return; }
    if (typing) { document.activeElement.blur(); return; }
    showPane('list');
    return;
  }
  if (typing || event.metaKey || event.ctrlKey || event.altKey) return;
  if (event.key === '/') { event.preventDefault(); $('search').focus(); }
  else if (event.key === 'n') { event.preventDefault(); newNote(); }
  else if (event.key === 'j' || event.key === 'k') {
    event.preventDefault();
    const index = state.notes.findIndex((note) => state.open && note.path === state.open.path);
    const next = state.notes[Math.min(state.notes.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)))];
    if (next) go(`#/note/${encodeURIComponent(next.path)}`);
  }
}
