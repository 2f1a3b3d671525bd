/**
 * The behaviour every modal dialog of the kit shares, on top of the native `<dialog>` (which already puts the
 * dialog in the top layer and makes the rest of the page inert): Tab and Shift+Tab wrap inside the dialog, and
 * closing gives the focus back to whatever had it when the dialog opened.
 */
const focusable = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', 'summary', '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter((element) => element.getClientRects().length > 0);
}

/** Keeps Tab inside `root`: from the last control to the first and back. Without it, Chromium lets Tab leave to the page's end. */
export function wrapTab(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
