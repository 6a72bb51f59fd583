// The trash: what is in it (GET /api/trash) and restoring a note from it.

import { $, api, attempt, toast } from './api.js';
import { refreshAll } from './hooks.js';

export async function showTrash() {
  $('list').hidden = true;
  $('trash-view').hidden = false;
  $('deleted-view').hidden = true;
  $('scope').textContent = 'Trash';
  const items = await attempt(() => api('GET', '/api/trash')) || [];
  $('trash-list').replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    const what = document.createElement('div');
    what.className = 'what';
    const title = document.createElement('div');
    title.textContent = item.title;
    const sub = document.createElement('div');
    sub.className = 'sub';
    sub.textContent = `${item.originalPath || '(unknown)'} · ${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'} left`;
    what.append(title, sub);
    const restore = document.createElement('button');
    restore.textContent = 'Restore';
    restore.addEventListener('click', async () => {
      const done = await attempt(() => api('POST', '/api/trash/restore', { name: item.name }));
      if (done) { toast(`Restored ${done.path}`); await refreshAll(); showTrash(); }
    });
    li.append(what, restore);
    return li;
  }));
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = 'The trash is empty';
    $('trash-list').append(li);
  }
}
