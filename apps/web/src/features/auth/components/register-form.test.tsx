import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const visitorData = { response: { App: makeApp(), Customer: makeCustomer() } };

async function openRegister(handlers: Record<string, MockHandler>, path = '/customer/register') {
  const app = renderApp(path, { 'GET /data': visitorData, ...handlers });
  await screen.findByRole('heading', { name: 'Créer un compte' });
  return app;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
const errorUnder = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};
const fillValid = () => {
  type(/^Adresse email/, 'new@playz.test');
  type(/^Mot de passe/, 'secret1');
  type(/^Confirmation du mot de passe/, 'secret1');
};

describe('register (spec 1 §2, §5, §8)', () => {
  it('shows every field message under its field and calls no server', async () => {
    const app = await openRegister({});
    type(/^Mot de passe/, 'abcd');
    type(/^Confirmation du mot de passe/, 'abce');
    type(/^Code parental/, '12');
    submit();
    expect(errorUnder(/^Adresse email/)).toContain('Veuillez saisir votre adresse email');
    expect(errorUnder(/^Mot de passe/)).toContain('Le mot de passe est trop court');
    expect(errorUnder(/^Confirmation du mot de passe/)).toContain('Les mots de passe ne correspondent pas');
    expect(errorUnder(/^Code parental/)).toContain('Veuillez saisir un code à 4 chiffres');
    expect(screen.getByLabelText(/^Adresse email/)).toHaveAttribute('aria-invalid', 'true');
    expect(app.callsTo('POST', '/customer/register')).toHaveLength(0);
  });

  it('rejects an address without the at-sign-dot pattern', async () => {
    await openRegister({});
    type(/^Adresse email/, 'bob@example');
    submit();
    expect(errorUnder(/^Adresse email/)).toContain("L'adresse email saisie n'est pas valide");
  });

  it("puts 'Cette adresse email est déjà enregistrée' under the login on error 12", async () => {
    await openRegister({ 'POST /customer/register': { error: 12 } });
    fillValid();
    submit();
    await waitFor(() => expect(errorUnder(/^Adresse email/)).toContain('Cette adresse email est déjà enregistrée'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("puts 'Le mode passe n'est pas valide' under the password on error 14", async () => {
    await openRegister({ 'POST /customer/register': { error: 14 } });
    fillValid();
    submit();
    await waitFor(() => expect(errorUnder(/^Mot de passe/)).toContain("Le mode passe n'est pas valide"));
  });

  it('shows the generic message at form level for any other failure', async () => {
    await openRegister({ 'POST /customer/register': { error: 5, status: 500 } });
    fillValid();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });

  it('says to wait when the server refuses too many attempts (HTTP 429)', async () => {
    await openRegister({ 'POST /customer/register': { error: 4, status: 429 } });
    fillValid();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives');
  });

  it('sends the form with optional codes and the opt-in, then goes to / logged in (spec 1 §4)', async () => {
    let logged = false;
    const app = await openRegister({
      'GET /data': () => ({ response: { App: makeApp(), Customer: logged ? subscriber() : makeCustomer() } }),
      'POST /customer/register': () => {
        logged = true;
        return { response: { Customer: subscriber(), Result: 1 } };
      },
      'GET /page/home/rows': { response: { Rows: [] } },
    });
    fillValid();
    type(/^Code promo/, ' PROMO1 ');
    type(/^Code parental/, '1234');
    fireEvent.click(screen.getByLabelText(/J'accepte de recevoir/));
    submit();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    const body = app.callsTo('POST', '/customer/register')[0]!.body;
    expect(body.get('login')).toBe('new@playz.test');
    expect(body.get('password')).toBe('secret1');
    expect(body.get('password_confirm')).toBe('secret1');
    expect(body.get('promo_code')).toBe('PROMO1');
    expect(body.get('parental_code')).toBe('1234');
    expect(body.get('optin')).toBe('1');
    expect(app.callsTo('GET', '/data')).toHaveLength(2);
  });

  it('leaves the optional fields out when empty and returns to requested_url', async () => {
    const app = await openRegister(
      {
        'POST /customer/register': { response: { Customer: subscriber(), Result: 1 } },
      },
      '/customer/register?requested_url=%2Fcustomer%2Faccount',
    );
    fillValid();
    submit();
    await waitFor(() => expect(app.callsTo('POST', '/customer/register')).toHaveLength(1));
    const body = app.callsTo('POST', '/customer/register')[0]!.body;
    expect(body.has('promo_code')).toBe(false);
    expect(body.has('parental_code')).toBe(false);
    expect(body.get('optin')).toBe('0');
  });
});

describe('sign-in choice (spec 1 §2, §6 login types)', () => {
  const providers = [
    { name: 'Google', appID: 'g', redirectUri: '/cb/google' },
    { name: 'Facebook', appID: 'f', redirectUri: '/cb/facebook' },
    { name: 'Apple', appID: 'a', redirectUri: '/cb/apple' },
  ];

  it("links each provider to the server's authorize URL and keeps requested_url", async () => {
    renderApp('/customer/authentication?requested_url=%2Fseries', {
      'GET /data': { response: { App: makeApp({ singleSignOns: providers }), Customer: makeCustomer() } },
    });
    await screen.findByRole('heading', { name: 'Bienvenue' });
    for (const [name, id] of [
      ['Google', 'google'],
      ['Facebook', 'facebook'],
      ['Apple', 'apple'],
    ]) {
      expect(screen.getByRole('link', { name: `Continuer avec ${name}` })).toHaveAttribute(
        'href',
        `/api/1.2/customer/sso/${id}/authorize?requested_url=%2Fseries`,
      );
    }
    expect(screen.getByRole('link', { name: 'Continuer avec mon adresse email' })).toHaveAttribute(
      'href',
      '/customer/login?requested_url=%2Fseries',
    );
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      '/customer/register?requested_url=%2Fseries',
    );
  });

  it('never follows a requested_url to another site', async () => {
    renderApp('/customer/authentication?requested_url=https%3A%2F%2Fevil.example', {
      'GET /data': { response: { App: makeApp({ singleSignOns: providers }), Customer: makeCustomer() } },
    });
    expect(await screen.findByRole('link', { name: 'Continuer avec Google' })).toHaveAttribute(
      'href',
      '/api/1.2/customer/sso/google/authorize?requested_url=%2F',
    );
  });

  it('shows the log-in error when a social sign-on came back failed', async () => {
    renderApp('/customer/login?sso_error=17', { 'GET /data': visitorData });
    expect(await screen.findByRole('alert')).toHaveTextContent('Connexion impossible');
  });

  it('spec 1 §5 says the provider shared no e-mail address when a social sign-on came back with 15 (decision 078)', async () => {
    renderApp('/customer/login?sso_error=15', { 'GET /data': visitorData });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Votre compte n'a pas partagé d'adresse email avec Playz. Réessayez en autorisant l'accès à votre adresse email",
    );
  });
});
