// The section under a note: the notes that link to it, each link with its line
// (GET /api/notes/PATH/backlinks, as `vault backlinks`), each leading to its note.

import { $, api, pathURL } from './api.js';

let request = 0;

/** Shows the links to `note` (none, a draft or an unparsed note: the section is hidden). */
export async function renderBacklinks(note) {
  const section = $('backlinks');
  const asked = ++request;
  if (!note || note.draft) {
    section.hidden = true;
    return;
  }
  let places = [];
  try {
    places = await api('GET', `/api/notes/${pathURL(note.path)}/backlinks`);
  } catch {
    places = [];  // The note itself is shown; its backlinks are a help, not worth an error.
  }
  // Another note was opened meanwhile: this answer is not for it.
  if (asked !== request) return;
  const byNote = new Map();
  for (const place of places) {
    if (!byNote.has(place.note)) byNote.set(place.note, { title: place.title, lines: [] });
    byNote.get(place.note).lines.push(place);
  }
  const items = [...byNote].map(([path, { title, lines }]) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `#/note/${encodeURIComponent(path)}`;
    link.textContent = title;
    link.className = 'backlink-note';
    const quotes = document.createElement('ul');
    for (const place of lines) {
      const quote = document.createElement('li');
      quote.className = 'backlink-line';
      quote.dir = 'auto';
      quote.textContent = place.text.trim();
      quote.title = `${path}:${place.line}`;
      quotes.append(quote);
    }
    item.append(link, quotes);
    return item;
  });
  $('backlinks-count').textContent = String(places.length);
  $('backlinks-list').replaceChildren(...items);
  section.hidden = !items.length;
}
