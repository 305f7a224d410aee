import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const data = (customer = makeCustomer()) => ({ 'GET /data': { response: { App: makeApp(), Customer: customer } } });

describe("A provider's data-deletion request, followed (decision 086)", () => {
  it('/customer/sso/deletion/:code says the request through Facebook was carried out, with its day and code', async () => {
    const app = renderApp('/customer/sso/deletion/Q3x9-abcDEF12345', {
      ...data(),
      'GET /customer/sso/deletion-status': {
        response: { Provider: 'Facebook', ReceivedAt: '2026-11-29T09:30:00.000Z', Status: 'done' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Suppression de vos données' })).toBeInTheDocument();
    expect(
      screen.getByText(/Votre demande transmise par Facebook le 29 novembre 2026 .* a été traitée/),
    ).toBeInTheDocument();
    expect(screen.getByText('Q3x9-abcDEF12345')).toBeInTheDocument();
    expect(app.callsTo('GET', '/customer/sso/deletion-status')[0]?.query.get('code')).toBe('Q3x9-abcDEF12345');
  });

  it('an unknown code (7) says it matches no request and offers the way home', async () => {
    renderApp('/customer/sso/deletion/unknown-code-1', {
      ...data(),
      'GET /customer/sso/deletion-status': { error: 7, status: 404 } as MockHandler,
    });
    expect(await screen.findByText(/Ce code de suivi ne correspond à aucune demande/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });
});

describe('The account page names the social account and the address it gave (decision 086)', () => {
  const apple = () => ({ ...subscriber(), login: null, loggedWith: 'Apple' });

  it('an Apple relay address is shown as such', async () => {
    renderApp('/customer/account', {
      ...data(apple()),
      'GET /customer/sso/accounts': {
        response: {
          SocialAccounts: [
            {
              provider: 'Apple',
              email: 'k7x2m9qp4d@privaterelay.appleid.com',
              emailForwarding: true,
              since: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(await screen.findByText('k7x2m9qp4d@privaterelay.appleid.com')).toBeInTheDocument();
    expect(screen.getByText('Compte Apple')).toBeInTheDocument();
    expect(screen.getByText(/Adresse relais d'Apple/)).toBeInTheDocument();
    expect(screen.queryByText(/ne transfère plus nos e-mails/)).not.toBeInTheDocument();
  });

  it('says when Apple stopped forwarding our mail to it', async () => {
    renderApp('/customer/account', {
      ...data(apple()),
      'GET /customer/sso/accounts': {
        response: {
          SocialAccounts: [
            {
              provider: 'Apple',
              email: 'k7x2m9qp4d@privaterelay.appleid.com',
              emailForwarding: false,
              since: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(await screen.findByText(/Apple ne transfère plus nos e-mails vers cette adresse/)).toBeInTheDocument();
  });

  it('an account with its own login asks nothing of the providers', async () => {
    const app = renderApp('/customer/account', { ...data(subscriber()) });
    expect(await screen.findByRole('heading', { name: /Mes informations/ })).toBeInTheDocument();
    expect(app.callsTo('GET', '/customer/sso/accounts')).toHaveLength(0);
  });
});
