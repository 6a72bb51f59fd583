// Navigation, the router on top of the views: the URL hash says what is shown (route), and
// after a change the sidebar, the list and the open note are read again (refreshAll). Only
// app.js imports it; views reach it through hooks.js.

import { $ } from './api.js';
import { state } from './state.js';
import { showPane } from './hooks.js';
import { loadHome, renderSidebar } from './sidebar.js';
import { showSaveSearch } from './searches.js';
import { loadList } from './list.js';
import { leaveNote, openNote } from './note.js';
import { showTasks } from './tasks.js';
import { showTrash } from './trash.js';
import { showDeleted } from './history.js';

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

export async function route() {
  const [, kind = '', rest = ''] = location.hash.match(/^#\/([^/]*)\/?(.*)$/) || [];
  const value = decodeURIComponent(rest);
  if (kind === 'note') {
    if (!state.notes.length) await loadList();
    return openNote(value);
  }
  await leaveNote();
  $('list').hidden = false;
  $('trash-view').hidden = true;
  $('deleted-view').hidden = true;
  $('tasks-row').classList.toggle('selected', kind === 'tasks');
  if (kind === 'tasks') {
    state.scope = { kind: 'tasks', value: '' };
    renderSidebar();
    showPane('tasks');
    return showTasks();
  }
  if (kind === 'trash') {
    state.scope = { kind: 'trash', value: '' };
    renderSidebar();
    showPane('list');
    return showTrash();
  }
  if (kind === 'deleted') {
    state.scope = { kind: 'deleted', value: '' };
    renderSidebar();
    showPane('list');
    return showDeleted();
  }
  if (kind === 'search') {
    state.query = value;
    $('search').value = value;
    showSaveSearch();
  }
  state.scope = ['pinned', 'unsorted', 'folder', 'tag', 'saved'].includes(kind) ? { kind, value } : { kind: 'all', value: '' };
  renderSidebar();
  showPane('list');
  await loadList();
}

/** After a change here or on disk: the sidebar, the list and the open note, again. */
export async function refreshAll() {
  await loadHome();
  if (state.scope.kind === 'tasks') await showTasks();
  else if (state.scope.kind === 'trash') showTrash();
  else if (state.scope.kind === 'deleted') showDeleted();
  else await loadList({ keepScroll: true });
}

/** How long typing pauses before the list asks again: short, as the older request is
 *  aborted and its answer dropped (list.js). */
const SEARCH_PAUSE_MS = 40;

export function onSearch() {
  clearTimeout(onSearch.timer);
  onSearch.timer = setTimeout(() => {
    // Typed and taken back within the pause: the list already answers this query.
    if ($('search').value === state.query) return;
    state.query = $('search').value;
    loadList();
  }, SEARCH_PAUSE_MS);
}
