import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { renderWidget } from '@/test/render-widget';
import { ParentalCodeDialog } from './parental-code-dialog';

// Forgotten parental code (decision 019): "Code oublié ?" in the parental-code dialog (spec 1 §2
// shared widgets) and in the account's parental-code section.

const ownLogin = { loggedWith: 'playz' };
const google = { loggedWith: 'Google' };
const label = (text: RegExp) => screen.getByLabelText(text) as HTMLInputElement;
const errorUnder = (text: RegExp) =>
  (label(text).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('"Code oublié ?" in the parental-code dialog', () => {
  it('confirms the account password, saves the new code, then goes on with it as if typed', async () => {
    const verify = vi.fn(async (code: string) => code === '2468');
    const onSuccess = vi.fn();
    const app = renderWidget(
      <ParentalCodeDialog verify={verify} onSuccess={onSuccess} onCancel={() => {}} customer={ownLogin} />,
      { handlers: { 'POST /customer/parental-code/reset': { response: { Customer: subscriber() } } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    expect(screen.getByRole('heading', { name: 'Nouveau code parental' })).toBeInTheDocument();
    expect(document.activeElement).toBe(label(/^Mot de passe du compte/));
    fireEvent.change(label(/^Mot de passe du compte/), { target: { value: 'secret-1' } });
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('2468'));
    expect(verify).toHaveBeenCalledWith('2468');
    const body = app.callsTo('POST', '/customer/parental-code/reset')[0]!.body;
    expect([body.get('password'), body.get('code')]).toEqual(['secret-1', '2468']);
    expect(await screen.findByText('Votre code parental a été enregistré')).toBeInTheDocument();
  });

  it('checks the fields first, then puts a wrong password (14) under the password field', async () => {
    const app = renderWidget(
      <ParentalCodeDialog verify={async () => true} onSuccess={() => {}} onCancel={() => {}} customer={ownLogin} />,
      { handlers: { 'POST /customer/parental-code/reset': { error: 14 } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(errorUnder(/^Mot de passe du compte/)).toContain('Veuillez saisir votre mot de passe');
    expect(errorUnder(/^Nouveau code( \*)?$/)).toContain('Veuillez saisir un code à 4 chiffres');
    expect(app.callsTo('POST', '/customer/parental-code/reset')).toHaveLength(0);

    fireEvent.change(label(/^Mot de passe du compte/), { target: { value: 'wrong' } });
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(errorUnder(/^Mot de passe du compte/)).toContain("Le mode passe n'est pas valide"));
  });

  it('says to wait when the tries are used up (HTTP 429), and Annuler goes back to the code boxes', async () => {
    renderWidget(
      <ParentalCodeDialog verify={async () => true} onSuccess={() => {}} onCancel={() => {}} customer={ownLogin} />,
      { handlers: { 'POST /customer/parental-code/reset': { error: 4, status: 429 } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    fireEvent.change(label(/^Mot de passe du compte/), { target: { value: 'secret-1' } });
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Chiffre 1 sur 4')));
  });

  it('asks a social account to sign in again with its provider instead of a password', async () => {
    renderWidget(
      <ParentalCodeDialog verify={async () => true} onSuccess={() => {}} onCancel={() => {}} customer={google} />,
      { path: '/series', handlers: { 'POST /customer/parental-code/reset': { error: 42, status: 401 } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    expect(screen.queryByLabelText(/^Mot de passe du compte/)).toBeNull();
    expect(screen.getByText(/Votre compte est lié à Google/)).toBeInTheDocument();
    // The provider brings the customer back to this page.
    expect(screen.getByRole('link', { name: 'Se reconnecter avec Google' })).toHaveAttribute(
      'href',
      '/api/1.2/customer/sso/google/authorize?requested_url=%2Fseries',
    );
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre connexion avec Google date de plus de 10 minutes : reconnectez-vous d’abord.',
    );
  });

  it('offers no "Code oublié ?" without a logged customer', () => {
    renderWidget(<ParentalCodeDialog verify={async () => true} onSuccess={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Code oublié ?' })).toBeNull();
  });
});

describe('"Code oublié ?" on my account', () => {
  it('sets a new code from the parental-code section and shows the saved state', async () => {
    const customer = subscriber({ loggedWith: 'playz', hasParentalCode: true });
    const app = renderApp('/customer/account', {
      'GET /data': { response: { App: makeApp(), Customer: customer } },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
      'POST /customer/parental-code/reset': { response: { Customer: customer } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Changer le code parental' }));
    fireEvent.click(screen.getByRole('button', { name: 'Code oublié ?' }));
    fireEvent.change(label(/^Mot de passe du compte/), { target: { value: 'playz2026' } });
    fireEvent.change(label(/^Nouveau code( \*)?$/), { target: { value: '9753' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre code parental a été enregistré')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Changer le code parental' })).toBeInTheDocument();
    const body = app.callsTo('POST', '/customer/parental-code/reset')[0]!.body;
    expect([body.get('password'), body.get('code')]).toEqual(['playz2026', '9753']);
  });

  it('offers it only when a code exists', async () => {
    renderApp('/customer/account', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber({ hasParentalCode: false }) } },
      'GET /customer/active-devices': { response: { Devices: [] } },
      'GET /profile-pictures': { response: { ProfilePictures: [] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Définir un code parental' }));
    expect(screen.queryByRole('button', { name: 'Code oublié ?' })).toBeNull();
  });
});
