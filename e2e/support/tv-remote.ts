import type { Page } from 'playwright-core';

/** The item the remote's focus is on: what the TV app draws as focused, and the DOM focus. */
export async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('[data-focused]');
    return {
      label: element?.getAttribute('aria-label') ?? element?.textContent ?? null,
      row: element?.closest('section')?.getAttribute('aria-label') ?? null,
      domFocus: element !== null && document.activeElement === element,
    };
  });
}

/** A remote key, `times` times, at human speed: the spatial navigation runs between two presses. */
export async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(key);
    await page.waitForTimeout(200);
  }
}

/**
 * The TV's cookie choice made with OK when it is asked (spec 3 §4: the dialog's focus is on "Tout
 * accepter"). The dialog comes with /data, so the page settles first; an account that already
 * chose, in a journey before, is not asked again.
 */
export async function acceptTvCookies(page: Page) {
  await page.waitForLoadState('networkidle');
  const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
  // The dialog comes with the app's /data answer, which a busy main thread can ask after the
  // network was quiet for networkidle's 500 ms (the CI rehearsal's first D-pad press then met the
  // dialog): it is given a few seconds; a choice already made never shows it.
  await consent.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (await consent.isVisible()) {
    await press(page, 'Enter');
    await consent.waitFor({ state: 'detached' });
  }
}
