import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

// The log-in and subscribe labels of the four catalogues: the Spanish pair is the widest.
const LABELS = {
  fr: { login: 'Connexion', subscribe: "S'abonner" },
  en: { login: 'Log in', subscribe: 'Subscribe' },
  nl: { login: 'Inloggen', subscribe: 'Abonneren' },
  es: { login: 'Iniciar sesión', subscribe: 'Suscribirse' },
} as const;
type Lang = keyof typeof LABELS;

async function openInLanguage(page: Page, lang: Lang) {
  await page.goto('/service/infos');
  if (lang !== 'fr') await page.getByLabel('Langue').selectOption(lang);
  await page.getByRole('banner').getByRole('link', { name: LABELS[lang].subscribe }).waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Every control of the top menu, left to right, with its box and whether its text is cut. */
async function topMenuControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.top-menu a, .top-menu button')].map((el) => {
      const box = el.getBoundingClientRect();
      const label = [...el.querySelectorAll<HTMLElement>('span')].find((span) => span.clientWidth > 1);
      return {
        text: el.innerText.trim(),
        left: box.left,
        right: box.right,
        cut: label ? label.scrollWidth > label.clientWidth : false,
      };
    }),
  );
}

function expectSideBySideInside(controls: Awaited<ReturnType<typeof topMenuControls>>, width: number) {
  for (const [i, control] of controls.entries()) {
    expect(control.left, control.text).toBeGreaterThanOrEqual(0);
    expect(control.right, control.text).toBeLessThanOrEqual(width);
    expect(control.cut, `${control.text} is cut`).toBe(false);
    if (i > 0) expect(control.left, control.text).toBeGreaterThanOrEqual(controls[i - 1]!.right);
  }
}

describe('top menu fits phones in every language (spec 1 §2 Layout)', () => {
  for (const width of [360, 390]) {
    for (const lang of Object.keys(LABELS) as Lang[]) {
      it(`${lang} at ${width} px: every control inside the screen, log-in named ${LABELS[lang].login}`, async () => {
        const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 844 } });
        const page = await context.newPage();
        await openInLanguage(page, lang);
        // On a phone the log-in link shows an icon; its label stays as the accessible name.
        await page.getByRole('banner').getByRole('link', { name: LABELS[lang].login, exact: true }).waitFor();
        expectSideBySideInside(await topMenuControls(page), width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await screenshot(page, `top-menu-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('es at 360 px logged in without a subscription: subscribe and the account button both fit', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 844 } });
    const page = await context.newPage();
    await page.goto('/customer/login');
    await fillLogIn(page, 'visiteur@playz.fr', 'playz2026');
    await page.waitForURL((url) => !url.pathname.startsWith('/customer/login'));
    await openInLanguage(page, 'es');
    await page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('button', { name: 'Inès' }).waitFor();
    expectSideBySideInside(await topMenuControls(page), 360);
    await screenshot(page, 'top-menu-es-360-logged');
    await context.close();
  });

  it('es from 641 to 960 px: the live-channels link turns to its icon rather than squeezing the buttons', async () => {
    for (const width of [641, 768, 960]) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await openInLanguage(page, 'es');
      await page.getByRole('banner').getByRole('link', { name: 'Canales en directo' }).waitFor();
      expectSideBySideInside(await topMenuControls(page), width);
      await context.close();
    }
  });
});
