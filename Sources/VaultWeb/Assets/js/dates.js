// Dates, as the command line shows them.

export function relativeDate(iso) {
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
export function fullDate(iso) {
  const date = new Date(iso);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
