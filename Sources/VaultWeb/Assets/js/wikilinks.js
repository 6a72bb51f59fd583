// Wiki links in a rendered note beyond "open that note": a link to a heading or a block
// (`[[Roadmap#Q1 2027]]`, `[[Note#^id]]`, the server writes data-heading / data-block)
// scrolls the opened note there, and a link to no note (a button with data-create) creates
// it, in the vault's root as Obsidian does by default ("Default location for new notes":
// the vault folder), or in the folder the link names (`[[Work/Plan]]`), and opens it.

import { $, api, attempt } from './api.js';
import { go, refreshAll } from './hooks.js';

let pending = null;  // { heading } or { block }: where to scroll once the note is drawn

/** Wires the rendered note's wiki links; called once by app.js. */
export function wireWikiLinks() {
  const body = $('note-body');
  // Captured before the link is followed (note.js's followLink and the browser).
  body.addEventListener('click', (event) => {
    const create = event.target.closest('button.wikilink.broken[data-create]');
    if (create) {
      event.preventDefault();
      createNote(create.dataset.create);
      return;
    }
    const link = event.target.closest('a.wikilink');
    if (!link || !(link.dataset.heading || link.dataset.block)) return;
    pending = { heading: link.dataset.heading, block: link.dataset.block };
    // A place in this note (`[[#Heading]]`), or the note already open: scroll now.
    if (link.getAttribute('href') === '#' || link.getAttribute('href') === location.hash) {
      event.preventDefault();
      scrollToPending();
    }
  }, true);
  // The opened note is drawn by replacing the body: then its place is there to scroll to.
  new MutationObserver(() => { if (pending) scrollToPending(); }).observe(body, { childList: true });
}

function scrollToPending() {
  const target = pending && find(pending);
  if (!target) return;
  pending = null;
  target.tabIndex = -1;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/** The heading whose text is `heading` (case aside), or the block whose text ends `^block`. */
function find({ heading, block }) {
  const body = $('note-body');
  if (heading) {
    const wanted = heading.trim().toLowerCase();
    return [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')].find((element) => element.textContent.trim().toLowerCase() === wanted);
  }
  if (block) {
    const mark = `^${block}`;
    return [...body.querySelectorAll('p, li, blockquote, td')].find((element) => element.textContent.trim().endsWith(mark));
  }
  return null;
}

async function createNote(name) {
  const slash = name.lastIndexOf('/');
  const folder = slash > 0 ? name.slice(0, slash) : '';
  const title = slash >= 0 ? name.slice(slash + 1) : name;
  const note = await attempt(() => api('POST', '/api/notes', { folder, text: `# ${title}\n` }));
  if (!note) return;
  await refreshAll();
  go(`#/note/${encodeURIComponent(note.path)}`);
}
