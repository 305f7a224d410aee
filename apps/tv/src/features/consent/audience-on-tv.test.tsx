import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

const cookieType = (id: number, type: 'Functional' | 'Analytics', mandatory: boolean) => ({
  id,
  type,
  name: type,
  description: '',
  mandatory,
  cookies: [],
});
const data = {
  App: { cookieTypes: [cookieType(1, 'Functional', true), cookieType(2, 'Analytics', false)] },
  Customer: { logged: false, consent: null, subscriptions: [] },
};
const handlers = { 'GET /data': { response: data }, 'POST /audience/page-view': { response: { Success: true } } };
const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key })));
const focusedIs = (label: string) =>
  waitFor(() => expect(document.querySelector('[data-focused]')?.textContent).toBe(label));

/** The paths of the page views the TV sent, in order. */
function pageViews(fetchMock: ReturnType<typeof renderTv>['fetchMock']): string[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/audience/page-view') && init?.method === 'POST')
    .map(([, init]) => new URLSearchParams(String(init?.body)).get('path') ?? '');
}

describe('first-party audience on the TV after analytics consent (spec 3 §4 cookie consent; decision 088)', () => {
  afterEach(() => {
    for (const name of [
      'hasClosedCookieDefaultDialog',
      'hasAcceptedCookieType1',
      'hasAcceptedCookieType2',
      '_pa_id',
      '_pa_vis',
      '_pa_ses',
    ])
      document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('counts nothing before the choice, then each screen under /tv once analytics is accepted', async () => {
    const view = renderTv('/login', handlers);
    await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
    expect(pageViews(view.fetchMock)).toEqual([]);
    await focusedIs('Tout accepter');
    press('Enter');
    await waitFor(() => expect(pageViews(view.fetchMock)).toEqual(['/tv/login']));
    expect(document.cookie).toMatch(/_pa_id=[\w-]{16,}/);
    await act(() => view.router.navigate('/search'));
    await waitFor(() => expect(pageViews(view.fetchMock)).toEqual(['/tv/login', '/tv/search']));
  });

  it('sends nothing and keeps no measurement cookie when the viewer keeps the functional cookies only', async () => {
    const view = renderTv('/login', handlers);
    await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
    await focusedIs('Tout accepter');
    press('ArrowRight');
    await focusedIs('Accepter uniquement les cookies fonctionnels');
    press('Enter');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => view.router.navigate('/search'));
    expect(pageViews(view.fetchMock)).toEqual([]);
    expect(document.cookie).not.toContain('_pa_id');
  });
});
