// What a view asks of the layer above it: navigation, a refresh, opening a note or the
// Tasks view. The views sit below the router (navigation.js) and must not import it, or
// the modules import each other in a circle; app.js registers the real functions here
// when the page starts, before any view runs.

import { $ } from './api.js';

const handlers = {};

/** Called once by app.js with { go, refreshAll, onSearch, openNote, showTasks }. */
export function registerHooks(functions) {
  Object.assign(handlers, functions);
}

/** Shows the URL hash (the router reads it). */
export const go = (hash) => handlers.go(hash);
/** Reads the sidebar, the list and the open note again after a change. */
export const refreshAll = () => handlers.refreshAll();
/** The search box changed. */
export const onSearch = () => handlers.onSearch();
export const openNote = (path, options) => handlers.openNote(path, options);
export const showTasks = () => handlers.showTasks();

/** Which pane a phone shows (sidebar, list, note or tasks). */
export function showPane(pane) {
  $('app').className = `show-${pane}`;
}
