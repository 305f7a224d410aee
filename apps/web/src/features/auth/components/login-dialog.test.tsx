import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIALOG_OPENED_STATE } from '@/lib/dialog-route';
import { makeApp, makeCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// spec 1 §2: the desktop #/customer/login dialog offers what the /customer/login page offers:
// forgotten password, forgotten login and registration, each opening its own dialog over the
// same page.

const data = { 'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } } };

describe('#/customer/login dialog links (spec 1 §2)', () => {
  it.each([
    ['Mot de passe oublié ?', '#/customer/forgot-password', 'Mot de passe oublié'],
    ['Identifiant oublié ?', '#/customer/forgot-login', 'Identifiant oublié'],
    ['Créer un compte', '#/customer/register', 'Créer un compte'],
  ])('"%s" swaps the dialog for %s over the same page', async (link, hash, title) => {
    const app = renderApp('/error/not-found#/customer/login', data);
    const login = await screen.findByRole('dialog', { name: 'Connexion' });
    fireEvent.click(within(login).getByRole('link', { name: link }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Connexion' })).toBeNull();
    expect(app.router.state.location).toMatchObject({ pathname: '/error/not-found', hash });
    expect(screen.getByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
  });

  it('keeps the way back: closing the next dialog returns to the page the login dialog opened over', async () => {
    const app = renderApp('/error/not-found', data);
    await screen.findByRole('heading', { name: 'Page non trouvée' });
    await act(() => app.router.navigate({ hash: '#/customer/login' }, { state: DIALOG_OPENED_STATE }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Connexion' })).getByRole('link', {
        name: 'Mot de passe oublié ?',
      }),
    );
    await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location).toMatchObject({ pathname: '/error/not-found', hash: '' });
    expect(app.router.state.historyAction).toBe('POP');
  });

  it('leaves the /customer/login page links as page links', async () => {
    renderApp('/customer/login?requested_url=%2Fseries', data);
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/customer/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Identifiant oublié ?' })).toHaveAttribute(
      'href',
      '/customer/forgot-login',
    );
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      '/customer/register?requested_url=%2Fseries',
    );
  });
});
