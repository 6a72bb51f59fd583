// The share target: another app (a phone's share sheet) opens the installed app at
// /share?title=…&text=…&url=…. Nothing is written until the user says what to make of it.

import { api, attempt, toast } from './api.js';
import { ask } from './dialogs.js';
import { go, refreshAll } from './hooks.js';

/** When the page was opened as the share target: asks, then saves a note or a task. */
export async function receiveShare() {
  if (location.pathname !== '/share') return;
  const params = new URLSearchParams(location.search);
  const shared = { title: params.get('title') || '', text: params.get('text') || '', url: params.get('url') || '' };
  // The page's own address again, so that a reload does not ask a second time.
  history.replaceState(null, '', '/');
  const preview = [shared.title, shared.text, shared.url].filter(Boolean).join('\n');
  if (!preview) return;
  const answer = await ask('Save what was shared', [{ label: 'Save as', options: ['Note', 'Task'] }], preview);
  if (!answer) return;
  const kind = answer[0] === 'Task' ? 'task' : 'note';
  const saved = await attempt(() => api('POST', '/api/share', { as: kind, ...shared }));
  if (!saved) return;
  await refreshAll();
  if (kind === 'note') {
    go(`#/note/${encodeURIComponent(saved.path)}`);
  } else {
    toast(`Added to ${saved.note}`);
    go('#/tasks');
  }
}
