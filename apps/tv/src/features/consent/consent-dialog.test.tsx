import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { focusPage } from '@/navigation/focus-memory';
import { pushKeyHandler } from '@/navigation/remote-keys';
import { renderTv } from '@/test/render-tv';

const cookieType = (id: number, type: 'Functional' | 'Analytics', mandatory: boolean) => ({
  id,
  type,
  name: type,
  description: '',
  mandatory,
  cookies: [],
});
// Only what the TV reads of /data: the cookie types and a visitor (the test client checks no schema).
const data = {
  App: { cookieTypes: [cookieType(1, 'Functional', true), cookieType(2, 'Analytics', false)] },
  Customer: { logged: false, consent: null, subscriptions: [] },
};
/** Waits until the remote's focus is on the button labelled `label`. */
const focusedIs = (label: string) =>
  waitFor(() => expect(document.querySelector('[data-focused]')?.textContent).toBe(label));
const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key })));

describe('cookie consent on the TV (spec 3 §4 cookie consent, decision 035 dialogs)', () => {
  afterEach(() => {
    for (const name of ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType1', 'hasAcceptedCookieType2'])
      document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('asks first with the focus on "Tout accepter"; back does not close it; OK records every type', async () => {
    const view = renderTv('/login', { 'GET /data': { response: data } });
    const dialog = await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
    await focusedIs('Tout accepter');
    press('Escape');
    expect(view.router.state.location.pathname).toBe('/login');
    expect(dialog.isConnected).toBe(true);
    press('Enter');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain('hasAcceptedCookieType2=1');
  });

  it('"functional only" refuses the optional types', async () => {
    renderTv('/login', { 'GET /data': { response: data } });
    await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
    await focusedIs('Tout accepter');
    press('ArrowRight');
    await focusedIs('Accepter uniquement les cookies fonctionnels');
    press('Enter');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain('hasAcceptedCookieType2=0');
    expect(document.cookie).toContain('hasAcceptedCookieType1=1');
  });

  it('over a screen that takes OK and the arrows itself (the player), OK and the arrows still act in the dialog', async () => {
    // A player's handler, below the dialog (pushed first), that would play / pause on OK and seek on arrows.
    const player = vi.fn(() => true);
    const stop = pushKeyHandler({ current: player });
    try {
      renderTv('/login', { 'GET /data': { response: data } });
      await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
      await focusedIs('Tout accepter');
      press('ArrowRight');
      await focusedIs('Accepter uniquement les cookies fonctionnels');
      // The page behind settling a frame later puts its focus back (use-page-focus.ts): under a
      // loaded CI run that came after the arrow and OK chose "Tout accepter". The dialog's own
      // focus stays where the viewer moved it.
      act(() => void focusPage());
      await focusedIs('Accepter uniquement les cookies fonctionnels');
      press('Enter');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.cookie).toContain('hasAcceptedCookieType2=0');
      expect(player).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('over a player opened after it (the channel player under the dialog on a first start), OK still acts in the dialog', async () => {
    renderTv('/login', { 'GET /data': { response: data } });
    await screen.findByRole('dialog', { name: 'Consentement aux cookies' });
    await focusedIs('Tout accepter');
    // The player's handler is added after the dialog's, as when the channel player mounts behind it:
    // newest first, it would take OK as play / pause and the dialog could never be answered.
    const player = vi.fn(() => true);
    const stop = pushKeyHandler({ current: player });
    try {
      press('Enter');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.cookie).toContain('hasAcceptedCookieType2=1');
      expect(player).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
