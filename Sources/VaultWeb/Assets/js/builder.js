// The query builder: a form that writes query text into the search box, and the folder
// and tag choices it (and the note's Move) offers.

import { $ } from './api.js';
import { state } from './state.js';
import { flatten } from './sidebar.js';
import { onSearch } from './navigation.js';

export function fillBuilderOptions() {
  const tags = $('builder-tag');
  const folders = $('builder-folder');
  tags.replaceChildren(new Option('any', ''), ...flatten(state.home.tags).map((node) => new Option(node.path, node.path)));
  folders.replaceChildren(new Option('any', ''), new Option('Unsorted', '/'), ...flatten(state.home.folders).map((node) => new Option(node.path, node.path)));
}

export function fillMoveOptions() {
  const move = $('move');
  move.replaceChildren(new Option('Unsorted', ''), ...flatten(state.home.folders).map((node) => new Option(node.path, node.path)));
  if (state.open) move.value = state.open.folder;
}

export function writeQuery(event) {
  event.preventDefault();
  const quote = (value) => (/[\s()"]/.test(value) ? `"${value}"` : value);
  const parts = [];
  if ($('builder-tag').value) parts.push(`tag:${quote($('builder-tag').value)}`);
  if ($('builder-folder').value) parts.push(`folder:${quote($('builder-folder').value)}`);
  if ($('builder-pinned').checked) parts.push('is:pinned');
  if ($('builder-date').value.trim()) parts.push(`${$('builder-date-field').value}:${$('builder-date').value.trim()}`);
  $('search').value = parts.join(' ');
  onSearch();
}
