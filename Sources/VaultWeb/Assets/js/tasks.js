// The Tasks view: the agenda of every note's tasks, changed one by one or in bulk, and the
// quick-add field.

import { $, api, attempt, toast } from './api.js';
import { state } from './state.js';
import { vocabulary } from './vocabulary.js';
import { colorClass } from './helpers.js';
import { ask } from './dialogs.js';
import { go } from './hooks.js';
import { offerUndo } from './undo.js';
import { canDrop, groupsFor, loadCategories, moveChange } from './categories.js';

/** The agenda: GET /api/tasks, grouped and filtered as the switches say. */
export async function showTasks() {
  const view = state.tasks;
  for (const button of $('tasks-by').children) button.classList.toggle('on', button.dataset.by === view.by);
  for (const button of $('tasks-show').children) button.classList.toggle('on', button.dataset.show === view.show);
  $('tasks-by').hidden = view.show === 'done';
  const url = `/api/tasks?by=${view.by}&show=${view.show}`;
  const [data] = await Promise.all([attempt(() => api('GET', url)), loadCategories()]);
  if (!data) return;
  view.data = data;
  if (view.show === 'open') $('tasks-count').textContent = data.count;
  renderTasks();
}

export function renderTasks() {
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
  // Every section a task can be moved to has a heading, an empty one shown only while a
  // task is dragged (see categories.js for the sections of each view).
  const movable = view.show !== 'done' && view.by !== 'note';
  const sections = movable ? groupsFor(view.by, data) : data.groups.map((group) => group.heading);
  const byHeading = new Map(data.groups.map((group) => [group.heading, group]));
  for (const name of sections) {
    const group = byHeading.get(name) || { heading: name, count: 0, tasks: [] };
    const heading = document.createElement('div');
    heading.className = 'task-group' + (group.heading === 'Overdue' ? ' overdue' : '') + (group.tasks.length ? '' : ' empty-group');
    heading.dataset.group = group.heading;
    heading.textContent = `${group.heading} · ${group.count}`;
    children.push(heading, ...group.tasks.map((task) => taskRow(task, data.categories, movable ? group.heading : null)));
  }
  const shown = data.groups.reduce((sum, group) => sum + group.tasks.length, 0);
  if (shown < data.count) {
    const more = document.createElement('div');
    more.className = 'empty';
    more.textContent = `${data.count - shown} more not shown: search with vault tasks on the command line`;
    children.push(more);
  }
  // The empty sections' headings (drop targets) are not tasks: the list may still be empty.
  if (!children.some((child) => child.classList.contains('task') || child.classList.contains('empty'))) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = view.show === 'done' ? 'No completed tasks' : 'No tasks. Add one above, or write - [ ] in any note.';
    children.push(empty);
  }
  list.replaceChildren(...children);
  renderBulk();
}

function taskRow(task, categories, group) {
  const view = state.tasks;
  const row = document.createElement('div');
  row.className = `task ${task.status}` + (view.selected.has(task.ref) ? ' selected' : '');
  row.dataset.ref = task.ref;
  if (group !== null) {
    row.dataset.group = group;
    row.draggable = true;
    row.addEventListener('dragstart', (event) => {
      // The task and the section it leaves: in the category view a task is in several.
      event.dataTransfer.setData(TASK_TYPE, JSON.stringify({ ref: task.ref, from: group }));
      event.dataTransfer.effectAllowed = 'move';
      view.dragging = { ref: task.ref, from: group };
      $('tasks-list').classList.add('dragging');
    });
    row.addEventListener('dragend', endDrag);
  }

  const select = document.createElement('input');
  select.type = 'checkbox';
  select.className = 'select';
  select.title = 'Select (shift-click for a range)';
  select.setAttribute('aria-label', `Select “${task.text}”`);
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
  due.setAttribute('aria-label', `Due date of “${task.text}”`);
  if (task.bucket === 'Overdue') due.classList.add('overdue');
  // Saved once the date is whole: on leaving the box or Enter, or a pick in the calendar.
  // Typed digit by digit, the box holds dates such as 0002-12-15 on the way.
  let typing = false;
  const commitDue = () => {
    typing = false;
    const value = due.value;
    // A box with a part cleared (one Backspace) reads as "" too: that is no date yet, not
    // the date taken away; only a box emptied whole removes it.
    if (!value && due.validity.badInput) {
      toast(`Not a whole date; the due date stays ${task.due || 'unset'}`);
      due.value = task.due || '';
      return;
    }
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
  priority.setAttribute('aria-label', `Priority of “${task.text}”`);
  for (const name of vocabulary.priorities) priority.append(new Option(`${vocabulary.prioritySigns[name]} ${name}`.trim(), name));
  priority.value = task.priority;
  priority.addEventListener('change', () => changeTasks([task.ref], { priority: priority.value }));

  row.append(select, box, what, due, priority);
  if (group !== null) {
    // The way to move without dragging (keyboards, phones: touch starts no HTML5 drag).
    const move = document.createElement('button');
    move.className = 'move-to';
    move.textContent = 'Move to…';
    move.setAttribute('aria-label', `Move “${task.text}” to another section`);
    move.addEventListener('click', () => chooseSection(task, group));
    row.append(move);
  }
  return row;
}

/** The drag's data type: the task's REF and the section it is dragged from. */
const TASK_TYPE = 'application/x-vault-task';

function endDrag() {
  state.tasks.dragging = null;
  $('tasks-list').classList.remove('dragging');
  for (const over of $('tasks-list').querySelectorAll('.drop-over')) over.classList.remove('drop-over');
}

/** The section a drag is over: its heading's or a task row's `data-group`. */
function sectionAt(event) {
  const target = event.target.closest && event.target.closest('[data-group]');
  return target ? target.dataset.group : null;
}

/** Wires the list as the drop target of every section (once, at start). */
export function wireTaskDrops() {
  const list = $('tasks-list');
  list.addEventListener('dragover', (event) => {
    const to = sectionAt(event);
    const from = state.tasks.dragging && state.tasks.dragging.from;
    if (to === null || !canDrop(state.tasks.by, from, to)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    for (const over of list.querySelectorAll('.drop-over')) if (over.dataset.group !== to) over.classList.remove('drop-over');
    const heading = [...list.querySelectorAll('.task-group')].find((each) => each.dataset.group === to);
    if (heading) heading.classList.add('drop-over');
  });
  list.addEventListener('drop', async (event) => {
    const to = sectionAt(event);
    let dragged = null;
    try { dragged = JSON.parse(event.dataTransfer.getData(TASK_TYPE) || 'null'); } catch { dragged = null; }
    endDrag();
    if (!dragged || to === null) return;
    event.preventDefault();
    await moveTask(dragged.ref, dragged.from, to);
  });
}

/** Moves a task from section `from` to `to` of the view: one change of its line. */
async function moveTask(ref, from, to) {
  const view = state.tasks;
  if (from === to) return;
  if (!canDrop(view.by, from, to)) {
    toast(to === 'Overdue' ? 'A task cannot be moved to Overdue: give it a due date instead' : `A task cannot be moved to ${to}`);
    return;
  }
  const change = moveChange(view.by, from, to, view.data);
  if (!change) return;
  await changeTasks([ref], change);
}

/** The keyboard's and phone's way: a list of the sections the task can go to. */
async function chooseSection(task, from) {
  const view = state.tasks;
  const targets = groupsFor(view.by, view.data).filter((to) => to !== from && canDrop(view.by, from, to));
  const answer = await ask(`Move “${task.text}” to`, [{ label: 'Section', options: targets }]);
  if (answer && answer[0]) await moveTask(task.ref, from, answer[0]);
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
export async function changeTasks(refs, change) {
  const answer = await requestTaskChange(refs, change);
  for (const ref of refs) state.tasks.selected.delete(ref);
  await showTasks();
  return answer;
}

/** What a task change did, in the toast that offers its Undo. */
function taskMessage(change, count) {
  const tasks = count === 1 ? 'Task' : `${count} tasks`;
  if (change.remove) return `${tasks} deleted`;
  if (change.status) return `${tasks} marked ${change.status === 'todo' ? 'not done' : change.status}`;
  if (change.due !== undefined) return change.due === 'none' ? `${tasks}: no due date` : `${tasks} due ${change.due}`;
  if (change.priority) return `${tasks}: priority ${change.priority}`;
  if (change.addCategory) return `${tasks}: added to ${change.addCategory}`;
  if (change.removeCategory) return `${tasks}: removed from ${change.removeCategory}`;
  return `${tasks} changed`;
}

/** POST /api/tasks/change, saying which tasks were left alone (their lines changed). */
export async function requestTaskChange(refs, change) {
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
  } else if (answer) {
    offerUndo(taskMessage(change, refs.length), answer.recordID);
  }
  return answer;
}

export async function addTask(event) {
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

export async function bulkCategory() {
  const refs = [...state.tasks.selected];
  const answer = await ask(`Category for ${refs.length} task${refs.length === 1 ? '' : 's'}`, [{ label: 'Add #category', value: '' }, { label: 'Remove #category', value: '' }]);
  if (!answer) return;
  const [add, remove] = answer.map((value) => value.trim().replace(/^#/, ''));
  if (add) await changeTasks(refs, { addCategory: add });
  if (remove) await changeTasks(refs, { removeCategory: remove });
}

export async function bulkDelete() {
  const refs = [...state.tasks.selected];
  if (await ask(`Delete ${refs.length} task${refs.length === 1 ? '' : 's'}?`, [], 'Each line is removed from its note, with the lines indented under it.')) {
    await changeTasks(refs, { remove: true });
  }
}
