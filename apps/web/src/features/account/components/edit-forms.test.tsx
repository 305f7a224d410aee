import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const owner = (overrides: Partial<Customer> = {}) =>
  subscriber({ lastName: 'Martin', loggedWith: 'playz', ...overrides });

function openEdit(path: string, handlers: Record<string, MockHandler> = {}, customer = owner()) {
  return renderApp(path, {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    ...handlers,
  });
}
const errorUnder = (scope: ReturnType<typeof within>, label: RegExp) => {
  const input: HTMLElement = scope.getByLabelText(label);
  const ids: string[] = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('edit name (spec 1 §2, §4, §5)', () => {
  it('opens over my account by hash, requires both names, saves and goes back', async () => {
    const app = openEdit('/customer/account', {
      'POST /customer/edit': { response: { Customer: owner({ firstName: 'Léa', lastName: 'Durand' }) } },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Modifier mon nom' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier mon nom' }));
    expect(app.router.state.location.hash).toBe('#/customer/edit-name');
    expect(dialog.getByLabelText(/^Prénom/)).toHaveAttribute('value', 'Camille');
    fireEvent.change(dialog.getByLabelText(/^Prénom/), { target: { value: ' ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    expect(errorUnder(dialog, /^Prénom/)).toContain('Ce champ est obligatoire');
    expect(dialog.getByText('* Champs obligatoires')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Prénom/), { target: { value: 'Léa' } });
    fireEvent.change(dialog.getByLabelText(/^Nom/), { target: { value: 'Durand' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.hash).toBe('');
    const body = app.callsTo('POST', '/customer/edit')[0]!.body;
    expect([body.get('firstname'), body.get('lastname')]).toEqual(['Léa', 'Durand']);
    expect(await screen.findByText('Léa Durand')).toBeInTheDocument();
    expect(screen.getByText('Votre nom a été modifié')).toBeInTheDocument();
  });

  it('shows the generic message in the form when the call fails', async () => {
    openEdit('/customer/edit-name', { 'POST /customer/edit': { error: 5, status: 500 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });

  it('sends a social sign-on account back to its account page (own login only)', async () => {
    const app = openEdit('/customer/edit-name', {}, owner({ loggedWith: 'Apple' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/account'));
  });
});

describe('edit login (spec 1 §2, §5, §8)', () => {
  it("refuses an address on the service's own domain", async () => {
    const app = openEdit('/customer/edit-login');
    const page = within(await screen.findByRole('region', { name: 'Modifier mon identifiant' }));
    fireEvent.change(page.getByLabelText(/^Nouvelle adresse email/), { target: { value: 'moi@playz.fr' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    expect(errorUnder(page, /^Nouvelle adresse email/)).toContain("L'adresse email saisie n'est pas valide");
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
  });

  it("puts 'Cette adresse email est déjà enregistrée' under the field on error 12", async () => {
    openEdit('/customer/edit-login', { 'POST /customer/edit': { error: 12 } });
    const page = within(await screen.findByRole('region', { name: 'Modifier mon identifiant' }));
    fireEvent.change(page.getByLabelText(/^Nouvelle adresse email/), { target: { value: 'pris@example.com' } });
    fireEvent.change(page.getByLabelText(/^Mot de passe actuel/), { target: { value: 'mon-secret' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(errorUnder(page, /^Nouvelle adresse email/)).toContain('Cette adresse email est déjà enregistrée'),
    );
  });

  it('asks for the current password (decision 032) and puts 14 under it', async () => {
    const app = openEdit('/customer/edit-login', { 'POST /customer/edit': { error: 14 } });
    const page = within(await screen.findByRole('region', { name: 'Modifier mon identifiant' }));
    expect(errorUnder(page, /^Mot de passe actuel/)).toContain('confirmez avec votre mot de passe actuel');
    expect(page.getByLabelText(/^Mot de passe actuel/)).toHaveAttribute('autocomplete', 'current-password');
    fireEvent.change(page.getByLabelText(/^Nouvelle adresse email/), { target: { value: 'neuf@example.com' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    expect(errorUnder(page, /^Mot de passe actuel/)).toContain('Veuillez saisir votre mot de passe');
    expect(document.activeElement).toBe(page.getByLabelText(/^Mot de passe actuel/));
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
    fireEvent.change(page.getByLabelText(/^Mot de passe actuel/), { target: { value: 'pas-le-bon' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(errorUnder(page, /^Mot de passe actuel/)).toContain("Le mode passe n'est pas valide"));
    const body = app.callsTo('POST', '/customer/edit')[0]!.body;
    expect([body.get('login'), body.get('current_password')]).toEqual(['neuf@example.com', 'pas-le-bon']);
  });
});

describe('edit password (spec 1 §2, §5, §8)', () => {
  it('checks the current password, length and confirmation, then shows 14 under the current password', async () => {
    const app = openEdit('/customer/edit-password', { 'POST /customer/edit': { error: 14 } });
    const page = within(await screen.findByRole('region', { name: 'Modifier mon mot de passe' }));
    fireEvent.change(page.getByLabelText(/^Nouveau mot de passe/), { target: { value: 'abcd' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    expect(errorUnder(page, /^Mot de passe actuel/)).toContain('Veuillez saisir votre mot de passe');
    expect(errorUnder(page, /^Nouveau mot de passe/)).toContain('Le mot de passe est trop court');
    expect(errorUnder(page, /^Confirmation du mot de passe/)).toContain('Veuillez saisir votre mot de passe');
    expect(document.activeElement).toBe(page.getByLabelText(/^Mot de passe actuel/));
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
    fireEvent.change(page.getByLabelText(/^Mot de passe actuel/), { target: { value: 'ancien' } });
    fireEvent.change(page.getByLabelText(/^Nouveau mot de passe/), { target: { value: 'abcdef' } });
    fireEvent.change(page.getByLabelText(/^Confirmation du mot de passe/), { target: { value: 'abcdef' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(errorUnder(page, /^Mot de passe actuel/)).toContain("Le mode passe n'est pas valide"));
    expect(errorUnder(page, /^Nouveau mot de passe/)).not.toContain("n'est pas valide");
    const body = app.callsTo('POST', '/customer/edit')[0]!.body;
    expect([body.get('current_password'), body.get('password'), body.get('password_confirm')]).toEqual([
      'ancien',
      'abcdef',
      'abcdef',
    ]);
  });

  it('saves with the current password and goes back with the toast', async () => {
    const app = openEdit('/customer/edit-password', { 'POST /customer/edit': { response: { Customer: owner() } } });
    const page = within(await screen.findByRole('region', { name: 'Modifier mon mot de passe' }));
    fireEvent.change(page.getByLabelText(/^Mot de passe actuel/), { target: { value: 'ancien' } });
    fireEvent.change(page.getByLabelText(/^Nouveau mot de passe/), { target: { value: 'nouveau-1' } });
    fireEvent.change(page.getByLabelText(/^Confirmation du mot de passe/), { target: { value: 'nouveau-1' } });
    fireEvent.click(page.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/account'));
    expect(screen.getByText('Votre mot de passe a été modifié')).toBeInTheDocument();
  });
});
