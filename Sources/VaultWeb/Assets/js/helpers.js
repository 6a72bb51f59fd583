// Pure helpers the views share: they read `state` at most and import no view, so that any
// module may use them without an import circle.

import { state } from './state.js';

export function colorClass(color) {
  return color ? `c-${color}` : '';
}

export function flatten(nodes) {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The hash of what the list shows (its scope, or the search), without a note. */
export function listHash() {
  const { kind, value } = state.scope;
  if (state.query) return `#/search/${encodeURIComponent(state.query)}`;
  if (['pinned', 'unsorted', 'tasks', 'trash', 'deleted'].includes(kind)) return `#/${kind}`;
  if (kind === 'folder' || kind === 'tag' || kind === 'saved') return `#/${kind}/${encodeURIComponent(value)}`;
  return '#/';
}

/** Query text for the sidebar's selection, so people see the language. */
function scopeQuery() {
  const quote = (value) => (/[\s()"]/.test(value) ? `"${value.replace(/"/g, '\\"')}"` : value);
  switch (state.scope.kind) {
    case 'pinned': return 'is:pinned';
    case 'unsorted': return 'folder:/';
    case 'folder': return `folder:${quote(state.scope.value)}`;
    case 'tag': return `tag:${quote(state.scope.value)}`;
    case 'saved': return `@"${state.scope.value}"`;
    default: return '';
  }
}

/** The query the list shows: the sidebar's scope and the search box. */
export function effectiveQuery() {
  const typed = state.query.trim();
  const scope = scopeQuery();
  if (scope && typed) return `${scope} (${typed})`;
  return scope || typed;
}
