// The light or dark theme: the choice kept in localStorage, or the system's.

import { $ } from './api.js';

export function applyTheme() {
  const choice = localStorage.getItem('vault.theme') || 'system';
  const dark = choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  $('theme').value = choice;
}
