// The sidebar: places, and the folder and tag trees with their counts and colours
// (GET /api/home).

import { $, api, attempt } from './api.js';
import { state } from './state.js';
import { folderMenu, tagMenu } from './dialogs.js';
import { fillBuilderOptions, fillMoveOptions } from './builder.js';
import { go } from './hooks.js';
import { colorClass, flatten } from './helpers.js';
import { loadSearches, renderSearches } from './searches.js';

function row({ name, count, color, selected, onSelect, menu }) {
  const li = document.createElement('li');
  const button = document.createElement('button');
  button.className = 'row' + (selected ? ' selected' : '');
  const dot = document.createElement('span');
  dot.className = `dot ${colorClass(color)}`;
  const label = document.createElement('span');
  label.className = 'name';
  label.textContent = name;
  const number = document.createElement('span');
  number.className = 'count';
  number.textContent = count ?? '';
  button.append(dot, label, number);
  if (menu) {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = '…';
    more.title = 'Actions';
    more.addEventListener('click', (event) => { event.stopPropagation(); menu(); });
    button.append(more);
  }
  button.addEventListener('click', onSelect);
  button.addEventListener('contextmenu', (event) => { if (menu) { event.preventDefault(); menu(); } });
  li.append(button);
  return li;
}

function isScope(kind, value = '') {
  return state.scope.kind === kind && state.scope.value === value;
}

export function renderSidebar() {
  const home = state.home;
  if (!home) return;
  const places = $('places');
  places.replaceChildren(
    row({ name: 'All Notes', count: home.notes, selected: isScope('all'), onSelect: () => go('#/') }),
    row({ name: 'All Pinned Notes', count: home.pinned, selected: isScope('pinned'), onSelect: () => go('#/pinned') }),
    row({ name: 'Unsorted Notes', count: home.unsorted, selected: isScope('unsorted'), onSelect: () => go('#/unsorted') }),
  );
  const tree = (nodes, kind, menu) => nodes.map((node) => {
    const li = row({
      name: node.name, count: node.count, color: node.color, selected: isScope(kind, node.path),
      onSelect: () => go(`#/${kind}/${encodeURIComponent(node.path)}`), menu: () => menu(node),
    });
    if (node.children.length) {
      const ul = document.createElement('ul');
      ul.className = 'tree';
      ul.append(...tree(node.children, kind, menu));
      li.append(ul);
    }
    return li;
  });
  $('folders').replaceChildren(...tree(home.folders, 'folder', folderMenu));
  $('tags').replaceChildren(...tree(home.tags, 'tag', tagMenu));
  $('trash-count').textContent = home.trash;
  $('trash-row').classList.toggle('selected', isScope('trash'));
  $('deleted-row').classList.toggle('selected', isScope('deleted'));
  $('tasks-row').classList.toggle('selected', isScope('tasks'));
  renderSearches();
  fillBuilderOptions();
  fillMoveOptions();
}

export async function loadHome() {
  // The smart folders' counts change with the notes: read with the sidebar.
  const [home] = await Promise.all([attempt(() => api('GET', '/api/home')), loadSearches()]);
  if (home) {
    state.home = home;
    renderSidebar();
  }
}
