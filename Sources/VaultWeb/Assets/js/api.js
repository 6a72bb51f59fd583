// Talking to the server: `$` and `button` for the page's elements, the JSON API with the
// CSRF token it needs, and the toast that shows what went wrong.

import { showToast } from './toast.js';

export const $ = (id) => document.getElementById(id);

/** A button showing `text` that runs `action`; `label` names it for screen readers and
 *  as its tooltip. */
export function button(text, label, action) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.setAttribute('aria-label', label);
  element.title = label;
  element.addEventListener('click', action);
  return element;
}

export const csrf = document.querySelector('meta[name="csrf-token"]').content;

/** A note's path in a URL: each segment encoded alone. */
export function pathURL(path) {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The words for a request the server never answered (the browser says "Failed to fetch"). */
export const UNREACHABLE = 'The vault server cannot be reached: is `vault serve` still running?';

export async function api(method, url, body, headers = {}, signal = undefined) {
  const options = { method, headers: { ...headers }, signal };
  if (method !== 'GET') options.headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    const unreachable = new Error(UNREACHABLE);
    unreachable.unreachable = true;
    throw unreachable;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

/** A message in the toast (toast.js), without an action. */
export function toast(message) {
  showToast(message);
}

/** Runs an action, showing its error instead of throwing. */
export async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    // The server down: the toast offers to try the same action again.
    if (error.unreachable) showToast(error.message, { actionLabel: 'Retry', onAction: () => attempt(action) });
    else toast(error.message);
    return undefined;
  }
}
