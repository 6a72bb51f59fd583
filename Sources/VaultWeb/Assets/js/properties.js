// The properties panel above the note's body in the editor: its tags (chips to add and
// remove), pinned, folder and dates, and the whole front matter as raw YAML on request.
//
// Tags, pin and folder change through the note's PATCH (the minimal front-matter edits of
// `vault tag add`, `pin` and `mv`): only the line of that key changes in the file. The
// dates are shown, not edited here (`modified` is vault's to set; `created` and
// `sortDate` are changed, rarely, in Raw). Raw edits the YAML between the delimiter lines,
// which are kept as the file has them; it is saved with the body, as typed, so every key
// not touched stays byte for byte.

import { $ } from './api.js';
import { fullDate } from './dates.js';
import { colorClass, flatten } from './helpers.js';
import { state } from './state.js';

/** The front matter as the editor holds it: the raw YAML in the panel's text area, between
 *  the file's own delimiter lines (a BOM, `...`, CRLF kept). */
let opening = '';
let closing = '';

export const rawFrontMatter = {
  get element() { return $('front-matter'); },
  /** Where the YAML starts in the whole text: the text area's offsets follow it. */
  get start() { return opening.length; },
  /** The block, delimiters included; "" when the note has none and none was typed. */
  get value() {
    let yaml = $('front-matter').value;
    if (!opening && !yaml.trim()) return '';
    // YAML typed into a note that had no front matter: a block is made for it.
    const [open, close] = opening ? [opening, closing] : ['---\n', '---\n'];
    if (yaml && !yaml.endsWith('\n')) yaml += open.endsWith('\r\n') ? '\r\n' : '\n';
    return open + yaml + close;
  },
  set value(block) {
    if (!block) {
      [opening, closing] = ['', ''];
      $('front-matter').value = '';
      return;
    }
    opening = block.slice(0, block.indexOf('\n') + 1);
    const last = block.lastIndexOf('\n', block.length - 2) + 1;
    closing = block.slice(Math.max(last, opening.length));
    $('front-matter').value = block.slice(opening.length, block.length - closing.length);
    fitRaw();
  },
};

/** The raw YAML shown whole, up to 30 lines (then it scrolls). */
function fitRaw() {
  const raw = $('front-matter');
  raw.rows = Math.min(30, raw.value.split('\n').length + 1);
}

/** Wires the panel's controls to `change` (note.js's changeNote: a PATCH of the note). */
export function mountProperties(change) {
  $('prop-pinned').addEventListener('change', () => change({ pinned: $('prop-pinned').checked }));
  $('prop-folder').addEventListener('change', () => change({ folder: $('prop-folder').value || '/' }));
  $('prop-tag-input').addEventListener('keydown', (event) => {
    const input = event.target;
    if (event.key === 'Enter' && input.value.trim()) {
      event.preventDefault();
      change({ addTags: [input.value.trim().replace(/^#/, '')] });
    }
  });
  $('prop-tags').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-tag]');
    if (button) change({ removeTags: [button.dataset.tag] });
  });
  $('front-matter').addEventListener('input', fitRaw);
  $('raw-toggle').addEventListener('click', () => {
    const raw = !$('raw-toggle').classList.contains('on');
    $('raw-toggle').classList.toggle('on', raw);
    $('raw-toggle').setAttribute('aria-pressed', String(raw));
    $('front-matter').hidden = !raw;
    $('property-fields').hidden = raw;
    if (raw) $('front-matter').focus();
  });
}

/** Shows the open note's properties; the panel only while editing a note that is a file
 *  (a new note has none until its first save) and whose front matter parses. */
export function renderProperties(note, editing) {
  const panel = $('properties');
  panel.hidden = !editing || !note || Boolean(note.draft);
  if (panel.hidden) return;
  const broken = Boolean(note.error);
  $('property-fields').classList.toggle('unreadable', broken);
  for (const id of ['prop-pinned', 'prop-folder', 'prop-tag-input']) $(id).disabled = broken;
  $('prop-pinned').checked = Boolean(note.pinned);
  const folder = $('prop-folder');
  folder.replaceChildren(...[...$('move').options].map((option) => new Option(option.textContent, option.value)));
  folder.value = note.folder;
  const chips = (note.tags || []).map((tag) => {
    const node = state.home && flatten(state.home.tags).find((candidate) => candidate.path.toLowerCase() === tag.toLowerCase());
    const chip = document.createElement('span');
    chip.className = `chip ${colorClass(node && node.color)}`;
    chip.textContent = `#${tag}`;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = '×';
    remove.dataset.tag = tag;
    remove.title = `Remove #${tag}`;
    remove.setAttribute('aria-label', `Remove tag ${tag}`);
    chip.append(remove);
    return chip;
  });
  $('prop-tag-input').value = '';
  $('prop-tags').replaceChildren(...chips, $('prop-tag-input'));
  for (const key of ['created', 'modified', 'sortDate']) {
    const time = $(`prop-${key}`);
    time.textContent = note[key] ? fullDate(note[key]) : '';
    time.dateTime = note[key] || '';
  }
}
