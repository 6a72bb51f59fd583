// The note editor: the body in CodeMirror 5 (Debian's libjs-codemirror, embedded in the
// binary: see Sources/CodeMirrorAssets), Markdown styled as it is typed (headings larger,
// emphasis shown, the marks kept visible and muted, as Obsidian's source mode does), and a
// formatting toolbar whose buttons and shortcuts insert Markdown at the selection.
//
// `noteText` is what note.js edits: it reads and writes like the text area it replaced,
// holding the whole file, as the front matter (properties.js, kept byte for byte) followed
// by the body (CodeMirror). Autosave, conflicts and renames work on that whole text.

import './codemirror.js';
import './codemirror-markdown.js';
import './codemirror-continuelist.js';
import './codemirror-placeholder.js';
import { $ } from './api.js';
import { state } from './state.js';
import { rawFrontMatter } from './properties.js';

const CodeMirror = globalThis.CodeMirror;
let cm = null;
let shownPath;

/** Above this many characters a note is "large": CodeMirror lays out only the lines in
 *  sight (a 546 KB note laid out whole took 5 s to open and 680 ms a keystroke), inside
 *  an editor of the pane's height that scrolls itself, and Markdown is not styled (the
 *  mode's parse of the text before each change would block typing). */
export const LARGE_NOTE = 100_000;
const MODE = { name: 'markdown', highlightFormatting: true, taskLists: true, strikethrough: true, xml: false, fencedCodeBlockHighlighting: false };

/** Each action of the toolbar: its label, what it says, its shortcut and what it does. */
const ACTIONS = [
  { name: 'bold', label: 'B', title: 'Bold', keys: ['Ctrl-B', 'Cmd-B'], run: () => wrap('**', '**', 'bold text') },
  { name: 'italic', label: 'I', title: 'Italic', keys: ['Ctrl-I', 'Cmd-I'], run: () => wrap('*', '*', 'italic text') },
  { name: 'heading', label: 'H', title: 'Heading', keys: [], run: () => cycleHeading() },
  { name: 'bullets', label: '•', title: 'Bulleted list', keys: ['Shift-Ctrl-8', 'Shift-Cmd-8'], run: () => toggleLines('- ') },
  { name: 'checklist', label: '☐', title: 'Checklist', keys: ['Shift-Ctrl-9', 'Shift-Cmd-9'], run: () => toggleLines('- [ ] ') },
  { name: 'link', label: '↗', title: 'Link', keys: ['Ctrl-K', 'Cmd-K'], run: () => link() },
  { name: 'code', label: '</>', title: 'Code', keys: [], run: () => code() },
];

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/** Builds the editor into #editor: the toolbar, then CodeMirror. Called once at start. */
export function mountEditor(onChange) {
  const host = $('editor');
  const toolbar = document.createElement('div');
  toolbar.className = 'editor-toolbar';
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', 'Formatting');
  const extraKeys = { Enter: 'newlineAndIndentContinueMarkdownList' };
  for (const action of ACTIONS) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `format-${action.name}`;
    button.textContent = action.label;
    const shortcut = action.keys.find((key) => key.includes(isMac ? 'Cmd' : 'Ctrl'));
    const said = shortcut ? `${action.title} (${shortcut.replace('Shift-', '⇧').replace('Cmd-', '⌘').replace('Ctrl-', 'Ctrl-')})` : action.title;
    button.title = said;
    button.setAttribute('aria-label', said);
    // The editor keeps its selection and focus: the button acts on it.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => { action.run(); cm.focus(); });
    toolbar.append(button);
    for (const key of action.keys) extraKeys[key] = () => action.run();
  }
  const body = document.createElement('div');
  body.className = 'editor-body';
  host.append(toolbar, body);
  cm = CodeMirror(body, {
    mode: MODE,
    lineWrapping: true,
    // A content-editable element, not CodeMirror's hidden text area: screen readers read
    // it, phones' keyboards, dictation and IME work on it as on any text.
    inputStyle: 'contenteditable',
    spellcheck: true,
    autocorrect: true,
    autocapitalize: true,
    // The whole note is laid out, as the text area was: the page scrolls it, and it grows.
    viewportMargin: Infinity,
    screenReaderLabel: 'Note text',
    indentUnit: 2,
    tabSize: 4,
    extraKeys: CodeMirror.normalizeKeyMap(extraKeys),
  });
  cm.on('changes', (_, changes) => {
    // A change made by the page itself (a note loaded) is not an edit.
    if (changes.some((change) => change.origin !== 'setValue' && change.origin !== 'server')) onChange();
  });
  rawFrontMatter.element.addEventListener('input', onChange);
  return cm;
}

/** The whole text the editor holds, as a text area would give it: the front matter as the
 *  properties panel holds it, then the body. Selections are offsets into that text. */
export const noteText = {
  get value() { return rawFrontMatter.value + cm.getValue(); },
  set value(text) {
    const front = frontMatterOf(text);
    rawFrontMatter.value = front;
    const body = text.slice(front.length);
    const path = state.open && state.open.path;
    const another = path !== shownPath;
    shownPath = path;
    if (cm.getValue() === body) {
      // The same text (a note renamed, or read again): the caret and the undo history stay.
    } else if (another) {
      // Another note: its own text, and nothing of the last one's to undo.
      fitSize(body.length);
      cm.setValue(body);
      cm.clearHistory();
    } else {
      // The same note as the server wrote it: only what differs is replaced, so that the
      // caret, the scroll and the undo history stay.
      replaceDiffering(body);
    }
  },
  get hidden() { return $('editor').hidden; },
  set hidden(hidden) {
    $('editor').hidden = hidden;
    // CodeMirror measures itself when shown.
    if (!hidden) cm.refresh();
  },
  set placeholder(text) { cm.setOption('placeholder', text); },
  hasFocus() { return cm.hasFocus() || document.activeElement === rawFrontMatter.element; },
  focus() { cm.focus(); },
  get selectionStart() { return selection()[0]; },
  get selectionEnd() { return selection()[1]; },
  setSelectionRange(from, to) {
    const [raw, start, length] = [rawFrontMatter.element, rawFrontMatter.start, rawFrontMatter.value.length];
    if (document.activeElement === raw) {
      raw.setSelectionRange(Math.max(0, Math.min(from, length) - start), Math.max(0, Math.min(to, length) - start));
    } else {
      cm.setSelection(cm.posFromIndex(Math.max(0, from - length)), cm.posFromIndex(Math.max(0, to - length)));
    }
  },
};

/** Where a text given to the editor splits into front matter and body: as the server read
 *  it (the open note's `frontMatter`), or where it split before when the text still starts
 *  with that (typed in the raw front matter since); else it is all body. */
function frontMatterOf(text) {
  const candidates = [state.open && state.open.frontMatter, rawFrontMatter.value];
  return candidates.find((front) => front && text.startsWith(front)) || '';
}

/** A large note is laid out only where it is seen, and not styled (LARGE_NOTE). */
function fitSize(length) {
  const large = length > LARGE_NOTE;
  if (large === $('editor').classList.contains('editor-large')) return;
  $('editor').classList.toggle('editor-large', large);
  cm.setOption('viewportMargin', large ? 20 : Infinity);
  cm.setOption('mode', large ? 'text/plain' : MODE);
}

/** Replaces the lines of the body that differ from `body`, each stretch apart, as changes
 *  of the page's own (origin `server`: not an edit to save): a merge that brought a line
 *  written elsewhere leaves the caret, the scroll and the undo history where they were. */
function replaceDiffering(body) {
  const now = cm.getValue();
  const [a, b] = [now.split('\n'), body.split('\n')];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const [middleA, middleB] = [a.slice(start, a.length - end), b.slice(start, b.length - end)];
  // The stretches where the lines differ, bottom first so that line numbers above hold.
  const hunks = middleA.length * middleB.length <= 4_000_000 ? lineHunks(middleA, middleB) : [[0, middleA.length, 0, middleB.length]];
  cm.operation(() => {
    for (const [fromA, toA, fromB, toB] of hunks.reverse()) {
      const [lineFrom, lineTo] = [start + fromA, start + toA];
      const text = middleB.slice(fromB, toB);
      if (lineTo < a.length) {
        cm.replaceRange(text.map((line) => `${line}\n`).join(''), { line: lineFrom, ch: 0 }, { line: lineTo, ch: 0 }, 'server');
      } else {
        // To the end: no line after it to anchor on.
        const last = { line: a.length - 1, ch: a[a.length - 1].length };
        if (text.length && lineFrom < a.length) cm.replaceRange(text.join('\n'), { line: lineFrom, ch: 0 }, last, 'server');
        else if (lineFrom > 0) cm.replaceRange(text.map((line) => `\n${line}`).join(''), { line: lineFrom - 1, ch: a[lineFrom - 1].length }, last, 'server');
        else cm.replaceRange(text.join('\n'), { line: 0, ch: 0 }, last, 'server');
      }
    }
  });
  // Never a text other than the server's: were the stretches misread, the whole of it.
  if (cm.getValue() !== body) cm.setValue(body);
}

/** The stretches [fromA, toA, fromB, toB) where lines `a` and `b` differ (a longest common
 *  subsequence of lines). */
function lineHunks(a, b) {
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const hunks = [];
  let [i, j] = [0, 0];
  let open = null;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      if (open) { hunks.push([open[0], i, open[1], j]); open = null; }
      i += 1; j += 1;
    } else {
      if (!open) open = [i, j];
      if (j < b.length && (i >= a.length || common[i][j + 1] >= common[i + 1][j])) j += 1; else i += 1;
    }
  }
  if (open) hunks.push([open[0], i, open[1], j]);
  return hunks;
}

/** `text` typed at the caret (a dropped file's link): on a line of its own when the caret
 *  is inside a line's text, one undo step, saved as any edit. */
export function insertAtCaret(text) {
  const at = cm.getCursor();
  const line = cm.getLine(at.line);
  const before = at.ch > 0 && line.slice(0, at.ch).trim() ? '\n' : '';
  const after = line.slice(at.ch).trim() ? '\n' : '';
  cm.replaceRange(before + text + after, at, at, '+input');
  cm.focus();
}

function selection() {
  const [raw, start] = [rawFrontMatter.element, rawFrontMatter.start];
  if (document.activeElement === raw) return [start + raw.selectionStart, start + raw.selectionEnd];
  const length = rawFrontMatter.value.length;
  const range = cm.listSelections()[0];
  const [a, b] = [cm.indexFromPos(range.anchor), cm.indexFromPos(range.head)];
  return [length + Math.min(a, b), length + Math.max(a, b)];
}

// ---- What the toolbar does: each a single undo step, acting on every selection.

/** Wraps each selection in `before` and `after` (bold, italic, code), or unwraps it when
 *  it is wrapped already; an empty selection gets `placeholder`, selected, to type over. */
function wrap(before, after, placeholder) {
  cm.operation(() => {
    const ranges = cm.listSelections().map((range) => {
      const [from, to] = ordered(range);
      const text = cm.getRange(from, to);
      const outside = [cm.getRange(cm.posFromIndex(cm.indexFromPos(from) - before.length), from), cm.getRange(to, cm.posFromIndex(cm.indexFromPos(to) + after.length))];
      if (text && outside[0] === before && outside[1] === after) {
        const start = cm.indexFromPos(from) - before.length;
        cm.replaceRange(text, cm.posFromIndex(start), cm.posFromIndex(cm.indexFromPos(to) + after.length));
        return [start, start + text.length];
      }
      const inner = text || placeholder;
      const start = cm.indexFromPos(from);
      cm.replaceRange(before + inner + after, from, to);
      return [start + before.length, start + before.length + inner.length];
    });
    select(ranges);
  });
}

/** Each line of the selection becomes an item of a list (`- `, `- [ ] `), or stops being
 *  one when every line already is; another list or heading mark is replaced. */
function toggleLines(mark) {
  const marks = /^(\s*)(?:[-*+] \[[ xX/-]\] |[-*+] |\d+[.)] |#{1,6} )?/;
  cm.operation(() => {
    const lines = selectedLines();
    const every = lines.every((line) => cm.getLine(line).replace(/^\s*/, '').startsWith(mark));
    for (const line of lines) {
      const text = cm.getLine(line);
      const [whole, indent] = text.match(marks);
      const rest = text.slice(whole.length);
      const replaced = every ? indent + rest : indent + mark + rest;
      cm.replaceRange(replaced, { line, ch: 0 }, { line, ch: text.length });
    }
  });
}

/** The line becomes a heading, then a smaller one, then text again (# → ## → ### → none). */
function cycleHeading() {
  cm.operation(() => {
    for (const line of selectedLines()) {
      const text = cm.getLine(line);
      const [whole, hashes = ''] = text.match(/^(#{1,6}) |^/);
      const next = hashes.length === 0 ? '# ' : hashes.length < 3 ? `${hashes}# ` : '';
      cm.replaceRange(next, { line, ch: 0 }, { line, ch: whole.length });
    }
  });
}

/** `[text](url)`, the url selected to type over; a selected URL becomes the link's target
 *  and the caret goes to its text. */
function link() {
  cm.operation(() => {
    const ranges = cm.listSelections().map((range) => {
      const [from, to] = ordered(range);
      const text = cm.getRange(from, to);
      const start = cm.indexFromPos(from);
      if (/^[a-z][a-z0-9+.-]*:\S*$/i.test(text)) {
        cm.replaceRange(`[](${text})`, from, to);
        return [start + 1, start + 1];
      }
      cm.replaceRange(`[${text || 'text'}](url)`, from, to);
      const url = start + (text || 'text').length + 3;
      return text ? [url, url + 3] : [start + 1, start + 5];
    });
    select(ranges);
  });
}

/** Code: inline `` `code` `` within a line, a fenced block around several lines. */
function code() {
  const [from, to] = ordered(cm.listSelections()[0]);
  if (from.line === to.line) return wrap('`', '`', 'code');
  cm.operation(() => {
    const end = { line: to.line, ch: cm.getLine(to.line).length };
    cm.replaceRange(`${cm.getLine(to.line)}\n\`\`\``, { line: to.line, ch: 0 }, end);
    cm.replaceRange('```\n', { line: from.line, ch: 0 });
  });
  return undefined;
}

function ordered(range) {
  return CodeMirror.cmpPos(range.anchor, range.head) <= 0 ? [range.anchor, range.head] : [range.head, range.anchor];
}

function selectedLines() {
  const lines = new Set();
  for (const range of cm.listSelections()) {
    const [from, to] = ordered(range);
    // A selection that ends at the start of a line does not take that line.
    const last = to.ch === 0 && to.line > from.line ? to.line - 1 : to.line;
    for (let line = from.line; line <= last; line++) lines.add(line);
  }
  return [...lines];
}

function select(ranges) {
  cm.setSelections(ranges.map(([from, to]) => ({ anchor: cm.posFromIndex(from), head: cm.posFromIndex(to) })));
}
