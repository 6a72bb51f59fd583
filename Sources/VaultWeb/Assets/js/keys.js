// Keyboard shortcuts: / search, n a new note, j and k the next and previous note, and
// Escape to leave the editor, a field or the note.

import { $ } from './api.js';
import { state } from './state.js';
import { leaveNote, newNote, setEditing, stopEditing } from './note.js';
import { go, showPane } from './hooks.js';

export function onKey(event) {
  // The note editor (CodeMirror) is a content-editable element.
  const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement.tagName) || document.activeElement.isContentEditable;
  if (event.key === 'Escape') {
    if ($('dialog').open) return;
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
