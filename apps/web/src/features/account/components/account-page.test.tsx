import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer, Device, Subscription } from '@playz/api-contract';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const HOUR = 3_600_000;

function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    purchaseID: 1,
    billingType: 'CreditCard',
    productID: 1,
    product: 'Service',
    productPriceID: 11,
    price: 7.99,
    currency: 'EUR',
    durationUnit: 'month',
    durationCount: 1,
    freeTrial: 0,
    freeTrialDays: 0,
    subscriber: true,
    status: 'Paid',
    expirationDate: new Date(Date.now() + 19 * 24 * HOUR + HOUR).toISOString(),
    dateCreation: '2026-01-01T00:00:00.000Z',
    operatorID: null,
    operatorName: null,
    SKU: null,
    ...overrides,
  };
}

function makeDevice(id: string, overrides: Partial<Device> = {}): Device {
  return {
    ID: id,
    platform: 'Web',
    type: 'Desktop',
    udid: `udid-${id}`,
    vendor: null,
    model: null,
    mac: null,
    systemName: null,
    systemVersion: null,
    appVersion: null,
    firstSeenAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:00:00.000Z',
    isCurrent: false,
    ...overrides,
  };
}

const owner = (overrides: Partial<Customer> = {}) =>
  subscriber({ lastName: 'Martin', loggedWith: 'playz', subscriptions: [makeSubscription()], ...overrides });

function openAccount(customer: Customer, extra: Record<string, MockHandler> = {}, path = '/customer/account') {
  return renderApp(path, {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [makeDevice('d1', { isCurrent: true })] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    ...extra,
  });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('my account: subscription (spec 1 §2, spec 3 §4)', () => {
  it('shows offer, price, status and the days left', async () => {
    openAccount(owner());
    const block = await section('Mon abonnement');
    expect(block.getByRole('heading', { name: 'Playz Mensuel' })).toBeInTheDocument();
    expect(block.getByText('7,99 € / mois')).toBeInTheDocument();
    expect(block.getByText('Actif')).toBeInTheDocument();
    expect(block.getByText('19 jours restants')).toBeInTheDocument();
    expect(block.queryByText('Expire bientôt')).toBeNull();
  });

  it('shows hours and the soon-expiry icon under one day, singular at one hour', async () => {
    openAccount(
      owner({
        subscriptions: [makeSubscription({ expirationDate: new Date(Date.now() + 40 * 60_000).toISOString() })],
      }),
    );
    const block = await section('Mon abonnement');
    expect(block.getByText('1 heure restante')).toBeInTheDocument();
    expect(block.getByText('Expire bientôt')).toBeInTheDocument();
  });

  it('shows a cancelled subscription with its access date and the publisher contact', async () => {
    openAccount(owner({ subscriptions: [makeSubscription({ status: 'Cancelled' })] }));
    const block = await section('Mon abonnement');
    expect(block.getByText('Résilié')).toBeInTheDocument();
    expect(block.getByText(/Résilié, accès jusqu'au/)).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'contact@playz.fr' })).toHaveAttribute('href', 'mailto:contact@playz.fr');
  });

  it('invites a customer without subscription to the offers, with no unsubscribe button', async () => {
    openAccount(owner({ subscriptions: [], hasValidSubscription: false, productAccess: [] }));
    const block = await section('Mon abonnement');
    expect(block.getByRole('link', { name: 'Voir les offres' })).toHaveAttribute('href', '/service/inter');
    expect(screen.queryByRole('button', { name: /désabonner/i })).toBeNull();
  });
});

describe('my account: identity and roles (spec 1 §4, §6)', () => {
  it('offers the three edit links to an own-login account', async () => {
    openAccount(owner());
    const block = await section('Mes informations');
    expect(block.getByText('abonne@playz.fr')).toBeInTheDocument();
    expect(block.getByText('Camille Martin')).toBeInTheDocument();
    for (const name of ['Modifier mon nom', 'Modifier mon identifiant', 'Modifier mon mot de passe']) {
      expect(block.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(block.getByRole('link', { name: 'Modifier mon nom' })).toHaveAttribute(
      'href',
      '/customer/account#/customer/edit-name',
    );
  });

  it('hides the edit links from a social sign-on account and names its provider', async () => {
    openAccount(owner({ loggedWith: 'Google' }));
    const block = await section('Mes informations');
    expect(block.queryByRole('link', { name: 'Modifier mon nom' })).toBeNull();
    expect(block.getByText(/Vous êtes connecté avec Google/)).toBeInTheDocument();
  });

  it('sends a visitor to log in first and back', async () => {
    const app = openAccount(makeCustomer());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/customer/login'));
    expect(app.router.state.location.search).toBe('?requested_url=%2Fcustomer%2Faccount');
  });

  it('shows the debug block only with ?debug=', async () => {
    openAccount(owner(), {}, '/customer/account?debug=1');
    expect((await section('Débogage')).getByText('c-1')).toBeInTheDocument();
  });
});

describe('my account: mailbox, profiles, devices, newsletter, help (spec 1 §2, §3, §7)', () => {
  it('shows the domain mailbox with its password and the webmail link', async () => {
    openAccount(owner({ hasDomainMailbox: true }), {
      'GET /customer/domain-mailbox': { response: { Login: 'u123@playz.fr', Password: 'gen-pass' } },
    });
    const block = await section('Ma boîte email');
    expect(await block.findByText('u123@playz.fr')).toBeInTheDocument();
    expect(block.getByText('gen-pass')).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Ouvrir le webmail' })).toHaveAttribute('href', 'https://webmail.playz.fr');
  });

  it('lists profiles with their picture and the kids flag', async () => {
    openAccount(
      owner({
        profiles: [
          {
            UUID: 'p1',
            userName: 'Camille',
            posterUrl: null,
            previewUrl: null,
            thumbnailUrl: '/m/p1.jpg',
            profilePictureID: null,
            isKids: false,
          },
          {
            UUID: 'p2',
            userName: 'Léo',
            posterUrl: null,
            previewUrl: null,
            thumbnailUrl: null,
            profilePictureID: 3,
            isKids: true,
          },
        ],
      }),
      {
        'GET /profile-pictures': {
          response: {
            ProfilePictures: [
              { ID: 3, Name: 'Fox', urls: { poster: '/p/3.jpg', preview: '/v/3.jpg', thumbnail: '/t/3.jpg' } },
            ],
          },
        },
      },
    );
    const block = await section('Profils');
    const items = block.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Profil actuel');
    expect(items[1]).toHaveTextContent('Enfant');
    await waitFor(() => expect(items[1]!.querySelector('img')).toHaveAttribute('src', '/t/3.jpg'));
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/m/p1.jpg');
  });

  it('lists active devices and signs another one out', async () => {
    let devices = [
      makeDevice('d1', { isCurrent: true }),
      makeDevice('d2', { platform: 'AndroidTV', type: 'TV', vendor: 'Sony', model: 'Bravia' }),
    ];
    const app = openAccount(owner(), {
      'GET /customer/active-devices': () => ({ response: { Devices: devices } }),
      'POST /customer/device/logout': () => {
        devices = devices.slice(0, 1);
        return { response: { Success: true } };
      },
    });
    const block = await section('Appareils connectés');
    expect(await block.findByText('Sony Bravia')).toBeInTheDocument();
    expect(block.getByText('Cet appareil')).toBeInTheDocument();
    expect(block.getAllByRole('button', { name: /^Déconnecter/ })).toHaveLength(1);
    fireEvent.click(block.getByRole('button', { name: 'Déconnecter Sony Bravia' }));
    await waitFor(() => expect(block.queryByText('Sony Bravia')).toBeNull());
    expect(app.callsTo('POST', '/customer/device/logout')[0]?.body.get('device_id')).toBe('d2');
    expect(await screen.findByText("L'appareil a été déconnecté")).toBeInTheDocument();
  });

  it('offers the newsletter opt-out only to a customer who opted in', async () => {
    const app = openAccount(owner({ optin: true }), {
      'POST /customer/edit': { response: { Customer: owner({ optin: false }) } },
    });
    const block = await section('Newsletter');
    expect(block.getByText('Vous recevez notre newsletter.')).toBeInTheDocument();
    fireEvent.click(block.getByRole('button', { name: 'Ne plus recevoir la newsletter' }));
    await waitFor(() => expect(app.callsTo('POST', '/customer/edit')[0]?.body.get('optin')).toBe('0'));
  });

  it('has the contact and help links, terms and the withdrawal form', async () => {
    openAccount(owner());
    const help = await section('Contact et aide');
    expect(help.getByRole('link', { name: 'Écrire à contact@playz.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@playz.fr',
    );
    expect(help.getByRole('link', { name: "J'ai oublié mon identifiant" })).toHaveAttribute(
      'href',
      '/customer/forgot-login',
    );
    expect(help.getByRole('link', { name: 'Comment me désabonner ?' })).toBeInTheDocument();
    expect(help.getByRole('link', { name: 'Comprendre la facturation de mon paiement internet' })).toBeInTheDocument();
    expect(help.getByRole('link', { name: 'Contacter le service client' })).toBeInTheDocument();
    const legal = await section('Informations légales');
    expect(legal.getByRole('link', { name: "Conditions générales d'utilisation" })).toHaveAttribute(
      'href',
      '/service/infos/terms',
    );
    expect(legal.getByRole('link', { name: 'Formulaire de rétractation' })).toHaveAttribute(
      'href',
      '/service/infos/terms',
    );
  });
});

describe('my account: log-out and deletion (spec 1 §2, §4, §8)', () => {
  it('opens the log-out confirm', async () => {
    const app = openAccount(owner());
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Session' })).getByRole('button', { name: 'Déconnexion' }),
    );
    await waitFor(() => expect(app.router.state.location.hash).toBe('#logout-confirm'));
    expect(await screen.findByRole('dialog', { name: 'Se déconnecter ?' })).toBeInTheDocument();
  });

  it("confirms, shows the spinner, then 'Une erreur s'est produite' in the dialog on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    const app = openAccount(owner(), {
      'GET /customer/delete': async () => (await pending, { error: 5, status: 500 }),
    });
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Session' })).getByRole('button', {
        name: 'Supprimer mon compte',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeDisabled());
    release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
    expect(app.router.state.location.pathname).toBe('/customer/account');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('logs out and goes to / once the account is deleted', async () => {
    let deleted = false;
    const app = openAccount(owner(), {
      'GET /data': () => ({ response: { App: makeApp(), Customer: deleted ? makeCustomer() : owner() } }),
      'GET /customer/delete': () => {
        deleted = true;
        return { response: { Success: true } };
      },
      'GET /landing/data': {
        response: {
          Landing: {
            title: 'Landing',
            subtitle: '',
            offers: [],
            kidsChannels: [],
            musicChannels: [],
            films: [],
            series: [],
          },
        },
      },
    });
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Session' })).getByRole('button', {
        name: 'Supprimer mon compte',
      }),
    );
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.callsTo('GET', '/data').length).toBeGreaterThanOrEqual(2);
    expect((await screen.findAllByRole('link', { name: 'Connexion' })).length).toBeGreaterThan(0);
  });
});

describe('my account: parental code (spec 1 §1, §5; decision 009)', () => {
  it('sets a first code: 4 digits required, then saved', async () => {
    const app = openAccount(owner(), {
      'POST /customer/edit': { response: { Customer: owner({ hasParentalCode: true }) } },
    });
    const block = await section('Code parental');
    expect(block.getByText("Aucun code parental n'est défini.")).toBeInTheDocument();
    fireEvent.click(block.getByRole('button', { name: 'Définir un code parental' }));
    fireEvent.change(block.getByLabelText(/^Nouveau code/), { target: { value: '12a4' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer' }));
    expect(block.getByText('Veuillez saisir un code à 4 chiffres')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
    fireEvent.change(block.getByLabelText(/^Nouveau code/), { target: { value: '1234' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre code parental a été enregistré')).toBeInTheDocument();
    const body = app.callsTo('POST', '/customer/edit')[0]!.body;
    expect(body.get('parentalCode')).toBe('1234');
    expect(body.has('currentParentalCode')).toBe(false);
  });

  it('asks for the current code to change it and says when it is wrong', async () => {
    const app = openAccount(owner({ hasParentalCode: true }), { 'POST /customer/edit': { error: 4, status: 403 } });
    const block = await section('Code parental');
    fireEvent.click(block.getByRole('button', { name: 'Changer le code parental' }));
    fireEvent.change(block.getByLabelText(/^Code actuel/), { target: { value: '0000' } });
    fireEvent.change(block.getByLabelText(/^Nouveau code/), { target: { value: '4321' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await block.findByRole('alert')).toHaveTextContent('Le code parental est incorrect');
    expect(app.callsTo('POST', '/customer/edit')[0]?.body.get('currentParentalCode')).toBe('0000');
  });
  it('chooses from which rating the code is asked, -16 by default; asking less often needs the code (decision 059)', async () => {
    const app = openAccount(owner({ hasParentalCode: true, parentalThreshold: 16 }), {
      'POST /customer/edit': (request) =>
        request.body.get('currentParentalCode') === '0000'
          ? { error: 4, status: 403 }
          : { response: { Customer: owner({ hasParentalCode: true, parentalThreshold: 12 }) } },
    });
    const block = await section('Code parental');
    const threshold = block.getByLabelText(/^Demander le code pour les programmes déconseillés aux moins de/);
    expect((threshold as HTMLSelectElement).value).toBe('16');
    expect([...threshold.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '10 ans',
      '12 ans',
      '16 ans',
      '18 ans',
    ]);
    // Asking from -18 only: the current code is asked, and a wrong one is said.
    fireEvent.change(threshold, { target: { value: '18' } });
    fireEvent.change(block.getByLabelText(/^Code actuel/), { target: { value: '0000' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await block.findByRole('alert')).toHaveTextContent('Le code parental est incorrect');
    // Asking from -12: free.
    fireEvent.change(threshold, { target: { value: '12' } });
    expect(block.queryByLabelText(/^Code actuel/)).toBeNull();
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre réglage a été enregistré')).toBeInTheDocument();
    const body = app.callsTo('POST', '/customer/edit').at(-1)!.body;
    expect(body.get('parental_threshold')).toBe('12');
    expect(body.has('currentParentalCode')).toBe(false);
  });
});

describe('my account: date of birth and card (spec 1 §3, decision 058 addendum)', () => {
  it('spec 1 §3 dateOfBirth: given in the identity block and saved; a date after today is refused before any call', async () => {
    const app = openAccount(owner({ dateOfBirth: '1984-03-12' }), {
      'POST /customer/edit': { response: { Customer: owner({ dateOfBirth: '1990-07-01' }) } },
    });
    const block = await section('Mes informations');
    const field = block.getByLabelText(/^Date de naissance/) as HTMLInputElement;
    expect(field.value).toBe('1984-03-12');
    expect(field.type).toBe('date');
    fireEvent.change(field, { target: { value: '2999-01-01' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer la date' }));
    expect(await block.findByText("La date de naissance n'est pas valide")).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/edit')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '1990-07-01' } });
    fireEvent.click(block.getByRole('button', { name: 'Enregistrer la date' }));
    expect(await screen.findByText('Date de naissance enregistrée')).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/edit')[0]!.body.get('date_of_birth')).toBe('1990-07-01');
  });

  it('spec 1 §3 creditCard: a card subscription shows the card it is charged on, masked', async () => {
    openAccount(
      owner({
        creditCard: { brand: 'CB', maskedNumber: '•••• •••• •••• 0014', expiryMonth: 3, expiryYear: 2029 },
      }),
    );
    const block = await section('Mon abonnement');
    expect(block.getByText('Carte CB •••• •••• •••• 0014 · expire fin 03/2029')).toBeInTheDocument();
  });

  it('spec 1 §3 creditCard: no card line without a card or on an operator subscription', async () => {
    openAccount(
      owner({
        subscriptions: [makeSubscription({ billingType: 'Wap2', operatorID: 1, operatorName: 'Orange' })],
        creditCard: { brand: 'CB', maskedNumber: '•••• •••• •••• 0014', expiryMonth: 3, expiryYear: 2029 },
      }),
    );
    const block = await section('Mon abonnement');
    expect(block.queryByText(/•••• 0014/)).toBeNull();
  });
});
