// Dialogs: the one `ask` that every question uses; the actions on a folder or a tag
// (rename, colour, merge, delete), a new folder, and the tag history.

import { $, api, attempt, toast } from './api.js';
import { state } from './state.js';
import { vocabulary } from './vocabulary.js';
import { fullDate } from './dates.js';
import { go, refreshAll } from './hooks.js';

/** Shows a dialog with `fields` (label → input); resolves to their values, or null. */
export function ask(title, fields = [], intro = '') {
  const dialog = $('dialog');
  $('dialog-title').textContent = title;
  const body = $('dialog-body');
  body.replaceChildren();
  if (intro) {
    const p = document.createElement('p');
    p.textContent = intro;
    body.append(p);
  }
  const inputs = fields.map((field) => {
    const label = document.createElement('label');
    label.textContent = field.label;
    let input;
    if (field.options) {
      input = document.createElement('select');
      for (const option of field.options) input.append(new Option(option, option));
    } else {
      input = document.createElement('input');
    }
    // A choice without a value keeps its first option (a select given '' shows none).
    if (!field.options || field.value) input.value = field.value || '';
    label.append(input);
    body.append(label);
    return input;
  });
  dialog.returnValue = '';
  dialog.showModal();
  if (inputs[0]) inputs[0].focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok' ? inputs.map((input) => input.value) : null);
    }, { once: true });
  });
}

export async function tagMenu(node) {
  const answer = await ask(`Tag #${node.path}`, [
    { label: 'Rename to', value: node.path },
    { label: 'Colour', value: node.color || 'gray', options: vocabulary.palette },
  ]);
  if (!answer) return;
  const [to, color] = answer;
  if (color !== (node.color || 'gray')) await attempt(() => api('POST', '/api/tags/color', { tag: node.path, color }));
  if (to && to !== node.path) {
    try {
      const preview = await api('POST', '/api/tags/rename', { from: node.path, to, dryRun: true });
      const confirmed = await ask(`Rename #${node.path} to #${to}?`, [], `${notes(preview.count)} will change.`);
      if (confirmed && await api('POST', '/api/tags/rename', { from: node.path, to })) followTag(node.path, to);
    } catch (error) {
      if (error.status === 409) {
        const preview = await attempt(() => api('POST', '/api/tags/merge', { sources: [node.path], into: to, dryRun: true }));
        const merge = preview && await ask(`Merge #${node.path} into #${to}?`, [], `#${to} exists. ${notes(preview.count)} will change; the merge can be split later from the tag history.`);
        if (merge && await attempt(() => api('POST', '/api/tags/merge', { sources: [node.path], into: to }))) followTag(node.path, to);
      } else {
        toast(error.message);
      }
    }
  }
  refreshAll();
}

function notes(count) {
  return `${count} note${count === 1 ? '' : 's'}`;
}

/** A renamed or merged tag that the list shows (or a tag under it): the list goes with it,
 *  rather than stay on a tag no note has any more. */
function followTag(from, to) {
  const { kind, value } = state.scope;
  if (kind !== 'tag') return;
  const [shown, old] = [value.toLowerCase(), from.toLowerCase()];
  if (shown === old || shown.startsWith(`${old}/`)) go(`#/tag/${encodeURIComponent(to + value.slice(from.length))}`);
}

export async function folderMenu(node) {
  const answer = await ask(`Folder ${node.path}`, [
    { label: 'Rename to', value: node.path },
    { label: 'Colour', value: node.color || 'gray', options: vocabulary.palette },
    { label: 'Delete (type DELETE to move its notes to the trash)', value: '' },
  ]);
  if (!answer) return;
  const [to, color, remove] = answer;
  if (remove === 'DELETE') {
    await attempt(() => api('POST', '/api/folders/delete', { folder: node.path }));
    go('#/');
  } else {
    if (color !== (node.color || 'gray')) await attempt(() => api('POST', '/api/folders/color', { folder: node.path, color }));
    if (to && to !== node.path) {
      const done = await attempt(() => api('POST', '/api/folders/rename', { from: node.path, to }));
      if (done) go(`#/folder/${encodeURIComponent(done.path)}`);
    }
  }
  refreshAll();
}

export async function newFolder() {
  const answer = await ask('New folder', [{ label: 'Name (Folder or Folder/Subfolder)' }]);
  if (answer && answer[0]) {
    const done = await attempt(() => api('POST', '/api/folders', { name: answer[0] }));
    if (done) { await refreshAll(); go(`#/folder/${encodeURIComponent(done.path)}`); }
  }
}

export async function tagHistory() {
  const records = await attempt(() => api('GET', '/api/tags/history')) || [];
  const dialog = $('dialog');
  $('dialog-title').textContent = 'Tag history';
  const list = document.createElement('ul');
  // A merge that a split already took back is not offered again (the API refuses it).
  const split = new Set(records.filter((record) => record.kind === 'split').map((record) => record.undoes));
  for (const record of records.slice().reverse()) {
    const li = document.createElement('li');
    li.textContent = `${fullDate(record.time)} · ${record.kind} ${record.sources.join(', ')} → ${record.target} · ${notes(record.notes)}${record.interrupted ? ' (interrupted)' : ''}${split.has(record.id) ? ' · split' : ''} `;
    if (record.kind === 'merge' && !split.has(record.id)) {
      const split = document.createElement('button');
      split.textContent = 'Split';
      split.addEventListener('click', async () => {
        const done = await attempt(() => api('POST', '/api/tags/split', { id: record.id }));
        if (done) { toast(`Split: ${notes(done.count)} changed`); dialog.close(); refreshAll(); }
      });
      li.append(split);
    }
    list.append(li);
  }
  if (!records.length) list.textContent = 'No tag operations yet.';
  $('dialog-body').replaceChildren(list);
  dialog.showModal();
}
