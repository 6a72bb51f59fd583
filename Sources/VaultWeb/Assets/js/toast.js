// The toast: one short message at the foot of the page, with at most one action (Undo).
// api.js's `toast` says what went wrong; `showToast` says what was done and offers to take
// it back, as Apple Notes and Gmail do. One toast at a time: a new one replaces the last.

import { $ } from './api.js';

let timer = null;

/** Shows `message`; with `action` (its label) a button that runs `onAction` and closes the
 *  toast. It stays 8 s with an action (time to reach it), 4 s without; hovering or
 *  focusing it keeps it. */
export function showToast(message, { action, onAction, timeout } = {}) {
  const element = $('toast');
  const text = document.createElement('span');
  text.textContent = message;
  element.replaceChildren(text);
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'toast-action';
    button.textContent = action;
    button.addEventListener('click', () => { hideToast(); if (onAction) onAction(); });
    element.append(' ', button);
  }
  element.hidden = false;
  const wait = timeout || (action ? 8000 : 4000);
  const schedule = () => { clearTimeout(timer); timer = setTimeout(hideToast, wait); };
  element.onmouseenter = element.onfocusin = () => clearTimeout(timer);
  element.onmouseleave = element.onfocusout = schedule;
  schedule();
}

export function hideToast() {
  clearTimeout(timer);
  $('toast').hidden = true;
}
