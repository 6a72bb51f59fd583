// Task categories: the manager (add, rename, recolour, reorder, remove; GET and POST
// /api/tasks/categories, as `vault task category`), and the sections of the Tasks views a
// task can be moved between, with the change each move makes to its line.

import { $, api, attempt, button, toast } from './api.js';
import { state } from './state.js';
import { vocabulary } from './vocabulary.js';
import { colorClass } from './helpers.js';
import { showTasks } from './hooks.js';

/** GET /api/tasks/categories: the configured categories, in their order. */
export async function loadCategories() {
  const answer = await attempt(() => api('GET', '/api/tasks/categories'));
  if (answer) state.tasks.categories = answer.categories;
  return state.tasks.categories || [];
}

const DUE = ['Overdue', 'Today', 'Tomorrow', 'This Week', 'Later', 'No Due Date'];

/** The days from the agenda's today (`data.today`, `data.weekStart`) that the This Week
 *  and Later sections stand for: the week's last day, and the day after it (at least the
 *  day after tomorrow). This Week is null when the week ends today or tomorrow. */
function dueDays(data) {
  const today = new Date(`${data.today}T00:00:00Z`);
  const toEnd = ((data.weekStart ?? 1) - today.getUTCDay() + 6) % 7;
  const day = (offset) => new Date(today.getTime() + offset * 86400000).toISOString().slice(0, 10);
  return { thisWeek: toEnd >= 2 ? day(toEnd) : null, later: day(Math.max(toEnd + 1, 2)) };
}

/** Every section of a view, in order, whether it has tasks or not. */
export function groupsFor(by, data) {
  const present = data.groups.map((group) => group.heading);
  if (by === 'due') return DUE.filter((name) => present.includes(name) || (name !== 'Overdue' && (name !== 'This Week' || dueDays(data).thisWeek)));
  if (by === 'priority') return vocabulary.priorities.map((name) => name.charAt(0).toUpperCase() + name.slice(1));
  if (by === 'category') {
    const configured = (state.tasks.categories || []).map((category) => {
      const spelled = present.find((heading) => heading.toLowerCase() === `#${category.name}`.toLowerCase());
      return spelled || `#${category.name}`;
    });
    const others = present.filter((heading) => heading !== 'No Category' && !configured.includes(heading));
    return [...configured, ...others, 'No Category'];
  }
  return present;
}

/** Whether a task in section `from` may be moved to `to`: never to Overdue (a date in the
 *  past is typed, not dropped), nor to where it is. */
export function canDrop(by, from, to) {
  if (from === null || from === undefined || from === to) return false;
  if (by === 'due') return to !== 'Overdue' && (to !== 'This Week' || Boolean(dueDays(state.tasks.data).thisWeek));
  return by === 'priority' || by === 'category';
}

/** The change (a body of POST /api/tasks/change) that puts a task of `from` in `to`. */
export function moveChange(by, from, to, data) {
  if (by === 'priority') return { priority: to.toLowerCase() };
  if (by === 'category') {
    const change = {};
    if (from.startsWith('#')) change.removeCategory = from.slice(1);
    if (to.startsWith('#')) change.addCategory = to.slice(1);
    return change;
  }
  if (by === 'due') {
    const days = dueDays(data);
    const due = { 'Today': 'today', 'Tomorrow': 'tomorrow', 'This Week': days.thisWeek, 'Later': days.later, 'No Due Date': null }[to];
    return due === undefined ? null : { due };
  }
  return null;
}

// MARK: the manager

/** What the manager changed since it opened: the list as it was, and the renames made
 *  (each renamed the tag on task lines), so that Cancel can put both back. */
let session = null;

/** Opens the manager in the page's dialog; the Tasks view is drawn again when it closes.
 *  Each change is written at once (a bad icon is refused there and then); Cancel or Escape
 *  takes them all back, OK keeps them. */
export async function openCategories() {
  const dialog = $('dialog');
  $('dialog-title').textContent = 'Task categories';
  await loadCategories();
  session = { before: structuredClone(state.tasks.categories || []), renames: [], changed: false };
  drawManager();
  dialog.returnValue = '';
  dialog.showModal();
  dialog.addEventListener('close', async () => {
    const opened = session;
    session = null;
    if (dialog.returnValue !== 'ok' && opened && opened.changed) await discard(opened);
    showTasks();
  }, { once: true });
}

/** Puts the categories back as the manager found them: renames undone newest first (the
 *  tag back on the task lines), categories added since removed, and every one's icon,
 *  colour and place as before. */
async function discard({ before, renames }) {
  const post = (path, body) => attempt(() => api('POST', `/api/tasks/categories${path}`, body));
  for (const { from, to } of [...renames].reverse()) await post('/rename', { from: to, to: from });
  const now = (await attempt(() => api('GET', '/api/tasks/categories')))?.categories || [];
  const kept = new Set(before.map((category) => category.name));
  for (const category of now) if (!kept.has(category.name)) await post('/remove', { name: category.name });
  for (const category of before) {
    await post('', { name: category.name, icon: category.icon || 'none', color: category.color || 'none' });
  }
  // Each moved last in turn: the list ends in its old order.
  for (const category of before) await post('/move', { name: category.name });
  state.tasks.categories = before;
  toast('Changes to the categories discarded');
}

/** One call of the manager: the answer is the whole list, drawn again. */
async function change(path, body) {
  const answer = await attempt(() => api('POST', `/api/tasks/categories${path}`, body));
  if (answer) {
    if (session) {
      session.changed = true;
      if (path === '/rename') session.renames.push({ from: body.from, to: body.to });
    }
    state.tasks.categories = answer.categories;
    if (answer.changed !== undefined) toast(`Renamed on ${answer.changed} task${answer.changed === 1 ? '' : 's'}`);
  }
  drawManager();
  return answer;
}

/** Enter commits a field rather than submitting (and closing) the dialog's form. */
function commitOnEnter(input) {
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); input.blur(); }
  });
}

function colorSelect(value, label) {
  const select = document.createElement('select');
  select.setAttribute('aria-label', label);
  select.append(new Option('no colour', 'none'));
  for (const color of vocabulary.palette) select.append(new Option(color, color));
  select.value = value || 'none';
  return select;
}

function drawManager() {
  const categories = state.tasks.categories || [];
  const list = document.createElement('ol');
  list.className = 'category-list';
  categories.forEach((category, index) => {
    const row = document.createElement('li');
    row.className = `category-row ${colorClass(category.color)}`;
    row.dataset.name = category.name;

    const icon = document.createElement('input');
    icon.className = 'category-icon';
    icon.value = category.icon || '';
    icon.placeholder = '🙂';
    icon.setAttribute('aria-label', `Icon of #${category.name} (one emoji)`);
    commitOnEnter(icon);
    icon.addEventListener('change', () => change('', { name: category.name, icon: icon.value.trim() || 'none' }));

    const name = document.createElement('input');
    name.className = 'category-name';
    name.value = category.name;
    name.setAttribute('aria-label', `Name of #${category.name}`);
    commitOnEnter(name);
    name.addEventListener('change', () => {
      const to = name.value.trim().replace(/^#/, '');
      if (to && to !== category.name) change('/rename', { from: category.name, to }); else name.value = category.name;
    });

    const color = colorSelect(category.color, `Colour of #${category.name}`);
    color.className = 'category-color';
    color.addEventListener('change', () => change('', { name: category.name, color: color.value }));

    const up = button('↑', `Move #${category.name} up`, () => change('/move', { name: category.name, before: categories[index - 1].name }));
    up.className = 'category-up';
    up.disabled = index === 0;
    const down = button('↓', `Move #${category.name} down`, () => {
      const after = categories[index + 2];
      change('/move', after ? { name: category.name, before: after.name } : { name: category.name });
    });
    down.className = 'category-down';
    down.disabled = index === categories.length - 1;
    const remove = button('✕', `Remove #${category.name} (its tasks keep the tag)`, () => change('/remove', { name: category.name }));
    remove.className = 'category-remove';
    row.append(icon, name, color, up, down, remove);
    list.append(row);
  });

  const add = document.createElement('div');
  add.className = 'category-add';
  const icon = document.createElement('input');
  icon.id = 'category-new-icon';
  icon.className = 'category-icon';
  icon.placeholder = '🙂';
  icon.setAttribute('aria-label', 'Icon of the new category (one emoji)');
  const name = document.createElement('input');
  name.id = 'category-new-name';
  name.className = 'category-name';
  name.placeholder = 'New category';
  name.setAttribute('aria-label', 'Name of the new category');
  const color = colorSelect('', 'Colour of the new category');
  color.id = 'category-new-color';
  const submit = button('Add', 'Add the category', async () => {
    const body = { name: name.value.trim().replace(/^#/, '') };
    if (!body.name) return;
    if (icon.value.trim()) body.icon = icon.value.trim();
    if (color.value !== 'none') body.color = color.value;
    await change('', body);
  });
  submit.id = 'category-add';
  for (const input of [icon, name]) {
    input.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); submit.click(); } });
  }
  add.append(icon, name, color, submit);

  const intro = document.createElement('p');
  intro.textContent = categories.length
    ? 'A category is a #tag on task lines. Renaming one renames the tag on every task.'
    : 'No categories yet. A category is a #tag on task lines; give it an icon and a colour here.';
  $('dialog-body').replaceChildren(intro, list, add);
}
