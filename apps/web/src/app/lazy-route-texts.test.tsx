import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { en } from '@playz/i18n/en';
import { fr } from '@playz/i18n/fr';
import { nl } from '@playz/i18n/nl';
import { makeApp, makeCustomer } from '@/test/fixtures';

// A raw key of any namespace on screen is a screen rendered before its texts came.
// A key as i18next shows a missing one: `namespace.someKey`, lower case after the dot (prose has a
// capital or a space there).
const RAW_KEY = new RegExp(`(?<![a-zA-Z])(${Object.keys(fr).join('|')})\\.[a-z][a-zA-Z0-9_.]*`);

afterEach(() => cleanup());

// This file loads the app's modules afresh for each test (vi.resetModules): their first evaluation
// on a loaded CI machine takes longer than the 4 s a findBy waits by default.
const FIRST_RENDER = { timeout: 12_000 };

/**
 * The app as a first visit starts it: this file loads the router and the texts afresh, so only the
 * first screens' texts are in (src/test/setup.ts loads them all for the other tests).
 */
async function firstVisit(path: string, language: 'fr' | 'en' | 'nl' = 'fr') {
  vi.resetModules();
  const { AppRoutes } = await import('./router');
  const { createTestRouter } = await import('@/test/test-router');
  const { AppProviders } = await import('./providers');
  const { startI18n } = await import('@/lib/i18n');
  const { STORAGE_KEYS, writeStored } = await import('@/lib/storage');
  // The stored choice wins over the app's and the customer's French (spec 1 §4).
  if (language !== 'fr') writeStored(STORAGE_KEYS.locale, language);
  const { createWebApiClient } = await import('@/lib/api');
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const response =
      url.pathname === '/api/1.2/data' ? { App: makeApp(), Customer: makeCustomer() } : { Collections: [] };
    return new Response(JSON.stringify({ Response: response, Error: { Number: 0, Message: 'ok' } }));
  });
  const services = {
    api: createWebApiClient(fetchMock as unknown as typeof fetch),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
    i18n: await startI18n(language),
  };
  // Every text the page shows from its first render on, until the test's end.
  const shown: string[] = [];
  const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const { element } = createTestRouter(
    path,
    <>
      <AppRoutes />
      {/* A link as the pages have them, to reach a lazy route from the landing. */}
      <Link to="/temoignages">go to testimonials</Link>
    </>,
  );
  render(<AppProviders services={services}>{element}</AppProviders>);
  return {
    services,
    rawKeysShown: () => {
      observer.disconnect();
      return [...shown, document.body.textContent ?? ''].flatMap((text) => text.match(RAW_KEY)?.[0] ?? []);
    },
  };
}

describe('a lazy screen and its texts (decision 122, spec 1 §4 languages)', () => {
  it('spec 2 §9 the testimonials page, a lazy route, renders its French texts and never a raw key', async () => {
    const app = await firstVisit('/temoignages');
    // Its namespace is not in the first screens' texts: it came with the route.
    expect(app.services.i18n.exists('testimonials.title')).toBe(false);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ils regardent Playz' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(app.rawKeysShown()).toEqual([]);
  });

  it('spec 1 §4 a viewer speaking English opens a lazy route from the landing: its English texts, never a raw key', async () => {
    const app = await firstVisit('/', 'en');
    expect((await screen.findAllByRole('link', { name: en.menu.login }, FIRST_RENDER))[0]).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'go to testimonials' })));
    expect(
      await screen.findByRole('heading', { level: 1, name: en.testimonials.title }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(app.rawKeysShown()).toEqual([]);
  });

  it('spec 1 §4 a change of language on a lazy route brings that language with the screen texts', async () => {
    const app = await firstVisit('/temoignages');
    expect(
      await screen.findByRole('heading', { level: 1, name: fr.testimonials.title }, FIRST_RENDER),
    ).toBeInTheDocument();
    const { STORAGE_KEYS, writeStored } = await import('@/lib/storage');
    writeStored(STORAGE_KEYS.locale, 'nl');
    await act(() => app.services.i18n.changeLanguage('nl'));
    expect(
      await screen.findByRole('heading', { level: 1, name: nl.testimonials.title }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(app.rawKeysShown()).toEqual([]);
  });
});
