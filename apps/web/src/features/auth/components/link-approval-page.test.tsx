import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Customer } from '@playz/api-contract';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const path = '/customer/link?code=ABCD2345';
function openLink(customer: Customer, handlers: Record<string, MockHandler>) {
  return renderApp(path, { 'GET /data': { response: { App: makeApp(), Customer: customer } }, ...handlers });
}

describe('TV link code approved from a phone (spec 1 §3 account link codes, decision 011)', () => {
  it('asks a visitor to log in first and come back to the code', async () => {
    openLink(makeCustomer(), { 'GET /customer/account/link/check': { response: { Result: true, Action: 'login' } } });
    expect(await screen.findByText('ABCD2345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/customer/login?requested_url=%2Fcustomer%2Flink%3Fcode%3DABCD2345',
    );
  });

  it('puts registration first when the TV asked for it', async () => {
    openLink(makeCustomer(), {
      'GET /customer/account/link/check': { response: { Result: true, Action: 'register' } },
    });
    expect(await screen.findByText('Créez votre compte pour connecter votre TV.')).toBeInTheDocument();
  });

  it('lets a logged phone approve, then confirms', async () => {
    const app = openLink(subscriber(), {
      'GET /customer/account/link/check': { response: { Result: true, Action: 'login' } },
      'POST /customer/account/link/approve': { response: { Success: true } },
    });
    expect(await screen.findByText('Votre TV sera connectée au compte abonne@playz.fr.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connecter ma TV' }));
    expect(await screen.findByRole('heading', { name: 'TV connectée' })).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/account/link/approve')[0]?.body.get('code')).toBe('ABCD2345');
  });

  it('says a dead code is no longer valid', async () => {
    openLink(subscriber(), { 'GET /customer/account/link/check': { response: { Result: false, Action: null } } });
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce code n'est plus valable");
  });

  it('says so when the code died before the approval (7)', async () => {
    openLink(subscriber(), {
      'GET /customer/account/link/check': { response: { Result: true, Action: 'login' } },
      'POST /customer/account/link/approve': { error: 7, status: 404 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connecter ma TV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce code n'est plus valable");
  });
});
