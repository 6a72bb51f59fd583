// The words the page offers (the palette of colours, the task priorities and their signs),
// served by GET /api/vocabulary and loaded once before the page starts.

import { api, attempt } from './api.js';

// Served by the API (`GET /api/vocabulary`), so that the page and vault agree. An object,
// not `let`s: the modules that import it see what loadVocabulary puts in.
export const vocabulary = { palette: [], priorities: [], prioritySigns: {}, fields: [], dateFormat: '' };

export async function loadVocabulary() {
  const served = await attempt(() => api('GET', '/api/vocabulary')) || { palette: [], priorities: [], fields: [] };
  vocabulary.palette = served.palette;
  vocabulary.priorities = served.priorities.map((priority) => priority.name);
  vocabulary.fields = served.fields || [];
  vocabulary.dateFormat = served.dateFormat || '';
  vocabulary.prioritySigns = Object.fromEntries(served.priorities.map((priority) => [priority.name, priority.sign]));
}
