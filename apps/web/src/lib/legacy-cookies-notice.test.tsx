import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { isMigrationNoticePending, migrateLegacyCookies } from './legacy-cookies';

// Decision 019: the old session is not restored; a former customer of the replay site sees the
// migration notice (spec 1 §1, #/service/migration/replay-tv-france) and signs in again.

function arriveWithOldCookies() {
  const { window } = new JSDOM('', { url: 'https://www.playz.fr/' });
  window.document.cookie = `user=${encodeURIComponent('{"id":"rtf-1","token":"t","logged":1}')}; Path=/`;
  migrateLegacyCookies(window.document, window.location);
}

afterEach(() => localStorage.clear());

describe('migration notice after the cookie migration (spec 1 §4)', () => {
  it('opens #/service/migration/replay-tv-france once the data says the visitor is not signed in', async () => {
    arriveWithOldCookies();
    const app = renderApp('/error/not-found', {
      'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    });
    const notice = await screen.findByRole(
      'alertdialog',
      { name: 'Replay TV France devient Playz' },
      { timeout: 5000 },
    );
    expect(notice).toHaveTextContent('connectez-vous avec votre adresse email et votre mot de passe habituels');
    expect(app.router.state.location).toMatchObject({
      pathname: '/error/not-found',
      hash: '#/service/migration/replay-tv-france',
    });
    expect(isMigrationNoticePending()).toBe(false);
  });

  it('shows nothing to a customer already signed in to Playz, and forgets the notice', async () => {
    arriveWithOldCookies();
    const app = renderApp('/customer/account', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
    });
    await screen.findByRole('heading', { name: 'Mon compte' });
    await waitFor(() => expect(isMigrationNoticePending()).toBe(false));
    expect(app.router.state.location.hash).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows nothing to a visitor who never had the old cookies', async () => {
    const app = renderApp('/error/not-found', {
      'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    });
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    expect(app.router.state.location.hash).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
