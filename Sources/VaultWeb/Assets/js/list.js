// The list of notes: the query the sidebar and the search box make, loaded a page at a
// time and grouped by month.

import { $, api, toast } from './api.js';
import { PAGE, state } from './state.js';
import { relativeDate } from './dates.js';
import { go, onSearch } from './hooks.js';
import { pickRow } from './select.js';
import { effectiveQuery } from './helpers.js';

export async function loadList({ append = false, keepScroll = false } = {}) {
  if (state.scope.kind === 'trash') return;
  if (state.loading && append) return;
  state.loading = true;
  const request = ++state.listRequest;
  const offset = append ? state.notes.length : 0;
  const query = effectiveQuery();
  const scroll = $('list').scrollTop;
  try {
    // What a person typed is ranked by relevance (decided by the server); a list reached
    // from the sidebar alone keeps its order, grouped by month.
    const order = state.query.trim() ? 'sort=relevance' : 'group=month';
    // The request before this one is of no use any more: aborted, the server's answer is not waited for.
    if (loadList.controller) loadList.controller.abort();
    const controller = new AbortController();
    loadList.controller = controller;
    const page = await api('GET', `/api/notes?${order}&limit=${keepScroll ? Math.max(PAGE, state.notes.length) : PAGE}&offset=${offset}&q=${encodeURIComponent(query)}`, undefined, {}, controller.signal);
    if (request !== state.listRequest) return;  // a later request answers for the list
    $('query-error').hidden = true;
    state.total = page.total;
    state.notes = append ? state.notes.concat(page.notes) : page.notes;
    state.suggestions = page.suggestions || [];
    renderList();
    if (keepScroll) $('list').scrollTop = scroll;
  } catch (error) {
    if (request !== state.listRequest || error.name === 'AbortError') return;
    if (error.status === 400 && error.data.display) {
      showQueryError(error.data.display);
    } else {
      toast(error.message);
    }
    return;
  } finally {
    state.loading = false;
  }
  const scope = $('scope');
  scope.replaceChildren();
  if (query) {
    const code = document.createElement('code');
    code.textContent = query;
    scope.append(code, ` · ${state.total} note${state.total === 1 ? '' : 's'}`);
  } else {
    scope.textContent = `${state.total} notes`;
  }
}

/** A query that does not parse: its error alone, not the last query's notes under the
 *  last query's label, which read as the answer to this one. */
function showQueryError(display) {
  const pre = $('query-error');
  pre.textContent = display;
  pre.hidden = false;
  state.notes = [];
  state.total = 0;
  $('list').replaceChildren();
  $('scope').replaceChildren();
}

function renderList() {
  const list = $('list');
  const rows = [];
  let group = null;
  for (const note of state.notes) {
    if (note.group !== undefined && note.group !== group) {
      group = note.group;
      const heading = document.createElement('div');
      heading.className = 'group';
      heading.textContent = group;
      rows.push(heading);
    }
    rows.push(noteRow(note));
  }
  if (!rows.length) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = 'No notes';
    rows.push(empty);
    // The server's "did you mean": the vault's words closest to a word that found nothing.
    if ((state.suggestions || []).length) {
      const hint = document.createElement('div');
      hint.className = 'empty suggestions';
      hint.append('Did you mean ');
      state.suggestions.forEach((word, index) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'link';
        button.textContent = word;
        button.addEventListener('click', () => { $('search').value = word; onSearch(); });
        hint.append(index ? ', ' : '', button);
      });
      hint.append('?');
      rows.push(hint);
    }
  }
  list.replaceChildren(...rows);
}

function noteRow(note) {
  const element = document.createElement('div');
  element.className = 'note-row' + (state.open && state.open.path === note.path ? ' selected' : '') + (state.select.paths.has(note.path) ? ' picked' : '');
  element.setAttribute('role', 'option');
  element.setAttribute('aria-selected', String(Boolean(state.open && state.open.path === note.path)));
  element.dataset.path = note.path;
  const title = document.createElement('div');
  title.className = 'title';
  title.textContent = (note.pinned ? '★ ' : '') + note.title;
  const line = document.createElement('div');
  line.className = 'line2';
  const date = document.createElement('span');
  date.className = 'date';
  // Grouped by month, a row shows the date it is filed under, as `vault list --group month` does.
  date.textContent = relativeDate(note.group === undefined ? note.modified : note.sortDate);
  const snippet = document.createElement('span');
  snippet.className = 'snippet';
  if (note.match) showMatch(snippet, note.match);
  else snippet.textContent = note.snippet || 'No additional text';
  line.append(date, snippet);
  const where = document.createElement('div');
  where.className = 'where';
  where.textContent = [note.folder || 'Unsorted', ...note.tags.map((tag) => `#${tag}`)].join(' · ')
    + (note.error ? ' · front matter does not parse' : '');
  element.append(title, line, where);
  // In select mode a click picks the note instead of opening it.
  element.addEventListener('click', (event) => {
    if (state.select.on) pickRow(note.path, event.shiftKey);
    else go(`#/note/${encodeURIComponent(note.path)}`);
  });
  return element;
}

/** A typed search's context (the server's `match`: text and UTF-16 ranges, which are
 *  JavaScript's string offsets), its words marked. Text nodes only: nothing is parsed. */
function showMatch(element, { text, ranges }) {
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length) continue;
    element.append(text.slice(at, start), Object.assign(document.createElement('mark'), { textContent: text.slice(start, end) }));
    at = end;
  }
  element.append(text.slice(at));
}

export function onListScroll() {
  const list = $('list');
  if (list.scrollTop + list.clientHeight > list.scrollHeight - 400 && state.notes.length < state.total) {
    loadList({ append: true });
  }
}
