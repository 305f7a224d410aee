/**
 * Marks a region that stays usable above an open modal dialog: the cookie banner (spec 3 §4;
 * decision 015) is drawn over the dialog's backdrop, and Tab goes on into it after the dialog's
 * last control and back, so a viewer who lands on a dialog route can answer it by keyboard too.
 */
const OVER_DIALOGS = '[data-over-dialogs]';

const FOCUSABLE = 'button:not([disabled]), [href], input, select';

/**
 * Tab inside a modal dialog: the browser's order within the panel and within each region over
 * dialogs, hopping from the last control of one to the first of the next, round and round. Focus
 * left on the page (the banner's button was pressed and the banner went away) comes back in.
 */
export function cycleDialogFocus(event: KeyboardEvent, panel: HTMLElement) {
  const groups = [panel, ...document.querySelectorAll<HTMLElement>(OVER_DIALOGS)]
    .map((root) => ({ root, items: [...root.querySelectorAll<HTMLElement>(FOCUSABLE)] }))
    .filter((group) => group.items.length > 0);
  if (groups.length === 0) return;
  const active = document.activeElement;
  const at = groups.findIndex((group) => group.root.contains(active));
  if (at !== -1) {
    const items = groups[at]!.items;
    const edge = event.shiftKey ? items[0] : items.at(-1);
    if (active !== edge) return;
  }
  event.preventDefault();
  const next =
    at === -1
      ? event.shiftKey
        ? groups.length - 1
        : 0
      : (at + (event.shiftKey ? -1 : 1) + groups.length) % groups.length;
  const target = groups[next]!.items;
  (event.shiftKey ? target.at(-1) : target[0])?.focus();
}
