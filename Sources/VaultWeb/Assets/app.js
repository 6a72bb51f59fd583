// vault serve: the page. Plain JavaScript, no build step. State lives in `state`; the
// URL hash says what is shown (#/folder/Work, #/tag/work, #/note/PATH, #/trash,
// #/search/QUERY) so that reload and back/forward work. The server is the truth: after
// every change the page asks it again rather than guessing.
'use strict';

const $ = (id) => document.getElementById(id);
const csrf = document.querySelector('meta[name="csrf-token"]').content;
const PAGE = 100;

const state = {
  home: null,          // GET /api/home
  scope: { kind: 'all', value: '' }, // what the sidebar selected
  query: '',           // the search box
  notes: [],           // loaded rows of the list
  total: 0,
  loading: false,
  open: null,          // the note shown: GET /api/notes/PATH
  editing: false,
  dirty: false,        // the editor has text not saved yet
  saveTimer: null,
  listRequest: 0,      // only the latest list request may render
  tasks: { by: 'due', show: 'open', data: null, selected: new Set() }, // the Tasks view
};

/** How long typing pauses before an autosave; a test may lengthen it. */
const AUTOSAVE_MS = Number(localStorage.getItem('vault.autosaveMs')) || 800;

// MARK: - API

/** A note's path in a URL: each segment encoded alone. */
function pathURL(path) {
  return path.split('/').map(encodeURIComponent).join('/');
}

async function api(method, url, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (method !== 'GET') options.headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function toast(message) {
  const element = $('toast');
  element.textContent = message;
  element.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { element.hidden = true; }, 4000);
}

/** Runs an action, showing its error instead of throwing. */
async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    toast(error.message);
    return undefined;
  }
}

// MARK: - Dates, as the command line shows them

function relativeDate(iso) {
  const date = new Date(iso);
  const now = new Date();
  const startOfDay = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86400000);
  const pad = (n) => String(n).padStart(2, '0');
  if (days === 0) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return date.toLocaleDateString('en-GB', { weekday: 'long' });
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).slice(2)}`;
}

/** A date in full, day first as the list writes it: `02/11/2026 18:40`. */
function fullDate(iso) {
  const date = new Date(iso);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// MARK: - Theme

function applyTheme() {
  const choice = localStorage.getItem('vault.theme') || 'system';
  const dark = choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  $('theme').value = choice;
}

// MARK: - Sidebar

function colorClass(color) {
  return color ? `c-${color}` : '';
}

function row({ name, count, color, selected, onSelect, menu }) {
  const li = document.createElement('li');
  const button = document.createElement('button');
  button.className = 'row' + (selected ? ' selected' : '');
  const dot = document.createElement('span');
  dot.className = `dot ${colorClass(color)}`;
  const label = document.createElement('span');
  label.className = 'name';
  label.textContent = name;
  const number = document.createElement('span');
  number.className = 'count';
  number.textContent = count ?? '';
  button.append(dot, label, number);
  if (menu) {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = '…';
    more.title = 'Actions';
    more.addEventListener('click', (event) => { event.stopPropagation(); menu(); });
    button.append(more);
  }
  button.addEventListener('click', onSelect);
  button.addEventListener('contextmenu', (event) => { if (menu) { event.preventDefault(); menu(); } });
  li.append(button);
  return li;
}

function isScope(kind, value = '') {
  return state.scope.kind === kind && state.scope.value === value;
}

function renderSidebar() {
  const home = state.home;
  if (!home) return;
  const places = $('places');
  places.replaceChildren(
    row({ name: 'All Notes', count: home.notes, selected: isScope('all'), onSelect: () => go('#/') }),
    row({ name: 'All Pinned Notes', count: home.pinned, selected: isScope('pinned'), onSelect: () => go('#/pinned') }),
    row({ name: 'Unsorted Notes', count: home.unsorted, selected: isScope('unsorted'), onSelect: () => go('#/unsorted') }),
  );
  const tree = (nodes, kind, menu) => nodes.map((node) => {
    const li = row({
      name: node.name, count: node.count, color: node.color, selected: isScope(kind, node.path),
      onSelect: () => go(`#/${kind}/${encodeURIComponent(node.path)}`), menu: () => menu(node),
    });
    if (node.children.length) {
      const ul = document.createElement('ul');
      ul.className = 'tree';
      ul.append(...tree(node.children, kind, menu));
      li.append(ul);
    }
    return li;
  });
  $('folders').replaceChildren(...tree(home.folders, 'folder', folderMenu));
  $('tags').replaceChildren(...tree(home.tags, 'tag', tagMenu));
  $('trash-count').textContent = home.trash;
  $('trash-row').classList.toggle('selected', isScope('trash'));
  $('tasks-row').classList.toggle('selected', isScope('tasks'));
  fillBuilderOptions();
  fillMoveOptions();
}

function flatten(nodes) {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

async function loadHome() {
  const home = await attempt(() => api('GET', '/api/home'));
  if (home) {
    state.home = home;
    renderSidebar();
  }
}

// MARK: - The list

/** Query text for the sidebar's selection, so people see the language. */
function scopeQuery() {
  const quote = (value) => (/[\s()"]/.test(value) ? `"${value.replace(/"/g, '\\"')}"` : value);
  switch (state.scope.kind) {
    case 'pinned': return 'is:pinned';
    case 'unsorted': return 'folder:/';
    case 'folder': return `folder:${quote(state.scope.value)}`;
    case 'tag': return `tag:${quote(state.scope.value)}`;
    default: return '';
  }
}

function effectiveQuery() {
  const typed = state.query.trim();
  const scope = scopeQuery();
  if (scope && typed) return `${scope} (${typed})`;
  return scope || typed;
}

async function loadList({ append = false, keepScroll = false } = {}) {
  if (state.scope.kind === 'trash') return;
  if (state.loading && append) return;
  state.loading = true;
  const request = ++state.listRequest;
  const offset = append ? state.notes.length : 0;
  const query = effectiveQuery();
  const scroll = $('list').scrollTop;
  try {
    const page = await api('GET', `/api/notes?group=month&limit=${keepScroll ? Math.max(PAGE, state.notes.length) : PAGE}&offset=${offset}&q=${encodeURIComponent(query)}`);
    if (request !== state.listRequest) return;  // a later request answers for the list
    $('query-error').hidden = true;
    state.total = page.total;
    state.notes = append ? state.notes.concat(page.notes) : page.notes;
    renderList();
    if (keepScroll) $('list').scrollTop = scroll;
  } catch (error) {
    if (request !== state.listRequest) return;
    if (error.status === 400 && error.data.display) {
      const pre = $('query-error');
      pre.textContent = error.data.display;
      pre.hidden = false;
    } else {
      toast(error.message);
    }
    return;
  } finally {
    state.loading = false;
  }
  const scope = $('scope');
  scope.replaceChildren();
  if (query) {
    const code = document.createElement('code');
    code.textContent = query;
    scope.append(code, ` · ${state.total} note${state.total === 1 ? '' : 's'}`);
  } else {
    scope.textContent = `${state.total} notes`;
  }
}

function renderList() {
  const list = $('list');
  const rows = [];
  let group = null;
  for (const note of state.notes) {
    if (note.group !== group) {
      group = note.group;
      const heading = document.createElement('div');
      heading.className = 'group';
      heading.textContent = group;
      rows.push(heading);
    }
    rows.push(noteRow(note));
  }
  if (!rows.length) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = 'No notes';
    rows.push(empty);
  }
  list.replaceChildren(...rows);
}

function noteRow(note) {
  const element = document.createElement('div');
  element.className = 'note-row' + (state.open && state.open.path === note.path ? ' selected' : '');
  element.setAttribute('role', 'option');
  element.dataset.path = note.path;
  const title = document.createElement('div');
  title.className = 'title';
  title.textContent = (note.pinned ? '★ ' : '') + note.title;
  const line = document.createElement('div');
  line.className = 'line2';
  const date = document.createElement('span');
  date.className = 'date';
  // Grouped by month, a row shows the date it is filed under, as `vault list --group month` does.
  date.textContent = relativeDate(note.group === undefined ? note.modified : note.sortDate);
  const snippet = document.createElement('span');
  snippet.className = 'snippet';
  snippet.textContent = note.snippet || 'No additional text';
  line.append(date, snippet);
  const where = document.createElement('div');
  where.className = 'where';
  where.textContent = [note.folder || 'Unsorted', ...note.tags.map((tag) => `#${tag}`)].join(' · ')
    + (note.error ? ' · front matter does not parse' : '');
  element.append(title, line, where);
  element.addEventListener('click', () => go(`#/note/${encodeURIComponent(note.path)}`));
  return element;
}

function onListScroll() {
  const list = $('list');
  if (list.scrollTop + list.clientHeight > list.scrollHeight - 400 && state.notes.length < state.total) {
    loadList({ append: true });
  }
}

// MARK: - The note

async function openNote(path, { quiet = false } = {}) {
  if (state.open && state.open.path !== path) await leaveNote();
  const typed = $('editor').value;
  const note = await attempt(() => api('GET', `/api/notes/${pathURL(path)}`));
  if (!note) return;
  // Typed into while the disk version loaded: the typed text stays, unsaved, and its save
  // names the version it was typed on, so the server answers with both (nothing is lost).
  if (quiet && state.open && state.open.path === path && (state.dirty || $('editor').value !== typed)) {
    $('disk-notice').hidden = false;
    return;
  }
  state.open = note;
  state.dirty = false;
  $('disk-notice').hidden = true;
  $('conflict').hidden = true;
  if (!quiet) setEditing(false);
  renderNote();
  for (const element of $('list').querySelectorAll('.note-row')) {
    element.classList.toggle('selected', element.dataset.path === path);
  }
  showPane('note');
}

function renderNote() {
  const note = state.open;
  $('note-empty').hidden = Boolean(note);
  $('note').hidden = !note;
  // Actions act on the open note: with none open there is nothing to pin or delete.
  $('note-actions').hidden = !note;
  if (!note) return;
  $('note-meta').textContent = `${note.path} · created ${fullDate(note.created)} · modified ${fullDate(note.modified)}`;
  $('pin').textContent = note.pinned ? '★' : '☆';
  $('pin').title = note.pinned ? 'Unpin' : 'Pin';
  $('move').value = note.folder;
  // The server renders with raw HTML off and unsafe links dropped: this is safe to insert.
  $('note-body').innerHTML = note.html;
  if (!state.dirty) $('editor').value = note.text;
  renderTags();
}

/** Files dropped on the open note: each into the attachment folder, linked at its end. */
async function dropFiles(event) {
  event.preventDefault();
  $('note').classList.remove('dropping');
  const note = state.open;
  if (!note || !event.dataTransfer || !event.dataTransfer.files.length) return;
  if (state.dirty) await saveNow();
  let last = null;
  for (const file of event.dataTransfer.files) {
    last = await attempt(async () => {
      const response = await fetch(`/api/notes/${pathURL(note.path)}/attachments?name=${encodeURIComponent(file.name)}`, {
        method: 'POST', headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/octet-stream' }, body: file,
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.error || response.statusText);
      return data;
    }) || last;
  }
  if (last && state.open && state.open.path === note.path) {
    state.open = last;
    renderNote();
  }
}

function renderTags() {
  const note = state.open;
  const chips = note.tags.map((tag) => {
    const chip = document.createElement('span');
    const node = state.home && flatten(state.home.tags).find((candidate) => candidate.path.toLowerCase() === tag.toLowerCase());
    chip.className = `chip ${colorClass(node && node.color)}`;
    chip.textContent = `#${tag}`;
    const remove = document.createElement('button');
    remove.textContent = '×';
    remove.title = `Remove #${tag}`;
    remove.addEventListener('click', () => changeNote({ removeTags: [tag] }));
    chip.append(remove);
    return chip;
  });
  const input = document.createElement('input');
  input.className = 'chip-input';
  input.placeholder = '+ tag';
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && input.value.trim()) {
      changeNote({ addTags: [input.value.trim().replace(/^#/, '')] });
    }
  });
  $('note-tags').replaceChildren(...chips, input);
}

async function changeNote(patch) {
  if (!state.open) return;
  await saveNow();
  const note = await attempt(() => api('PATCH', `/api/notes/${pathURL(state.open.path)}`, patch));
  if (note) {
    state.open = note;
    renderNote();
    if (note.path !== decodeURIComponent(location.hash.replace('#/note/', ''))) history.replaceState(null, '', `#/note/${encodeURIComponent(note.path)}`);
    refreshAll();
  }
}

function setEditing(editing) {
  state.editing = editing;
  $('editor').hidden = !editing;
  $('note-body').hidden = editing;
  $('toggle-edit').textContent = editing ? 'Done' : 'Edit';
  if (editing) $('editor').focus();
}

function setStatus(text) {
  $('save-status').textContent = text;
}

function scheduleSave() {
  state.dirty = true;
  setStatus('Edited');
  clearTimeout(state.saveTimer);
  state.saveTimer = setTimeout(saveNow, AUTOSAVE_MS);
}

/** Saves the editor's text if it changed, naming the version it started from. */
async function saveNow() {
  clearTimeout(state.saveTimer);
  if (!state.open || !state.dirty) return true;
  const text = $('editor').value;
  setStatus('Saving…');
  try {
    const note = await api('PUT', `/api/notes/${pathURL(state.open.path)}`, { text }, { 'If-Match': state.open.version });
    state.dirty = false;
    state.open = note;
    if ($('editor').value === text) setStatus('Saved');
    else scheduleSave();
    $('note-body').innerHTML = note.html;
    return true;
  } catch (error) {
    if (error.status === 412) {
      showConflict(text, error.data.current);
    } else {
      setStatus('Not saved');
      toast(error.message);
    }
    return false;
  }
}

/** Both versions side by side; nothing is lost whichever the user keeps. */
function showConflict(mine, disk) {
  setStatus('Conflict');
  state.conflictDisk = disk;
  $('conflict-mine').value = mine;
  $('conflict-disk').value = disk.text;
  $('conflict').hidden = false;
  $('editor').hidden = true;
  $('note-body').hidden = true;
}

async function resolveConflict(text) {
  const disk = state.conflictDisk;
  try {
    const note = await api('PUT', `/api/notes/${pathURL(disk.path)}`, { text }, { 'If-Match': disk.version });
    state.open = note;
    state.dirty = false;
    $('conflict').hidden = true;
    setEditing(false);
    renderNote();
    setStatus('Saved');
  } catch (error) {
    if (error.status === 412) showConflict(text, error.data.current);
    else toast(error.message);
  }
}

/** Leaving a note saves it, and an empty one is not kept. */
async function leaveNote() {
  if (!state.open) return;
  const saved = await saveNow();
  const text = state.open.text || '';
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '').trim();
  if (saved && (body === '' || body === '# Untitled')) {
    await attempt(() => api('DELETE', `/api/notes/${pathURL(state.open.path)}`));
    state.open = null;
    refreshAll();
  }
}

async function newNote() {
  await leaveNote();
  const folder = state.scope.kind === 'folder' ? state.scope.value : '';
  const note = await attempt(() => api('POST', '/api/notes', { folder, text: '# Untitled\n\n' }));
  if (!note) return;
  await refreshAll();
  go(`#/note/${encodeURIComponent(note.path)}`);
  state.open = note;
  renderNote();
  setEditing(true);
}

// MARK: - Trash

async function showTrash() {
  $('list').hidden = true;
  $('trash-view').hidden = false;
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

// MARK: - Tasks

// Served by the API (`GET /api/vocabulary`), so that the page and vault agree.
let PRIORITIES = [];
let PRIORITY_SIGNS = {};

/** The agenda: GET /api/tasks, grouped and filtered as the switches say. */
async function showTasks() {
  const view = state.tasks;
  for (const button of $('tasks-by').children) button.classList.toggle('on', button.dataset.by === view.by);
  for (const button of $('tasks-show').children) button.classList.toggle('on', button.dataset.show === view.show);
  $('tasks-by').hidden = view.show === 'done';
  const url = `/api/tasks?by=${view.by}&show=${view.show}`;
  const data = await attempt(() => api('GET', url));
  if (!data) return;
  view.data = data;
  if (view.show === 'open') $('tasks-count').textContent = data.count;
  renderTasks();
}

function renderTasks() {
  const view = state.tasks;
  // A box being typed in is not drawn away under the typing: the list is drawn again once
  // it is left (after its own change is saved).
  const focused = document.activeElement;
  if (focused && focused.tagName === 'INPUT' && focused.type === 'date' && $('tasks-list').contains(focused)) {
    if (!view.waiting) {
      view.waiting = true;
      focused.addEventListener('blur', () => { view.waiting = false; setTimeout(renderTasks); }, { once: true });
    }
    return;
  }
  const data = view.data;
  const list = $('tasks-list');
  const known = new Set(data.groups.flatMap((group) => group.tasks.map((task) => task.ref)));
  for (const ref of view.selected) if (!known.has(ref)) view.selected.delete(ref);
  const children = [];
  for (const group of data.groups) {
    const heading = document.createElement('div');
    heading.className = 'task-group' + (group.heading === 'Overdue' ? ' overdue' : '');
    heading.textContent = `${group.heading} · ${group.count}`;
    children.push(heading, ...group.tasks.map((task) => taskRow(task, data.categories)));
  }
  const shown = data.groups.reduce((sum, group) => sum + group.tasks.length, 0);
  if (shown < data.count) {
    const more = document.createElement('div');
    more.className = 'empty';
    more.textContent = `${data.count - shown} more not shown: search with vault tasks on the command line`;
    children.push(more);
  }
  if (!children.length) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = view.show === 'done' ? 'No completed tasks' : 'No tasks. Add one above, or write - [ ] in any note.';
    children.push(empty);
  }
  list.replaceChildren(...children);
  renderBulk();
}

function taskRow(task, categories) {
  const view = state.tasks;
  const row = document.createElement('div');
  row.className = `task ${task.status}` + (view.selected.has(task.ref) ? ' selected' : '');
  row.dataset.ref = task.ref;

  const select = document.createElement('input');
  select.type = 'checkbox';
  select.className = 'select';
  select.title = 'Select (shift-click for a range)';
  select.checked = view.selected.has(task.ref);
  select.addEventListener('click', (event) => selectTask(task.ref, select.checked, event.shiftKey));

  const box = document.createElement('button');
  box.className = 'box';
  box.title = task.status === 'done' ? 'Mark as to do' : 'Mark as done';
  box.setAttribute('aria-label', box.title);
  box.addEventListener('click', () => changeTasks([task.ref], { status: task.status === 'done' ? 'todo' : 'done' }));

  const what = document.createElement('div');
  const text = document.createElement('span');
  text.className = 'text';
  // The words, with each #category as a chip in its colour and icon.
  for (const word of task.text.split(' ')) {
    const name = word.startsWith('#') ? word.slice(1) : null;
    if (name !== null && task.categories.includes(name)) {
      const style = categories[name] || {};
      const chip = document.createElement('span');
      chip.className = `chip ${colorClass(style.color)}`;
      chip.textContent = (style.icon ? style.icon + ' ' : '') + '#' + name;
      text.append(chip, ' ');
    } else {
      text.append(word + ' ');
    }
  }
  if (task.recurrence) text.append(`🔁 ${task.recurrence}`);
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${task.note}:${task.line}`;
  where.title = 'Open the note';
  where.addEventListener('click', () => go(`#/note/${encodeURIComponent(task.note)}`));
  what.append(text, where);

  const due = document.createElement('input');
  due.type = 'date';
  due.value = task.due || '';
  due.title = 'Due date';
  if (task.bucket === 'Overdue') due.classList.add('overdue');
  // Saved once the date is whole: on leaving the box or Enter, or a pick in the calendar.
  // Typed digit by digit, the box holds dates such as 0002-12-15 on the way.
  let typing = false;
  const commitDue = () => {
    typing = false;
    const value = due.value;
    if (value === (task.due || '')) return;
    if (value && !/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) {
      toast(`${value} is not a date to save; the due date stays ${task.due || 'unset'}`);
      due.value = task.due || '';
      return;
    }
    task.due = value || undefined;
    changeTasks([task.ref], { due: value || null });
  };
  due.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commitDue(); else if (event.key.length === 1 || event.key === 'Backspace') typing = true;
  });
  due.addEventListener('change', () => { if (!typing) commitDue(); });
  due.addEventListener('blur', commitDue);

  const priority = document.createElement('select');
  priority.title = 'Priority';
  for (const name of PRIORITIES) priority.append(new Option(`${PRIORITY_SIGNS[name]} ${name}`.trim(), name));
  priority.value = task.priority;
  priority.addEventListener('change', () => changeTasks([task.ref], { priority: priority.value }));

  row.append(select, box, what, due, priority);
  return row;
}

/** Selects or clears a task; with shift, every task between it and the last one clicked. */
function selectTask(ref, on, range) {
  const view = state.tasks;
  const order = view.data.groups.flatMap((group) => group.tasks.map((task) => task.ref));
  let refs = [ref];
  if (range && view.anchor && order.includes(view.anchor)) {
    const [a, b] = [order.indexOf(view.anchor), order.indexOf(ref)].sort((x, y) => x - y);
    refs = order.slice(a, b + 1);
  }
  for (const each of refs) if (on) view.selected.add(each); else view.selected.delete(each);
  view.anchor = ref;
  renderTasks();
}

function renderBulk() {
  const count = state.tasks.selected.size;
  $('task-bulk').hidden = count === 0;
  $('task-bulk-count').textContent = `${count} selected`;
}

/** POST /api/tasks/change; each task is changed in its own note's line, then the view is read again. */
async function changeTasks(refs, change) {
  const answer = await attempt(async () => {
    try {
      return await api('POST', '/api/tasks/change', { refs, ...change });
    } catch (error) {
      if (error.status === 409) return error.data;
      throw error;
    }
  });
  if (answer && answer.failed && answer.failed.length) {
    toast(answer.failed.length === refs.length && refs.length === 1 ? answer.failed[0].error : `${answer.failed.length} of ${refs.length} tasks changed on disk and were left alone`);
  }
  for (const ref of refs) state.tasks.selected.delete(ref);
  await showTasks();
  return answer;
}

async function addTask(event) {
  event.preventDefault();
  const text = $('task-add-text').value.trim();
  if (!text) return;
  const body = { text, priority: $('task-add-priority').value };
  if ($('task-add-due').value) body.due = $('task-add-due').value;
  const task = await attempt(() => api('POST', '/api/tasks', body));
  if (task) {
    $('task-add-text').value = '';
    $('task-add-due').value = '';
    toast(`Added to ${task.note}`);
    await showTasks();
  }
}

async function bulkCategory() {
  const refs = [...state.tasks.selected];
  const answer = await ask(`Category for ${refs.length} task${refs.length === 1 ? '' : 's'}`, [{ label: 'Add #category', value: '' }, { label: 'Remove #category', value: '' }]);
  if (!answer) return;
  const [add, remove] = answer.map((value) => value.trim().replace(/^#/, ''));
  if (add) await changeTasks(refs, { addCategory: add });
  if (remove) await changeTasks(refs, { removeCategory: remove });
}

async function bulkDelete() {
  const refs = [...state.tasks.selected];
  if (await ask(`Delete ${refs.length} task${refs.length === 1 ? '' : 's'}?`, [], 'Each line is removed from its note, with the lines indented under it.')) {
    await changeTasks(refs, { remove: true });
  }
}

// MARK: - Dialogs

/** Shows a dialog with `fields` (label → input); resolves to their values, or null. */
function ask(title, fields = [], intro = '') {
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
    input.value = field.value || '';
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

let PALETTE = [];

async function tagMenu(node) {
  const answer = await ask(`Tag #${node.path}`, [
    { label: 'Rename to', value: node.path },
    { label: 'Colour', value: node.color || 'gray', options: PALETTE },
  ]);
  if (!answer) return;
  const [to, color] = answer;
  if (color !== (node.color || 'gray')) await attempt(() => api('POST', '/api/tags/color', { tag: node.path, color }));
  if (to && to !== node.path) {
    try {
      const preview = await api('POST', '/api/tags/rename', { from: node.path, to, dryRun: true });
      const confirmed = await ask(`Rename #${node.path} to #${to}?`, [], `${preview.count} note${preview.count === 1 ? '' : 's'} will change.`);
      if (confirmed) await api('POST', '/api/tags/rename', { from: node.path, to });
    } catch (error) {
      if (error.status === 409) {
        const preview = await attempt(() => api('POST', '/api/tags/merge', { sources: [node.path], into: to, dryRun: true }));
        const merge = preview && await ask(`Merge #${node.path} into #${to}?`, [], `#${to} exists. ${preview.count} note${preview.count === 1 ? '' : 's'} will change; the merge can be split later from the tag history.`);
        if (merge) await attempt(() => api('POST', '/api/tags/merge', { sources: [node.path], into: to }));
      } else {
        toast(error.message);
      }
    }
  }
  refreshAll();
}

async function folderMenu(node) {
  const answer = await ask(`Folder ${node.path}`, [
    { label: 'Rename to', value: node.path },
    { label: 'Colour', value: node.color || 'gray', options: PALETTE },
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

async function newFolder() {
  const answer = await ask('New folder', [{ label: 'Name (Folder or Folder/Subfolder)' }]);
  if (answer && answer[0]) {
    const done = await attempt(() => api('POST', '/api/folders', { name: answer[0] }));
    if (done) { await refreshAll(); go(`#/folder/${encodeURIComponent(done.path)}`); }
  }
}

async function tagHistory() {
  const records = await attempt(() => api('GET', '/api/tags/history')) || [];
  const dialog = $('dialog');
  $('dialog-title').textContent = 'Tag history';
  const list = document.createElement('ul');
  for (const record of records.slice().reverse()) {
    const li = document.createElement('li');
    li.textContent = `${fullDate(record.time)} · ${record.kind} ${record.sources.join(', ')} → ${record.target} · ${record.notes} notes${record.interrupted ? ' (interrupted)' : ''} `;
    if (record.kind === 'merge') {
      const split = document.createElement('button');
      split.textContent = 'Split';
      split.addEventListener('click', async () => {
        const done = await attempt(() => api('POST', '/api/tags/split', { id: record.id }));
        if (done) { toast(`Split: ${done.count} notes changed`); dialog.close(); refreshAll(); }
      });
      li.append(split);
    }
    list.append(li);
  }
  if (!records.length) list.textContent = 'No tag operations yet.';
  $('dialog-body').replaceChildren(list);
  dialog.showModal();
}

// MARK: - Query builder

function fillBuilderOptions() {
  const tags = $('builder-tag');
  const folders = $('builder-folder');
  tags.replaceChildren(new Option('any', ''), ...flatten(state.home.tags).map((node) => new Option(node.path, node.path)));
  folders.replaceChildren(new Option('any', ''), new Option('Unsorted', '/'), ...flatten(state.home.folders).map((node) => new Option(node.path, node.path)));
}

function fillMoveOptions() {
  const move = $('move');
  move.replaceChildren(new Option('Unsorted', ''), ...flatten(state.home.folders).map((node) => new Option(node.path, node.path)));
  if (state.open) move.value = state.open.folder;
}

function writeQuery(event) {
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

// MARK: - Navigation

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function showPane(pane) {
  $('app').className = `show-${pane}`;
}

async function route() {
  const [, kind = '', rest = ''] = location.hash.match(/^#\/([^/]*)\/?(.*)$/) || [];
  const value = decodeURIComponent(rest);
  if (kind === 'note') {
    if (!state.notes.length) await loadList();
    return openNote(value);
  }
  await leaveNote();
  $('list').hidden = false;
  $('trash-view').hidden = true;
  $('tasks-row').classList.toggle('selected', kind === 'tasks');
  if (kind === 'tasks') {
    state.scope = { kind: 'tasks', value: '' };
    renderSidebar();
    showPane('tasks');
    return showTasks();
  }
  if (kind === 'trash') {
    state.scope = { kind: 'trash', value: '' };
    renderSidebar();
    showPane('list');
    return showTrash();
  }
  if (kind === 'search') {
    state.query = value;
    $('search').value = value;
  }
  state.scope = ['pinned', 'unsorted', 'folder', 'tag'].includes(kind) ? { kind, value } : { kind: 'all', value: '' };
  renderSidebar();
  showPane('list');
  await loadList();
}

/** After a change here or on disk: the sidebar, the list and the open note, again. */
async function refreshAll() {
  await loadHome();
  if (state.scope.kind === 'tasks') await showTasks();
  else if (state.scope.kind === 'trash') showTrash();
  else await loadList({ keepScroll: true });
}

function onSearch() {
  clearTimeout(onSearch.timer);
  onSearch.timer = setTimeout(() => {
    state.query = $('search').value;
    loadList();
  }, 200);
}

// MARK: - Live updates

function listen() {
  const events = new EventSource('/api/events');
  events.addEventListener('change', async (event) => {
    const change = JSON.parse(event.data);
    await refreshAll();
    const open = state.open;
    if (!open) return;
    if (change.removed.includes(open.path)) {
      toast(`${open.path} was removed on disk`);
    } else if (change.changed.includes(open.path)) {
      if (state.dirty || state.editing && $('editor').value !== open.text) {
        $('disk-notice').hidden = false;
      } else {
        openNote(open.path, { quiet: true });
      }
    }
  });
}

// MARK: - Keyboard

function onKey(event) {
  const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement.tagName);
  if (event.key === 'Escape') {
    if ($('dialog').open) return;
    if (state.editing) { saveNow(); setEditing(false); return; }
    if (typing) { document.activeElement.blur(); return; }
    showPane('list');
    return;
  }
  if (typing || event.metaKey || event.ctrlKey || event.altKey) return;
  if (event.key === '/') { event.preventDefault(); $('search').focus(); }
  else if (event.key === 'n') { event.preventDefault(); newNote(); }
  else if (event.key === 'j' || event.key === 'k') {
    event.preventDefault();
    const index = state.notes.findIndex((note) => state.open && note.path === state.open.path);
    const next = state.notes[Math.min(state.notes.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)))];
    if (next) go(`#/note/${encodeURIComponent(next.path)}`);
  }
}

// MARK: - Start

async function loadVocabulary() {
  const vocabulary = await attempt(() => api('GET', '/api/vocabulary')) || { palette: [], priorities: [] };
  PALETTE = vocabulary.palette;
  PRIORITIES = vocabulary.priorities.map((priority) => priority.name);
  PRIORITY_SIGNS = Object.fromEntries(vocabulary.priorities.map((priority) => [priority.name, priority.sign]));
}

async function start() {
  await loadVocabulary();
  applyTheme();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
  $('theme').addEventListener('change', () => { localStorage.setItem('vault.theme', $('theme').value); applyTheme(); });
  $('search').addEventListener('input', onSearch);
  $('list').addEventListener('scroll', onListScroll);
  $('builder-toggle').addEventListener('click', () => { $('builder').hidden = !$('builder').hidden; });
  $('builder').addEventListener('submit', writeQuery);
  $('new-note').addEventListener('click', newNote);
  $('new-folder').addEventListener('click', newFolder);
  $('tag-history').addEventListener('click', tagHistory);
  $('trash-row').addEventListener('click', () => go('#/trash'));
  $('tasks-row').addEventListener('click', () => go('#/tasks'));
  $('tasks-back').addEventListener('click', () => showPane('sidebar'));
  for (const button of $('tasks-by').children) button.addEventListener('click', () => { state.tasks.by = button.dataset.by; showTasks(); });
  for (const button of $('tasks-show').children) button.addEventListener('click', () => { state.tasks.show = button.dataset.show; showTasks(); });
  for (const name of PRIORITIES) $('task-add-priority').append(new Option(`${PRIORITY_SIGNS[name]} ${name}`.trim(), name));
  $('task-add-priority').value = 'normal';
  $('task-add').addEventListener('submit', addTask);
  $('task-bulk-done').addEventListener('click', () => changeTasks([...state.tasks.selected], { status: 'done' }));
  $('task-bulk-category').addEventListener('click', bulkCategory);
  $('task-bulk-delete').addEventListener('click', bulkDelete);
  $('task-bulk-clear').addEventListener('click', () => { state.tasks.selected.clear(); renderTasks(); });
  $('empty-trash').addEventListener('click', async () => {
    if (await ask('Empty the trash?', [], 'Every note in the trash is deleted for good.')) {
      await attempt(() => api('POST', '/api/trash/empty'));
      refreshAll();
    }
  });
  $('editor').addEventListener('input', scheduleSave);
  $('note').addEventListener('dragover', (event) => { event.preventDefault(); $('note').classList.add('dropping'); });
  $('note').addEventListener('dragleave', () => $('note').classList.remove('dropping'));
  $('note').addEventListener('drop', dropFiles);
  $('toggle-edit').addEventListener('click', () => { if (state.editing) saveNow(); setEditing(!state.editing); });
  $('pin').addEventListener('click', () => changeNote({ pinned: !state.open.pinned }));
  $('move').addEventListener('change', () => changeNote({ folder: $('move').value || '/' }));
  $('duplicate').addEventListener('click', async () => {
    const copy = await attempt(() => api('POST', `/api/notes/${pathURL(state.open.path)}/duplicate`));
    if (copy) { await refreshAll(); go(`#/note/${encodeURIComponent(copy.path)}`); }
  });
  $('delete').addEventListener('click', async () => {
    const path = state.open.path;
    if (await attempt(() => api('DELETE', `/api/notes/${pathURL(path)}`))) {
      state.open = null;
      state.dirty = false;
      renderNote();
      toast(`Moved ${path} to the trash`);
      refreshAll();
      showPane('list');
    }
  });
  $('keep-mine').addEventListener('click', () => resolveConflict($('conflict-mine').value));
  $('use-disk').addEventListener('click', async () => {
    if (await ask('Use the disk version?', [], 'Your version stays visible until you confirm; then the page shows the disk version.')) {
      state.dirty = false;
      $('conflict').hidden = true;
      openNote(state.conflictDisk.path);
    }
  });
  $('back-to-sidebar').addEventListener('click', () => showPane('sidebar'));
  $('back-to-list').addEventListener('click', async () => { await leaveNote(); showPane('list'); });
  document.addEventListener('keydown', onKey);
  document.addEventListener('visibilitychange', () => { if (document.hidden) saveNow(); });
  window.addEventListener('blur', () => saveNow());
  window.addEventListener('hashchange', route);
  listen();
  loadHome().then(route);
}

start();
