// Live updates: the server's event stream (GET /api/events) says what changed on disk, and
// the page reads it again.

import { toast } from './api.js';
import { state } from './state.js';
import { openNote, saveNow, scheduleSave } from './note.js';
import { noteText } from './editor.js';
import { refreshAll } from './hooks.js';

export function listen() {
  const events = new EventSource('/api/events');
  events.addEventListener('change', async (event) => {
    const change = JSON.parse(event.data);
    await refreshAll();
    const open = state.open;
    // A rename of the open note removes its old path: the rename's answer shows it.
    if (!open || state.renaming) return;
    if (change.removed.includes(open.path)) {
      toast(`${open.path} was removed on disk`);
    } else if (change.changed.includes(open.path)) {
      if (state.dirty || state.editing && noteText.value !== open.text) {
        // What was typed is saved now, over the version it was typed on: the server merges
        // the change on disk into it (EditMerge), or shows both when the same lines changed.
        if (!state.dirty) scheduleSave();
        saveNow();
      } else {
        openNote(open.path, { quiet: true });
      }
    }
  });
}
