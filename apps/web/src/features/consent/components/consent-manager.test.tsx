import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CookieType } from '@playz/api-contract';
import { makeApp, makeCustomer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { ANALYTICS_PUSH_EVENT } from '../api/use-eligibility-push';
import { isAnalyticsAllowed } from '@playz/queries';

const cookieTypes: CookieType[] = [
  {
    id: 1,
    type: 'Functional',
    name: 'Fonctionnels',
    description: 'Indispensables',
    mandatory: true,
    cookies: [{ id: 1, name: 'playz_sid', description: 'Session de connexion', expiration: 183 * 86_400 }],
  },
  {
    id: 2,
    type: 'Analytics',
    name: "Mesure d'audience",
    description: 'Audience',
    mandatory: false,
    cookies: [{ id: 4, name: '_pa_id', description: 'Identifiant de mesure', expiration: 1800 }],
  },
  { id: 3, type: 'Advertising', name: 'Publicité', description: 'Campagnes', mandatory: false, cookies: [] },
];

const SIX_MONTHS_S = 6 * 30 * 86_400;

/** The cookies that record the choice itself; accepting analytics also starts the measurement's own. */
const isConsentCookie = (cookie: string) => /^has(Closed|Accepted)Cookie/.test(cookie);
const consentCookiesOf = (written: string[]) => written.filter(isConsentCookie).map((cookie) => cookie.split(';')[0]);

function clearCookies() {
  for (const name of document.cookie.split(';').map((part) => part.split('=')[0]?.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

function setup(customer = makeCustomer(), extra: Record<string, MockHandler> = {}, path = '/error/not-found') {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor.set!.call(document, value);
  });
  const app = renderApp(path, {
    'GET /data': { response: { App: makeApp({ cookieTypes }), Customer: customer } },
    'GET /customer/eligibility/check': { response: { Eligibility: 1 } },
    'POST /audience/page-view': { response: { Success: true } },
    ...extra,
  });
  return { ...app, written };
}

describe('cookie consent banner and settings (spec 3 §4)', () => {
  afterEach(clearCookies);

  it('shows the banner until a choice; accept all writes the spec cookies for 6 months', async () => {
    const { written } = setup();
    const banner = await screen.findByRole('region', { name: 'Consentement aux cookies' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Tout accepter' }));
    expect(screen.queryByRole('region', { name: 'Consentement aux cookies' })).toBeNull();
    expect(consentCookiesOf(written)).toEqual([
      'hasClosedCookieDefaultDialog=1',
      'hasAcceptedCookieType1=1',
      'hasAcceptedCookieType2=1',
      'hasAcceptedCookieType3=1',
    ]);
    expect(written.filter(isConsentCookie).every((cookie) => cookie.includes(`Max-Age=${SIX_MONTHS_S}`))).toBe(true);
    expect(isAnalyticsAllowed()).toBe(true);
  });

  it('accept only functional refuses analytics and advertising', async () => {
    const { written, callsTo } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }));
    expect(written.map((cookie) => cookie.split(';')[0])).toContain('hasAcceptedCookieType2=0');
    expect(written.map((cookie) => cookie.split(';')[0])).toContain('hasAcceptedCookieType3=0');
    expect(isAnalyticsAllowed()).toBe(false);
    // No consent granted: no analytics push.
    expect(callsTo('GET', '/customer/eligibility/check')).toHaveLength(0);
  });

  it('opens the settings on #/service/cookies/settings: functional locked on, choices saved as Advanced', async () => {
    const { router, written } = setup();
    fireEvent.click(await screen.findByRole('link', { name: 'Paramétrer' }));
    expect(router.state.location.hash).toBe('#/service/cookies/settings');
    const dialog = screen.getByRole('dialog', { name: 'Paramètres des cookies' });
    const functional = within(dialog).getByRole('switch', { name: 'Fonctionnels' });
    expect(functional).toBeDisabled();
    expect((functional as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('playz_sid')).toBeInTheDocument();
    expect(within(dialog).getByText('30 minutes')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('switch', { name: "Mesure d'audience" }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer mes choix' })));
    expect(consentCookiesOf(written)).toEqual([
      'hasClosedCookieAdvancedDialog=1',
      'hasAcceptedCookieType1=1',
      'hasAcceptedCookieType2=1',
      'hasAcceptedCookieType3=0',
    ]);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Consentement aux cookies' })).toBeNull();
  });

  it('browser back closes the settings and the banner is still there', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByRole('link', { name: 'Paramétrer' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Consentement aux cookies' })).toBeInTheDocument();
  });
});

describe('the banner over a dialog a first visit opens onto (spec 3 §4, decision 015)', () => {
  afterEach(clearCookies);

  const tab = (shiftKey = false) =>
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

  it('on #/customer/login the banner is answered by keyboard and mouse, and the dialog goes on', async () => {
    const { router, written } = setup(makeCustomer(), {}, '/error/not-found#/customer/login');
    const dialog = await screen.findByRole('dialog', { name: 'Connexion' });
    const banner = await screen.findByRole('region', { name: 'Consentement aux cookies' });
    expect(dialog.contains(banner)).toBe(false);

    // Tab goes from the dialog's last control into the banner and back round to the dialog.
    const inDialog = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select')];
    const inBanner = [...banner.querySelectorAll<HTMLElement>('button, [href]')];
    inDialog.at(-1)!.focus();
    tab();
    expect(document.activeElement).toBe(within(banner).getByRole('link', { name: 'En savoir plus' }));
    tab(true);
    expect(document.activeElement).toBe(inDialog.at(-1));
    inBanner.at(-1)!.focus();
    tab();
    expect(document.activeElement).toBe(inDialog[0]);

    // Answering the banner leaves the dialog open; focus left on the page comes back into it.
    const acceptAll = within(banner).getByRole('button', { name: 'Tout accepter' });
    acceptAll.focus();
    fireEvent.click(acceptAll);
    expect(screen.queryByRole('region', { name: 'Consentement aux cookies' })).toBeNull();
    expect(written.map((cookie) => cookie.split(';')[0])).toContain('hasClosedCookieDefaultDialog=1');
    expect(screen.getByRole('dialog', { name: 'Connexion' })).toBe(dialog);
    expect(router.state.location.hash).toBe('#/customer/login');
    (document.activeElement as HTMLElement | null)?.blur();
    tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('consent follows the customer (decision 015) and the analytics push (spec 1 §7)', () => {
  afterEach(clearCookies);

  it('sends a logged customer’s choice to the account', async () => {
    const app = setup(makeCustomer({ logged: true, UID: 'c-9' }), {
      'POST /customer/consent': (request) => ({
        response: {
          Consent: {
            acceptedCookieTypeIds: request.body.get('cookie_type_ids')!.split(',').map(Number),
            updatedAt: '2026-11-22T03:00:00.000Z',
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }));
    await waitFor(() => expect(app.callsTo('POST', '/customer/consent')).toHaveLength(1));
    expect(app.callsTo('POST', '/customer/consent')[0]!.body.get('cookie_type_ids')).toBe('1');
  });

  it('adopts the account’s choice on a device without one: no banner, same cookies', async () => {
    const { written } = setup(
      makeCustomer({ logged: true, consent: { acceptedCookieTypeIds: [1, 3], updatedAt: '2026-11-01T00:00:00.000Z' } }),
    );
    await waitFor(() => expect(written.map((cookie) => cookie.split(';')[0])).toContain('hasAcceptedCookieType3=1'));
    expect(written.map((cookie) => cookie.split(';')[0])).toContain('hasAcceptedCookieType2=0');
    expect(screen.queryByRole('region', { name: 'Consentement aux cookies' })).toBeNull();
  });

  it('pushes the eligibility once some consent is granted, retrying every second until it answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answers = 0;
    const pushes: unknown[] = [];
    const onPush = (event: Event) => pushes.push((event as CustomEvent).detail);
    window.addEventListener(ANALYTICS_PUSH_EVENT, onPush);
    const app = setup(makeCustomer({ UID: 'c-42' }), {
      'GET /customer/eligibility/check': () =>
        ++answers < 2 ? { networkError: true } : { response: { Eligibility: 1 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Tout accepter' }));
    await waitFor(() => expect(pushes).toEqual([{ eligibility: 1 }]), { timeout: 3000 });
    const calls = app.callsTo('GET', '/customer/eligibility/check');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.query.get('cuid')).toBe('c-42');
    window.removeEventListener(ANALYTICS_PUSH_EVENT, onPush);
  });
});

describe('first-party audience measurement after analytics consent (spec 3 §4; decision 088)', () => {
  afterEach(clearCookies);
  const audienceCookies = () =>
    document.cookie
      .split(';')
      .map((part) => part.trim().split('=')[0])
      .filter((name) => name!.startsWith('_pa_'));

  it('accepting analytics counts the page on our own server under the measurement ids, and writes its three cookies', async () => {
    const { callsTo, written } = setup(makeCustomer(), {}, '/error/not-found');
    await screen.findByRole('region', { name: 'Consentement aux cookies' });
    expect(callsTo('POST', '/audience/page-view')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Tout accepter' }));
    await waitFor(() => expect(callsTo('POST', '/audience/page-view')).toHaveLength(1));
    const body = callsTo('POST', '/audience/page-view')[0]!.body;
    expect(body.get('path')).toBe('/error/not-found');
    for (const field of ['visitor', 'visit', 'session']) expect(body.get(field)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(audienceCookies().sort()).toEqual(['_pa_id', '_pa_ses', '_pa_vis']);
    // The visitor for 6 months, the session for 30 minutes, the visit until the browser closes.
    expect(written.find((c) => c.startsWith('_pa_id='))).toContain(`Max-Age=${SIX_MONTHS_S}`);
    expect(written.find((c) => c.startsWith('_pa_ses='))).toContain('Max-Age=1800');
    expect(written.find((c) => c.startsWith('_pa_vis='))).not.toContain('Max-Age');
  });

  it('refusing analytics sends nothing and writes none of its cookies; withdrawing it removes them', async () => {
    const { callsTo } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' }));
    await act(async () => {});
    expect(callsTo('POST', '/audience/page-view')).toHaveLength(0);
    expect(audienceCookies()).toEqual([]);

    clearCookies();
    document.cookie = '_pa_id=AAAAAAAAAAAAAAAAAAAAAA; Path=/';
    document.cookie = '_pa_ses=BBBBBBBBBBBBBBBBBBBBBB; Path=/';
    const again = setup();
    fireEvent.click(
      await screen
        .findAllByRole('button', { name: 'Accepter uniquement les cookies fonctionnels' })
        .then((b) => b.at(-1)!),
    );
    await waitFor(() => expect(audienceCookies()).toEqual([]));
    expect(again.callsTo('POST', '/audience/page-view')).toHaveLength(0);
  });
});
