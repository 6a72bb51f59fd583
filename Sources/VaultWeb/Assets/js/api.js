// Talking to the server: `$` for the page's elements, the JSON API with the CSRF token it
// needs, and the toast that shows what went wrong.

export const $ = (id) => document.getElementById(id);
export const csrf = document.querySelector('meta[name="csrf-token"]').content;

/** A note's path in a URL: each segment encoded alone. */
export function pathURL(path) {
  return path.split('/').map(encodeURIComponent).join('/');
}

export async function api(method, url, body, headers = {}) {
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

export function toast(message) {
  const element = $('toast');
  element.textContent = message;
  element.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { element.hidden = true; }, 4000);
}

/** Runs an action, showing its error instead of throwing. */
export async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    toast(error.message);
    return undefined;
  }
}
