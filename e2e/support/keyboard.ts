import type { ElementHandle, Locator, Page } from 'playwright-core';

/** Whether keyboard focus is inside the open modal dialog (role dialog or alertdialog). */
export const isFocusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[aria-modal="true"]') != null);

/** How many Tab stops a container holds: the trap is checked by going past them all. */
export const countTabStops = (container: Locator) =>
  container.evaluate(
    (root) =>
      root.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ).length,
  );

/** Presses Tab (or Shift+Tab) `times` times and returns after how many presses focus left, or null. */
export async function tabOutOfDialog(page: Page, key: 'Tab' | 'Shift+Tab', times: number): Promise<number | null> {
  for (let press = 1; press <= times; press++) {
    await page.keyboard.press(key);
    if (!(await isFocusInDialog(page))) return press;
  }
  return null;
}

export const focusedElement = (page: Page) =>
  page.evaluateHandle(() => document.activeElement as HTMLElement) as Promise<ElementHandle<HTMLElement>>;

/**
 * The focus indicators of an element and its children, pseudo-elements included (outline and
 * box-shadow): a focus style may sit on a child, as on cards, whose frame gets the ring.
 */
export const focusRing = (element: ElementHandle<HTMLElement>) =>
  element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((node) =>
      [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(node, pseudo);
        const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return `${hasOutline ? style.outline : 'none'} | ${style.boxShadow}`;
      }),
    ),
  );

/** A focus style is visible when focusing adds an outline or a shadow that was not there before. */
export function showsFocus(focused: string[], unfocused: string[]): boolean {
  return focused.some((ring, index) => ring !== unfocused[index] && ring !== 'none | none');
}

/** A short description of the focused element, for failure messages: tag, name and classes. */
export const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()} class="${el.className}"> ${name}`;
  });
