// The theme: a colour (Gray, Blue, Orange, Yellow, Green, Indigo) and light, dark or the
// system's, remembered per vault. The colours themselves are custom properties in app.css
// (`data-color` and `data-theme` on <html>); this module only picks them.

import { $ } from './api.js';

const COLORS = ['gray', 'blue', 'orange', 'yellow', 'green', 'indigo'];
const DEFAULT = { color: 'yellow', mode: 'system' };

// One origin's storage is shared by every vault served on that port: the key names the
// vault (a hash of its path, from the page).
const KEY = `vault.theme.${document.querySelector('meta[name="vault-key"]').content}`;

function chosen() {
  try {
    // `vault.theme`: light or dark as the page kept it before themes were kept per vault.
    const saved = JSON.parse(localStorage.getItem(KEY)) || { mode: localStorage.getItem('vault.theme') };
    return {
      color: COLORS.includes(saved.color) ? saved.color : DEFAULT.color,
      mode: ['system', 'light', 'dark'].includes(saved.mode) ? saved.mode : DEFAULT.mode,
    };
  } catch {
    return { ...DEFAULT };
  }
}

export function applyTheme() {
  const { color, mode } = chosen();
  const dark = mode === 'dark' || (mode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.color = color;
  $('theme').value = mode;
  $('theme-color').value = color;
}

/** Keeps what the two pickers say, for this vault, and shows it. */
export function chooseTheme() {
  localStorage.setItem(KEY, JSON.stringify({ color: $('theme-color').value, mode: $('theme').value }));
  applyTheme();
}

/** Follows the system's light or dark while the choice is System. */
export function watchTheme() {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
  $('theme').addEventListener('change', chooseTheme);
  $('theme-color').addEventListener('change', chooseTheme);
}
