// vault serve: the page, and this module starts it: it loads the vocabulary, wires every
// control to its module, listens for changes and shows what the URL says.
//
// Plain JavaScript as ES modules, no build step. State lives in `state` (state.js); the
// URL hash says what is shown (#/folder/Work, #/tag/work, #/note/PATH, #/trash,
// #/search/QUERY) so that reload and back/forward work. The server is the truth: after
// every change the page asks it again rather than guessing.
//
// Layers (no module imports another in a circle; ModuleLayerTests checks): api.js,
// state.js, helpers.js, hooks.js, vocabulary.js, dates.js and theme.js at the bottom; the
// views above them; navigation.js (the router) and this module on top. A view that must
// navigate calls hooks.js, which this module fills with the router's functions.

import { $, api, attempt, pathURL, toast } from './api.js';
import { state } from './state.js';
import { loadVocabulary, vocabulary } from './vocabulary.js';
import { applyTheme, watchTheme } from './theme.js';
import { loadHome } from './sidebar.js';
import { onListScroll } from './list.js';
import { changeNote, dropFiles, editorBlurred, followLink, leaveNote, newNote, openNote, pickFiles, renameNote, renderNote, resolveConflict, saveNow, scheduleSave, setEditing, stopEditing, tickTask, trapConflictFocus } from './note.js';
import { addTask, bulkCategory, bulkDelete, changeTasks, renderTasks, showTasks, wireTaskDrops } from './tasks.js';
import { openCategories } from './categories.js';
import { ask, newFolder, tagHistory } from './dialogs.js';
import { followSearch, toggleBuilder } from './builder.js';
import { loadSearches, saveThisSearch, showSaveSearch } from './searches.js';
import { go, onSearch, refreshAll, route } from './navigation.js';
import { registerHooks, showPane } from './hooks.js';
import { listHash } from './helpers.js';
import { offerUndo, onUndoKey } from './undo.js';
import { wireRoving } from './roving.js';
import { wireWikiLinks } from './wikilinks.js';
import { listen } from './live.js';
import { wireHistory } from './history.js';
import { wireImport } from './imports.js';
import { onKey } from './keys.js';
import { receiveShare } from './share.js';
import { mountEditor } from './editor.js';
import { mountProperties } from './properties.js';
import { bulkDelete as deleteNotes, bulkMove, bulkPin, bulkProperty, bulkTag, bulkUndo, pickAll, setSelecting } from './select.js';

async function start() {
  registerHooks({ go, refreshAll, onSearch, openNote, showTasks });
  await loadVocabulary();
  applyTheme();
  watchTheme();
  $('skip-to-search').addEventListener('click', () => $('search').focus());
  $('skip-to-list').addEventListener('click', () => ($('list').querySelector('.note-row[tabindex="0"]') || $('search')).focus());
  // One Tab stop per group: the notes, and each tree of the sidebar.
  wireRoving($('list'), '.note-row');
  for (const tree of $('sidebar').querySelectorAll('.tree')) wireRoving(tree, 'button.row');
  $('search').addEventListener('input', onSearch);
  $('search').addEventListener('input', followSearch);
  $('search').addEventListener('input', showSaveSearch);
  $('save-search').addEventListener('click', saveThisSearch);
  // A search saved elsewhere (`vault saved add`) changes no note, so no live event says so:
  // the smart folders are read again when the page is looked at again.
  window.addEventListener('focus', loadSearches);
  $('list').addEventListener('scroll', onListScroll);
  $('builder-toggle').addEventListener('click', toggleBuilder);
  $('builder').addEventListener('submit', (event) => event.preventDefault());
  $('new-note').addEventListener('click', newNote);
  $('select-mode').addEventListener('click', () => setSelecting(!state.select.on));
  $('note-bulk-all').addEventListener('click', pickAll);
  $('note-bulk-move').addEventListener('click', bulkMove);
  $('note-bulk-tag').addEventListener('click', bulkTag);
  $('note-bulk-property').addEventListener('click', bulkProperty);
  $('note-bulk-pin').addEventListener('click', () => bulkPin(true));
  $('note-bulk-unpin').addEventListener('click', () => bulkPin(false));
  $('note-bulk-delete').addEventListener('click', deleteNotes);
  $('note-bulk-undo').addEventListener('click', bulkUndo);
  $('note-bulk-done').addEventListener('click', () => setSelecting(false));
  $('new-folder').addEventListener('click', newFolder);
  $('tag-history').addEventListener('click', tagHistory);
  $('trash-row').addEventListener('click', () => go('#/trash'));
  $('deleted-row').addEventListener('click', () => go('#/deleted'));
  wireHistory();
  wireImport();
  $('tasks-row').addEventListener('click', () => go('#/tasks'));
  $('tasks-back').addEventListener('click', () => showPane('sidebar'));
  for (const button of $('tasks-by').children) button.addEventListener('click', () => { state.tasks.by = button.dataset.by; showTasks(); });
  for (const button of $('tasks-show').children) button.addEventListener('click', () => { state.tasks.show = button.dataset.show; showTasks(); });
  for (const name of vocabulary.priorities) $('task-add-priority').append(new Option(`${vocabulary.prioritySigns[name]} ${name}`.trim(), name));
  $('task-add-priority').value = 'normal';
  $('task-add').addEventListener('submit', addTask);
  $('tasks-categories').addEventListener('click', openCategories);
  wireTaskDrops();
  $('task-bulk-done').addEventListener('click', () => changeTasks([...state.tasks.selected], { status: 'done' }));
  $('task-bulk-category').addEventListener('click', bulkCategory);
  $('task-bulk-delete').addEventListener('click', bulkDelete);
  $('task-bulk-clear').addEventListener('click', () => { state.tasks.selected.clear(); renderTasks(); });
  $('empty-trash').addEventListener('click', async () => {
    if (await ask('Empty the trash?', [], 'Every note in the trash is deleted for good.')) {
      await attempt(() => api('POST', '/api/trash/empty'));
      refreshAll();
    }
  });
  mountEditor(scheduleSave).on('blur', editorBlurred);
  mountProperties(changeNote);
  $('note').addEventListener('dragover', (event) => { event.preventDefault(); $('note').classList.add('dropping'); });
  $('note').addEventListener('dragleave', () => $('note').classList.remove('dropping'));
  $('note').addEventListener('drop', dropFiles);
  wireWikiLinks();
  $('note-body').addEventListener('click', followLink);
  $('note-body').addEventListener('change', tickTask);
  $('toggle-edit').addEventListener('click', () => { if (state.editing) stopEditing(); else setEditing(true); });
  $('rename').addEventListener('click', renameNote);
  $('pin').addEventListener('click', () => changeNote({ pinned: !state.open.pinned }));
  $('move').addEventListener('change', () => changeNote({ folder: $('move').value || '/' }));
  $('attach').addEventListener('click', () => $('attach-input').click());
  $('attach-input').addEventListener('change', pickFiles);
  $('duplicate').addEventListener('click', async () => {
    const copy = await attempt(() => api('POST', `/api/notes/${pathURL(state.open.path)}/duplicate`));
    if (copy) { await refreshAll(); go(`#/note/${encodeURIComponent(copy.path)}`); }
  });
  $('delete').addEventListener('click', async () => {
    const path = state.open.path;
    const answer = await attempt(() => api('DELETE', `/api/notes/${pathURL(path)}`));
    if (answer) {
      state.open = null;
      state.dirty = false;
      renderNote();
      // The URL no longer names the deleted note (a reload would have asked for it).
      history.replaceState(null, '', listHash());
      // No question before: the toast's Undo (or Ctrl-Z) brings it back, and the note with it.
      offerUndo(`Moved ${path} to the trash`, answer.recordID, () => go(`#/note/${encodeURIComponent(path)}`));
      refreshAll();
      showPane('list');
    }
  });
  $('keep-mine').addEventListener('click', () => resolveConflict($('conflict-mine').value));
  $('use-disk').addEventListener('click', async () => {
    if (await ask('Use the disk version?', [], 'Your version stays visible until you confirm; then the page shows the disk version.')) {
      state.dirty = false;
      state.pendingBase = null;
      state.conflictBase = null;
      $('conflict').hidden = true;
      openNote(state.conflictDisk.path);
    }
  });
  $('back-to-sidebar').addEventListener('click', () => showPane('sidebar'));
  $('back-to-list').addEventListener('click', async () => { await leaveNote(); showPane('list'); });
  document.addEventListener('keydown', onKey);
  document.addEventListener('keydown', trapConflictFocus);
  document.addEventListener('keydown', onUndoKey);
  // The tab hidden (closed, perhaps): everything typed is written, a new note's first line
  // finished or not.
  document.addEventListener('visibilitychange', () => { if (document.hidden) saveNow({ leaving: true }); });
  window.addEventListener('blur', () => saveNow());
  window.addEventListener('hashchange', route);
  listen();
  loadHome().then(route).then(receiveShare);
}

start();
