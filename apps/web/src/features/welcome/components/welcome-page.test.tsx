import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Customer } from '@playz/api-contract';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

function openWelcome(path: string, customer: Customer, extra: Record<string, MockHandler> = {}) {
  return renderApp(path, { 'GET /data': { response: { App: makeApp(), Customer: customer } }, ...extra });
}

describe('welcome after subscription (spec 1 §2, spec 3 §2)', () => {
  it('greets with the service name, confirms, shows the login, terms links and the access button', async () => {
    openWelcome('/customer/welcome?requested_url=%2Fseries', subscriber({ loggedWith: 'playz' }));
    expect(await screen.findByRole('heading', { name: /^Bienvenue sur Playz\s!$/ })).toBeInTheDocument();
    expect(screen.getByText('Votre abonnement est activé. Bon visionnage !')).toBeInTheDocument();
    expect(screen.getByText('abonne@playz.fr')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accéder au service' })).toHaveAttribute('href', '/series');
    expect(screen.getByRole('link', { name: "Conditions générales d'utilisation" })).toHaveAttribute(
      'href',
      '/service/infos/terms',
    );
    expect(screen.getByRole('link', { name: 'Formulaire de rétractation' })).toBeInTheDocument();
  });

  it('goes home without requested_url', async () => {
    openWelcome('/customer/welcome', subscriber());
    expect(await screen.findByRole('link', { name: 'Accéder au service' })).toHaveAttribute('href', '/');
  });

  it('spec 1 §3 requestedUrl: without the query, the access button opens the page the payment started from', async () => {
    openWelcome('/customer/welcome', subscriber({ requestedUrl: '/series/2001/brigade-du-port' }));
    expect(await screen.findByRole('link', { name: 'Accéder au service' })).toHaveAttribute(
      'href',
      '/series/2001/brigade-du-port',
    );
  });

  it('spec 1 §3 requestedUrl: the query still comes first, and another site is never followed', async () => {
    openWelcome('/customer/welcome?requested_url=%2Fseries', subscriber({ requestedUrl: '/live' }));
    expect(await screen.findByRole('link', { name: 'Accéder au service' })).toHaveAttribute('href', '/series');
  });

  it('spec 1 §3 requestedUrl: a requested page of another site falls back home', async () => {
    openWelcome('/customer/welcome', subscriber({ requestedUrl: '//evil.example/x' }));
    expect(await screen.findByRole('link', { name: 'Accéder au service' })).toHaveAttribute('href', '/');
  });

  it('shows the domain mailbox with its password, change links and webmail', async () => {
    openWelcome('/customer/welcome', subscriber({ hasDomainMailbox: true, login: 'u42@playz.fr' }), {
      'GET /customer/domain-mailbox': { response: { Login: 'u42@playz.fr', Password: 'Xy7-pass' } },
    });
    expect(await screen.findByText('Xy7-pass')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier mon identifiant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier mon mot de passe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir le webmail' })).toHaveAttribute('href', 'https://webmail.playz.fr');
  });

  it('names the social provider of a social sign-on account', async () => {
    openWelcome('/customer/welcome', subscriber({ loggedWith: 'Facebook' }));
    expect(await screen.findByText('Vous êtes connecté avec votre compte Facebook.')).toBeInTheDocument();
  });

  it('?debug=1..5 forces each variant', async () => {
    const expectations: [string, string][] = [
      ['1', 'Votre identifiant :'],
      ['2', 'Nous avons créé votre adresse email playz.fr'],
      ['3', 'Vous êtes connecté avec votre compte'],
      ['4', 'Créez un compte pour retrouver votre abonnement'],
      ['5', 'profitez de tout le service'],
    ];
    for (const [debug, text] of expectations) {
      const view = openWelcome(`/customer/welcome?debug=${debug}`, subscriber());
      expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows a subscriber without an account no login, and the way to register', async () => {
    openWelcome('/customer/welcome', makeCustomer({ hasValidSubscription: true, productAccess: ['service'] }));
    expect(await screen.findByRole('link', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.queryByText('Votre identifiant :')).toBeNull();
  });
});
