// Smart folders: the saved searches of `.vault/config.yaml` in the sidebar, each with what
// it finds now (GET /api/searches), read again with the sidebar after every change here or
// on disk; one whose query no longer parses is shown with why. Clicking one lists its notes
// (the query `@"name"`); "Save this search" keeps the search box's query under a name. The
// rules (names, queries that parse) are VaultKit's (SaveSearches): the page asks and shows.

import { $, api, attempt, toast } from './api.js';
import { state } from './state.js';
import { ask } from './dialogs.js';
import { go } from './hooks.js';

/** The saved searches, again, and the sidebar's section drawn from them. */
export async function loadSearches() {
  const answer = await attempt(() => api('GET', '/api/searches'));
  if (!answer) return;
  state.searches = answer.searches;
  renderSearches();
}

export function renderSearches() {
  const list = $('searches');
  if (!list) return;
  const searches = state.searches || [];
  $('searches-empty').hidden = searches.length > 0;
  list.replaceChildren(...searches.map(item));
}

function item(search) {
  const li = document.createElement('li');
  li.className = 'smart';
  const selected = state.scope.kind === 'saved' && state.scope.value.toLowerCase() === search.name.toLowerCase();
  const button = document.createElement('button');
  button.className = 'row' + (selected ? ' selected' : '') + (search.error ? ' broken' : '');
  button.title = search.error ? `${search.query}\n${search.error}` : search.query;
  const icon = document.createElement('span');
  icon.className = 'smart-icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = '⌕';
  const label = document.createElement('span');
  label.className = 'name';
  label.textContent = search.name;
  const count = document.createElement('span');
  count.className = 'count';
  count.textContent = search.error ? '!' : String(search.count);
  button.append(icon, label, count);
  button.setAttribute('aria-label', search.error
    ? `${search.name}, query does not parse: ${search.error}`
    : `${search.name}, ${search.count} note${search.count === 1 ? '' : 's'}`);
  button.addEventListener('click', () => go(`#/saved/${encodeURIComponent(search.name)}`));
  const actions = document.createElement('span');
  actions.className = 'smart-actions';
  actions.append(
    action('✎', `Rename saved search ${search.name}`, () => renameSearch(search)),
    action('×', `Delete saved search ${search.name}`, () => deleteSearch(search)),
  );
  li.append(button, actions);
  if (search.error) {
    const why = document.createElement('div');
    why.className = 'smart-error';
    why.textContent = search.error;
    li.append(why);
  }
  return li;
}

function action(text, label, run) {
  const button = document.createElement('button');
  button.className = 'icon smart-action';
  button.textContent = text;
  button.title = label;
  button.setAttribute('aria-label', label);
  button.addEventListener('click', (event) => { event.stopPropagation(); run(); });
  return button;
}

const path = (name) => `/api/searches/${encodeURIComponent(name)}`;

async function renameSearch(search) {
  const answer = await ask(`Rename saved search ${search.name}`, [{ label: 'New name', value: search.name }]);
  const to = answer && answer[0].trim();
  if (!to || to === search.name) return;
  const done = await attempt(() => api('PATCH', path(search.name), { name: to }));
  if (!done) return;
  toast(`Renamed to ${done.name}`);
  await loadSearches();
  if (state.scope.kind === 'saved' && state.scope.value.toLowerCase() === search.name.toLowerCase()) go(`#/saved/${encodeURIComponent(done.name)}`);
}

async function deleteSearch(search) {
  if (!await ask(`Delete saved search ${search.name}?`, [], `Its query was: ${search.query}. No note changes.`)) return;
  if (await attempt(() => api('DELETE', path(search.name))) === undefined) return;
  toast(`Deleted saved search ${search.name}`);
  await loadSearches();
  if (state.scope.kind === 'saved' && state.scope.value.toLowerCase() === search.name.toLowerCase()) go('#/');
}

/** "Save this search": the search box's query, under a name asked for. */
export async function saveThisSearch() {
  const query = $('search').value.trim();
  if (!query) return;
  const answer = await ask('Save this search', [{ label: 'Name', value: '' }], `Query: ${query}. It shows under Smart folders.`);
  const name = answer && answer[0].trim();
  if (!name) return;
  const done = await attempt(() => api('POST', '/api/searches', { name, query }));
  if (!done) return;
  toast(`Saved search ${done.name}`);
  // The query is the smart folder's now: shown as one, the search box emptied.
  $('search').value = '';
  state.query = '';
  showSaveSearch();
  await loadSearches();
  go(`#/saved/${encodeURIComponent(done.name)}`);
}

/** The button shows while the search box holds a query. */
export function showSaveSearch() {
  $('save-search').hidden = !$('search').value.trim();
}
