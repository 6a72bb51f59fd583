// The toast: one short message at the bottom of the page, with at most one action (Undo).
// It is a live region (role=status in index.html, hidden while empty), so a screen reader reads each message;
// its button is an ordinary button, reachable with Tab (and, for Undo, Ctrl-Z/⌘Z).
// It imports nothing, so that any module may use it.

const TIMEOUT_MS = 4000;
/** With an action, longer: time to read it and reach the button. */
const ACTION_TIMEOUT_MS = 10000;
let timer = null;

/** Shows `message`; with `actionLabel` and `onAction`, a button that runs `onAction` and
 *  closes the toast. A later toast replaces this one. */
export function showToast(message, { actionLabel, onAction } = {}) {
  const element = document.getElementById('toast');
  const text = document.createElement('span');
  text.textContent = message;
  const parts = [text];
  if (actionLabel && onAction) {
    const action = document.createElement('button');
    action.type = 'button';
    action.className = 'toast-action';
    action.textContent = actionLabel;
    action.addEventListener('click', () => { hideToast(); onAction(); });
    parts.push(action);
  }
  element.replaceChildren(...parts);
  clearTimeout(timer);
  // Kept while the pointer or the focus is on it: a person about to press Undo is not hurried.
  const close = () => { timer = setTimeout(hideToast, actionLabel ? ACTION_TIMEOUT_MS : TIMEOUT_MS); };
  element.onmouseenter = element.onfocusin = () => clearTimeout(timer);
  element.onmouseleave = element.onfocusout = close;
  close();
}

export function hideToast() {
  clearTimeout(timer);
  // Emptied, not removed: the live region stays, so the next message is read out too.
  document.getElementById('toast').replaceChildren();
}
