import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

/** The server side of a login: /data answers a visitor until POST /customer succeeded. */
function loginServer(): Record<string, MockHandler> {
  let logged = false;
  return {
    'GET /data': () => ({ response: { App: makeApp(), Customer: logged ? subscriber() : makeCustomer() } }),
    'POST /customer': () => {
      logged = true;
      return { response: { Customer: subscriber() } };
    },
  };
}

async function openLogin(handlers: Record<string, MockHandler>) {
  const app = renderApp('/customer/login', {
    'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    ...handlers,
  });
  await screen.findByRole('heading', { name: 'Connexion' });
  return app;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login form (spec 1 §2, §4, §5, §8)', () => {
  it('shows the spec messages under each empty field and calls no server', async () => {
    const app = await openLogin({});
    submit();
    const login = screen.getByLabelText(/Adresse email/);
    const password = screen.getByLabelText(/Mot de passe/);
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(login.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Veuillez saisir votre adresse email',
    );
    expect(document.getElementById(password.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Veuillez saisir votre mot de passe',
    );
    expect(app.callsTo('POST', '/customer')).toHaveLength(0);
  });

  it('clears a field message once the field is filled and submitted again', async () => {
    await openLogin({ 'POST /customer': { error: 11, status: 401 } });
    submit();
    type(/Adresse email/, 'abonne@playz.fr');
    submit();
    expect(screen.queryByText('Veuillez saisir votre adresse email')).toBeNull();
    expect(screen.getByText('Veuillez saisir votre mot de passe')).toBeInTheDocument();
  });

  it("shows 'Connexion impossible' at form level when the server refuses the credentials", async () => {
    const app = await openLogin({ 'POST /customer': { error: 11, message: 'Authentication failed', status: 401 } });
    type(/Adresse email/, 'abonne@playz.fr');
    type(/Mot de passe/, 'wrong-password');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connexion impossible');
    const [call] = app.callsTo('POST', '/customer');
    expect(call?.body.get('login')).toBe('abonne@playz.fr');
    expect(call?.body.get('password')).toBe('wrong-password');
    expect(app.router.state.location.pathname).toBe('/customer/login');
  });

  it('shows the generic message for any other failure', async () => {
    await openLogin({ 'POST /customer': { networkError: true } });
    type(/Adresse email/, 'abonne@playz.fr');
    type(/Mot de passe/, 'playz2026');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });

  it('reloads the application data and goes home on success', async () => {
    const app = await openLogin({ ...loginServer(), 'GET /page/home/rows': { response: { Rows: [] } } });
    type(/Adresse email/, ' abonne@playz.fr ');
    type(/Mot de passe/, 'playz2026');
    submit();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.callsTo('GET', '/data')).toHaveLength(2);
    expect(app.callsTo('POST', '/customer')[0]?.body.get('login')).toBe('abonne@playz.fr');
    // Logged in: the account menu replaces the login link.
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: /Camille/ })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Connexion' })).toBeNull();
  });
});
