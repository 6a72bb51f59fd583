// One Tab stop per group (a listbox's options, a sidebar tree's rows) instead of one per
// row: the "roving tabindex" of the WAI-ARIA practices. The row last focused (or the
// selected one, else the first) has tabindex 0, the others -1; arrow keys, Home and End
// move the focus within the group, and Enter or Space on a row that is not a button clicks
// it. A group drawn again keeps this, as an observer applies it to the new rows.

/** Makes the elements matching `selector` inside `container` one Tab stop. */
export function wireRoving(container, selector) {
  const items = () => [...container.querySelectorAll(selector)].filter((item) => item.offsetParent !== null || item === document.activeElement);
  const apply = () => {
    const all = [...container.querySelectorAll(selector)];
    if (!all.length) return;
    const current = all.find((item) => item === document.activeElement)
      || all.find((item) => item.classList.contains('selected'))
      || all[0];
    for (const item of all) item.tabIndex = item === current ? 0 : -1;
  };
  new MutationObserver(apply).observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  apply();
  container.addEventListener('focusin', (event) => {
    const item = event.target.closest(selector);
    if (!item || !container.contains(item)) return;
    for (const other of container.querySelectorAll(selector)) other.tabIndex = other === item ? 0 : -1;
  });
  container.addEventListener('keydown', (event) => {
    const item = event.target.closest(selector);
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const list = items();
    const index = list.indexOf(item);
    let next = null;
    if (event.key === 'ArrowDown') next = list[Math.min(list.length - 1, index + 1)];
    else if (event.key === 'ArrowUp') next = list[Math.max(0, index - 1)];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    else if ((event.key === 'Enter' || event.key === ' ') && item.tagName !== 'BUTTON') {
      event.preventDefault();
      item.click();
      return;
    }
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ block: 'nearest' });
  });
}
