import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer, Profile } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

function makeProfile(uuid: string, userName: string, overrides: Partial<Profile> = {}): Profile {
  return {
    UUID: uuid,
    userName,
    posterUrl: null,
    previewUrl: null,
    thumbnailUrl: null,
    profilePictureID: null,
    isKids: false,
    ...overrides,
  };
}

const camille = makeProfile('p1', 'Camille', { thumbnailUrl: '/media/p/1.png', profilePictureID: 1 });
const leo = makeProfile('p2', 'Léo', { isKids: true, thumbnailUrl: '/media/p/2.png', profilePictureID: 2 });

const PICTURES = [1, 2, 3].map((id) => ({
  ID: id,
  Name: `Image ${id}`,
  urls: { poster: `/media/p/${id}.png`, preview: `/media/p/${id}.png`, thumbnail: `/media/p/${id}.png` },
}));

const owner = (overrides: Partial<Customer> = {}) =>
  subscriber({ loggedWith: 'playz', profiles: [camille, leo], ...overrides });

function openAccount(customer: Customer, extra: Record<string, MockHandler> = {}) {
  return renderApp('/customer/account', {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: PICTURES } },
    ...extra,
  });
}

const profilesBlock = async () => within(await screen.findByRole('region', { name: 'Profils' }));

function typeCode(code: string) {
  const dialog = screen.getByRole('dialog', { name: 'Quitter le profil enfant' });
  code.split('').forEach((digit, index) => {
    fireEvent.change(within(dialog).getByLabelText(`Chiffre ${index + 1} sur 4`), { target: { value: digit } });
  });
}

describe('profiles on my account (spec 1 §3, §7; kids profiles, decision 009)', () => {
  it('creates a kids profile with a name and a chosen picture', async () => {
    const created = makeProfile('p3', 'Zoé', { isKids: true, thumbnailUrl: '/media/p/3.png', profilePictureID: 3 });
    const app = openAccount(owner(), {
      'POST /customer/edit/profile': {
        response: { Profile: created, Customer: owner({ profiles: [camille, leo, created] }) },
      },
    });
    const block = await profilesBlock();
    fireEvent.click(block.getByRole('button', { name: 'Ajouter un profil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau profil' }));
    fireEvent.change(dialog.getByLabelText(/Nom du profil/), { target: { value: ' Zoé ' } });
    fireEvent.click(await dialog.findByRole('radio', { name: 'Image 3' }));
    fireEvent.click(dialog.getByRole('switch', { name: /Profil enfant/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Créer le profil' }));

    expect(await block.findByText('Zoé')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nouveau profil' })).toBeNull();
    expect(screen.getByText('Profil créé')).toBeInTheDocument();
    const [call] = app.callsTo('POST', '/customer/edit/profile');
    expect(call!.body.get('customer_profile_uuid')).toBeNull();
    expect(call!.body.get('username')).toBe('Zoé');
    expect(call!.body.get('profile_picture_id')).toBe('3');
    expect(call!.body.get('is_kids')).toBe('1');
  });

  it('says when the name is already used by another profile', async () => {
    openAccount(owner(), { 'POST /customer/edit/profile': { error: 40, status: 409 } });
    const block = await profilesBlock();
    fireEvent.click(block.getByRole('button', { name: 'Modifier le profil Léo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le profil' }));
    fireEvent.change(dialog.getByLabelText(/Nom du profil/), { target: { value: 'Camille' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await dialog.findByText('Un autre profil porte déjà ce nom.')).toBeInTheDocument();
  });

  it('does not offer the kids switch for the first profile', async () => {
    openAccount(owner());
    fireEvent.click((await profilesBlock()).getByRole('button', { name: 'Modifier le profil Camille' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le profil' }));
    expect(dialog.getByRole('switch', { name: /Profil enfant/ })).toBeDisabled();
    expect(dialog.getByText(/ne peut pas être un profil enfant/)).toBeInTheDocument();
  });

  it('deletes a profile after confirmation; the first profile cannot be deleted', async () => {
    const app = openAccount(owner(), {
      'POST /customer/profile/delete': { response: { Customer: owner({ profiles: [camille] }) } },
    });
    const block = await profilesBlock();
    expect(block.queryByRole('button', { name: 'Supprimer le profil Camille' })).toBeNull();
    fireEvent.click(block.getByRole('button', { name: 'Supprimer le profil Léo' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Supprimer ce profil ?' }));
    expect(dialog.getByText(/Le profil Léo, son historique/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(block.queryByText('Léo')).toBeNull());
    expect(app.callsTo('POST', '/customer/profile/delete')[0]!.body.get('customer_profile_uuid')).toBe('p2');
  });

  it('switches to another profile at once when leaving a grown-up profile', async () => {
    const app = openAccount(owner(), {
      'POST /customer/profile/switch': { response: { Customer: owner({ currentProfileIndex: 1 }) } },
    });
    const block = await profilesBlock();
    fireEvent.click(block.getByRole('button', { name: 'Utiliser le profil Léo' }));
    expect(await screen.findByText('Vous utilisez le profil Léo')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Quitter le profil enfant' })).toBeNull();
    expect(app.callsTo('POST', '/customer/profile/switch')[0]!.body.get('code')).toBeNull();
    await waitFor(() => expect(block.getAllByRole('listitem')[1]).toHaveTextContent('Profil actuel'));
  });

  it('asks the parental code to leave a kids profile; a wrong code is said, the right one switches', async () => {
    const app = openAccount(owner({ currentProfileIndex: 1, hasParentalCode: true }), {
      'POST /customer/profile/switch': ({ body }) =>
        body.get('code') === '1234'
          ? { response: { Customer: owner({ currentProfileIndex: 0, hasParentalCode: true }) } }
          : { error: 4, status: 403 },
    });
    const block = await profilesBlock();
    fireEvent.click(block.getByRole('button', { name: 'Utiliser le profil Camille' }));
    await screen.findByRole('dialog', { name: 'Quitter le profil enfant' });
    expect(screen.getByText('Saisissez le code parental pour passer au profil Camille.')).toBeInTheDocument();
    typeCode('1111');
    expect(await screen.findByText('Le code parental est incorrect')).toBeInTheDocument();
    typeCode('1234');
    expect(await screen.findByText('Vous utilisez le profil Camille')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Quitter le profil enfant' })).toBeNull();
    expect(app.callsTo('POST', '/customer/profile/switch').map((call) => call.body.get('code'))).toEqual([
      '1111',
      '1234',
    ]);
  });

  it('shows the lockout message when the server has locked the parental code', async () => {
    openAccount(owner({ currentProfileIndex: 1, hasParentalCode: true }), {
      'POST /customer/profile/switch': { error: 4, status: 429 },
    });
    fireEvent.click((await profilesBlock()).getByRole('button', { name: 'Utiliser le profil Camille' }));
    await screen.findByRole('dialog', { name: 'Quitter le profil enfant' });
    typeCode('1234');
    expect(await screen.findByText('Trop de tentatives. Réessayez dans quelques minutes.')).toBeInTheDocument();
  });

  it('hides the account management from a kids profile (decision 009)', async () => {
    openAccount(owner({ currentProfileIndex: 1, hasParentalCode: true }));
    const block = await profilesBlock();
    expect(screen.getByText(/La gestion du compte n’est pas disponible depuis un profil enfant/)).toBeInTheDocument();
    expect(block.queryByRole('button', { name: 'Ajouter un profil' })).toBeNull();
    expect(block.queryByRole('button', { name: 'Modifier le profil Camille' })).toBeNull();
    expect(block.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(block.getByRole('button', { name: 'Modifier le profil Léo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modifier mon nom' })).toBeNull();
    expect(screen.queryByRole('button', { name: /code parental/i })).toBeNull();
  });
});

describe('profile switcher in the account menu (spec 1 §2 layout; decision 009)', () => {
  it('lists the profiles with their avatars and asks the parental code to leave a kids profile', async () => {
    const app = openAccount(owner({ currentProfileIndex: 1, hasParentalCode: true }), {
      'POST /customer/profile/switch': { response: { Customer: owner({ hasParentalCode: true }) } },
    });
    await profilesBlock();
    fireEvent.click(screen.getByRole('button', { name: /Léo/, expanded: false }));
    const group = within(screen.getByRole('group', { name: 'Changer de profil' }));
    expect(group.getByRole('menuitemradio', { name: /Léo/ })).toHaveAttribute('aria-checked', 'true');
    const target = group.getByRole('menuitemradio', { name: /Camille/ });
    expect(target.querySelector('img')).toHaveAttribute('src', '/media/p/1.png');
    fireEvent.click(target);
    await screen.findByRole('dialog', { name: 'Quitter le profil enfant' });
    typeCode('1234');
    expect(await screen.findByText('Vous utilisez le profil Camille')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/profile/switch')[0]!.body.get('code')).toBe('1234');
  });
});
