// The query builder: the query in the search box as groups of conditions, built either
// way. Text typed in the search box is parsed by the server (GET /api/query) into rows
// and groups; a change in the builder writes the query text back. Any query the language
// has can be built: AND and OR groups, nested, NOT on a condition or a group, and every
// field (GET /api/vocabulary lists them), words, a saved search (`@name`, picked from the
// smart folders) or a property (`[key:value]`, with a comparison).
//
// Also the folder choices the note's Move offers.

import { $, api, button } from './api.js';
import { state } from './state.js';
import { vocabulary } from './vocabulary.js';
import { flatten } from './helpers.js';
import { onSearch } from './hooks.js';

const WORDS = 'words';
const SAVED = '@';          // a saved search: @name
const PROPERTY = '[]';      // a property: [key:value], [key:>=3], [key]
const STATES = ['pinned', 'unsorted', 'untagged', 'orphan'];
const STATUSES = ['todo', 'doing', 'done', 'cancelled'];
const DATE_HINT = '7d, 2026-11, >=2026-01-01';

let root = emptyGroup();

function emptyGroup() {
  return { kind: 'group', any: false, not: false, items: [{ kind: 'term', not: false, field: WORDS, value: '' }] };
}

export function fillMoveOptions() {
  const move = $('move');
  move.replaceChildren(new Option('Unsorted', ''), ...flatten(state.home.folders).map((node) => new Option(node.path, node.path)));
  if (state.open) move.value = state.open.folder;
}

/** The values a field suggests, for its input's list. */
function suggestions(field) {
  switch (field) {
    case 'tag': return flatten(state.home?.tags || []).map((node) => node.path);
    case 'folder': return ['/', ...flatten(state.home?.folders || []).map((node) => node.path)];
    case 'is': return STATES;
    case 'priority': return vocabulary.priorities;
    case 'status': return STATUSES;
    case 'task': return [...STATUSES, 'any'];
    case SAVED: return (state.searches || []).map((search) => search.name);
    default: return [];
  }
}

/** Fills the builder's value lists (tags and folders change as the vault does). */
export function fillBuilderOptions() {
  for (const field of ['tag', 'folder', 'is', 'priority', 'status', 'task', SAVED]) {
    let list = $(listID(field));
    if (!list) {
      list = document.createElement('datalist');
      list.id = listID(field);
      $('builder').append(list);
    }
    list.replaceChildren(...suggestions(field).map((value) => new Option(value, value)));
  }
}

const listID = (field) => `builder-values-${field === SAVED ? 'saved' : field}`;

// Tree → text.

function quote(value) {
  if (/^".*"$/.test(value)) return value;
  return /[\s()"]/.test(value) ? `"${value.replaceAll('"', '')}"` : value;
}

function termText(term) {
  const value = term.value.trim();
  if (!value) return '';
  let text;
  if (term.field === SAVED) {
    const name = value.replace(/^@/, '').replace(/^"(.*)"$/s, '$1');
    text = /^[\p{L}\p{N}_-]+$/u.test(name) ? `@${name}` : `@"${name.replaceAll('"', '')}"`;
  } else if (term.field === PROPERTY) {
    text = `[${value.replace(/^\[(.*)\]$/s, '$1')}]`;
  } else if (term.field === WORDS) {
    // Several words are one condition: all of them (kept together inside an OR group).
    text = /\s/.test(value) && !/^".*"$/.test(value) ? `(${value})` : value;
  } else {
    text = `${term.field}:${quote(value)}`;
  }
  return term.not ? `NOT ${text}` : text;
}

function groupText(group, top) {
  const parts = group.items.map((item) => (item.kind === 'group' ? groupText(item, false) : termText(item))).filter(Boolean);
  if (!parts.length) return '';
  let text = parts.join(group.any ? ' OR ' : ' AND ');
  if (group.not || (!top && parts.length > 1)) text = `(${text})`;
  return group.not ? `NOT ${text}` : text;
}

/** The query the builder shows, as text. */
export function builderText() {
  return groupText(root, true);
}

// Text → tree: from the server's parse.

function fromTree(node, not = false) {
  if (node.not) return fromTree(node.not, !not);
  if (node.term !== undefined) {
    if (node.term.startsWith('@')) return { kind: 'term', not, field: SAVED, value: node.term.slice(1).replace(/^"(.*)"$/s, '$1') };
    if (/^\[.*\]$/s.test(node.term)) return { kind: 'term', not, field: PROPERTY, value: node.term.slice(1, -1) };
    const match = /^([a-z]+):(.*)$/s.exec(node.term);
    const known = match && vocabulary.fields.some((field) => field.name === match[1]);
    const value = known ? match[2].replace(/^"(.*)"$/s, '$1') : node.term;
    return { kind: 'term', not, field: known ? match[1] : WORDS, value };
  }
  const items = (node.all || node.any).map((child) => fromTree(child));
  return { kind: 'group', any: !!node.any, not, items };
}

/** Shows the search box's query in the builder (unless it does not parse). */
export async function readQuery() {
  const text = $('search').value.trim();
  if (!text) {
    root = emptyGroup();
  } else {
    let answer;
    try {
      answer = await api('GET', `/api/query?q=${encodeURIComponent(text)}`);
    } catch {
      return;
    }
    const tree = fromTree(answer.tree);
    root = tree.kind === 'group' ? tree : { kind: 'group', any: false, not: false, items: [tree] };
  }
  render();
}

/** The search box changed: the builder follows once the typing pauses. */
export function followSearch() {
  if ($('builder').hidden) return;
  clearTimeout(followSearch.timer);
  followSearch.timer = setTimeout(readQuery, 300);
}

export async function toggleBuilder() {
  $('builder').hidden = !$('builder').hidden;
  $('builder-toggle').setAttribute('aria-expanded', String(!$('builder').hidden));
  if (!$('builder').hidden) await readQuery();
}

function changed() {
  const text = builderText();
  // A keystroke that leaves the query as it was (a space, an empty term) asks nothing.
  if (text === $('search').value) return;
  $('search').value = text;
  onSearch();
}

// Drawing.

function notToggle(node) {
  const label = document.createElement('label');
  label.className = 'builder-not';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = node.not;
  box.addEventListener('change', () => { node.not = box.checked; changed(); });
  label.append(box, ' not');
  return label;
}

function termRow(term, parent) {
  const row = document.createElement('div');
  row.className = 'builder-term';
  const field = document.createElement('select');
  field.setAttribute('aria-label', 'Field');
  field.append(new Option('words', WORDS), new Option('saved search', SAVED), new Option('property', PROPERTY),
    ...vocabulary.fields.map((f) => new Option(f.name, f.name)));
  field.value = term.field;
  const value = document.createElement('input');
  value.setAttribute('aria-label', 'Value');
  const describe = () => {
    const known = vocabulary.fields.find((f) => f.name === term.field);
    value.placeholder = known ? known.form : 'words or "a phrase"';
    value.title = known ? known.meaning : 'found in the title or the text, ignoring case and accents';
    if (['created', 'modified', 'date', 'due', 'scheduled', 'done'].includes(term.field)) value.placeholder = DATE_HINT;
    if (term.field === SAVED) { value.placeholder = 'a saved search'; value.title = 'the notes a saved search (a smart folder) finds'; }
    if (term.field === PROPERTY) { value.placeholder = 'key:value, key:>=3, key'; value.title = 'a front-matter property: equal, compared (>, >=, <, <=) or present'; }
    if (suggestions(term.field).length) value.setAttribute('list', listID(term.field)); else value.removeAttribute('list');
  };
  describe();
  value.value = term.value;
  field.addEventListener('change', () => { term.field = field.value; describe(); changed(); });
  value.addEventListener('input', () => { term.value = value.value; changed(); });
  row.append(notToggle(term), field, value, button('×', 'Remove this condition', () => {
    parent.items.splice(parent.items.indexOf(term), 1);
    if (!parent.items.length && parent === root) root = emptyGroup();
    render();
    changed();
  }));
  return row;
}

function groupBox(group, parent) {
  const box = document.createElement('fieldset');
  box.className = 'builder-group';
  const head = document.createElement('div');
  head.className = 'builder-head';
  const match = document.createElement('select');
  match.setAttribute('aria-label', 'Match');
  match.append(new Option('all of these', 'all'), new Option('any of these', 'any'));
  match.value = group.any ? 'any' : 'all';
  match.addEventListener('change', () => { group.any = match.value === 'any'; changed(); });
  head.append(notToggle(group), match);
  if (parent) {
    head.append(button('×', 'Remove this group', () => {
      parent.items.splice(parent.items.indexOf(group), 1);
      render();
      changed();
    }));
  }
  box.append(head);
  for (const item of group.items) box.append(item.kind === 'group' ? groupBox(item, group) : termRow(item, group));
  const actions = document.createElement('div');
  actions.className = 'builder-actions';
  actions.append(
    button('+ condition', 'Add a condition', () => { group.items.push({ kind: 'term', not: false, field: WORDS, value: '' }); render(); }),
    button('+ group', 'Add a group', () => { group.items.push(emptyGroup()); render(); }),
  );
  box.append(actions);
  return box;
}

function render() {
  $('builder-tree').replaceChildren(groupBox(root, null));
}
