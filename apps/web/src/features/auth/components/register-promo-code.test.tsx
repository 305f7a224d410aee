import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// spec 1 §2 "optional promo code", §5; decision 019: malformed and unknown codes are shown under
// the field and the account is not created; a redeemed code shows on my account.

async function openRegister(handlers: Record<string, MockHandler> = {}) {
  const app = renderApp('/customer/register', {
    'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    ...handlers,
  });
  await screen.findByRole('heading', { name: 'Créer un compte' });
  return app;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorUnder = (label: RegExp) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
function fillAndSubmit(promo: string) {
  type(/^Adresse email/, 'new@playz.test');
  type(/^Mot de passe/, 'secret1');
  type(/^Confirmation du mot de passe/, 'secret1');
  type(/^Code promo/, promo);
  fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('promo code on the register form (decision 019)', () => {
  it('says a malformed code is not valid, under the field, without calling the server', async () => {
    const app = await openRegister();
    fillAndSubmit('BIEN VENUE');
    expect(errorUnder(/^Code promo/)).toContain("Ce code promo n'est pas valide");
    expect(document.activeElement).toBe(screen.getByLabelText(/^Code promo/));
    expect(app.callsTo('POST', '/customer/register')).toHaveLength(0);
  });

  it('says an unknown code does not exist (error 7), under the field, and stays on the form', async () => {
    const app = await openRegister({ 'POST /customer/register': { error: 7, status: 404 } });
    fillAndSubmit('NOEL-2099');
    await waitFor(() =>
      expect(errorUnder(/^Code promo/)).toContain("Ce code promo n'existe pas ou n'est plus valable"),
    );
    expect(app.router.state.location.pathname).toBe('/customer/register');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('redeemed promo code on my account (decision 019)', () => {
  it('shows the code and the day it was redeemed in the identity facts', async () => {
    renderApp('/customer/account', {
      'GET /data': {
        response: {
          App: makeApp(),
          Customer: subscriber({ promoCode: { code: 'BIENVENUE', redeemedAt: '2026-11-22T10:00:00.000Z' } }),
        },
      },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
    });
    const term = await screen.findByText('Code promo', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('BIENVENUE, utilisé le 22 novembre 2026');
  });

  it('shows no promo line when none was given', async () => {
    renderApp('/customer/account', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
    });
    await screen.findByRole('heading', { name: 'Mes informations' });
    expect(screen.queryByText('Code promo', { selector: 'dt' })).toBeNull();
  });
});
