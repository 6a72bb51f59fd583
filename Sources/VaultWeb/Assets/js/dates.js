// Dates as the page shows them: never in numbers alone, which readers take for different
// days (02/11/26 is the 2nd of November in London and the 11th of February in New York),
// but with the month's name in the reader's own language; ISO dates when the vault's
// `list.dateFormat` is `iso`.

import { vocabulary } from './vocabulary.js';

const pad = (n) => String(n).padStart(2, '0');

/** `12 Nov 2026` (as the reader's locale orders it), or `2026-11-12`. */
function day(date) {
  if (vocabulary.dateFormat === 'iso') return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

function time(date) {
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** Today's time, Yesterday, a weekday in the last week, else the day. */
export function relativeDate(iso) {
  const date = new Date(iso);
  const now = new Date();
  const startOfDay = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86400000);
  if (days === 0) return time(date);
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return date.toLocaleDateString(undefined, { weekday: 'long' });
  return day(date);
}

/** A date in full: `2 Nov 2026, 18:40`. */
export function fullDate(iso) {
  const date = new Date(iso);
  return `${day(date)}, ${time(date)}`;
}
