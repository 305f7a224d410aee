import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer, makeOffer, makeRow, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { queryKeys } from '@playz/queries';

const landing = {
  response: {
    Landing: {
      title: 'La télé en direct',
      subtitle: 'Sans engagement',
      offers: [
        makeOffer(),
        makeOffer({ productPriceID: 12, name: 'Playz Hebdo', durationUnit: 'Week', price: 1.99, freeTrialDays: 7 }),
      ],
      kidsChannels: [],
      musicChannels: [],
      films: [makeContent(1)],
      series: [],
    },
  },
};
const rows = {
  response: { Rows: [makeRow('ReplayMovies', { Collection: [makeContent(1), makeContent(2)] }, { title: 'Films' })] },
};
const data = (Customer = makeCustomer(), app = makeApp()) => ({ response: { App: app, Customer } });

function handlers(customer = makeCustomer(), extra: Record<string, MockHandler> = {}) {
  return { 'GET /data': data(customer), 'GET /landing/data': landing, 'GET /page/home/rows': rows, ...extra };
}

describe('application start (spec 1 §4)', () => {
  it('shows the splash while /data loads, then the page', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    renderApp('/', handlers(makeCustomer(), { 'GET /data': async () => (await pending, data()) }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
  });

  it('shows the server-error page when /data fails, and retries', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp(
      '/',
      handlers(makeCustomer(), { 'GET /data': () => (fail ? { error: 5, status: 500 } : data()) }),
    );
    expect(await screen.findByRole('heading', { name: 'Erreur serveur' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
    expect(app.callsTo('GET', '/data')).toHaveLength(2);
  });
});

describe('landing or home on / (spec 2 §2)', () => {
  it('shows the landing page to a visitor, without the top menu', async () => {
    const app = renderApp('/', handlers());
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(app.callsTo('GET', '/page/home/rows')).toHaveLength(0);
    // Offers: price with the euro sign, weekly and monthly wording, the free period.
    const offers = await screen.findAllByRole('article');
    expect(offers).toHaveLength(2);
    expect(offers[0]).toHaveTextContent('Premier mois offert');
    expect(offers[0]).toHaveTextContent('7,99 €');
    expect(offers[1]).toHaveTextContent('Première semaine offerte');
    expect(offers[1]).toHaveTextContent('par semaine');
    // A card offer asks a visitor to log in first, coming back to the payment choice (spec 3 §4).
    expect(within(offers[0]!).getByRole('link', { name: "Je m'abonne" })).toHaveAttribute(
      'href',
      `/customer/login?requested_url=${encodeURIComponent('/billing/product/1/cb-choice?product_price_id=11')}`,
    );
  });

  it('shows the landing page to a logged customer without product access', async () => {
    renderApp('/', handlers(makeCustomer({ logged: true, firstName: 'Léa' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connexion' })).toBeNull();
    // Its account stays one click away, named as the top menu names it (a new account lands here).
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Léa' })).toHaveAttribute(
      'href',
      '/customer/account',
    );
  });

  it('shows the home rows and the top menu to a subscriber', async () => {
    const app = renderApp('/', handlers(subscriber()));
    expect(await screen.findByRole('heading', { level: 2, name: 'Films' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(app.callsTo('GET', '/landing/data')).toHaveLength(0);
    expect(app.callsTo('GET', '/page/home/rows')[0]?.query.get('with_data')).toBe('1');
    // Subscribers see neither the subscribe link nor the login link.
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: "S'abonner" })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Connexion' })).toBeNull();
  });

  it('treats demo full access as product access', async () => {
    renderApp('/', handlers(makeCustomer({ logged: true, hasFullAccess: true })));
    expect(await screen.findByRole('heading', { level: 2, name: 'Films' })).toBeInTheDocument();
  });

  it('always shows the landing page on /service/inter', async () => {
    renderApp('/service/inter', handlers(subscriber()));
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});

describe('footer (spec 1 §2 Layout)', () => {
  const footerOf = async () => within(await screen.findByRole('contentinfo'));

  it('lists the campaign page only when the application says it is in its window', async () => {
    renderApp('/error/not-found', { 'GET /data': data(makeCustomer(), makeApp({ isCampaignPageVisible: true })) });
    expect((await footerOf()).getByRole('link', { name: 'Campagne CSA' })).toHaveAttribute('href', '/service/csa');
  });

  it('hides the campaign page outside its window', async () => {
    renderApp('/error/not-found', { 'GET /data': data(makeCustomer(), makeApp({ isCampaignPageVisible: false })) });
    const footer = await footerOf();
    expect(footer.getByRole('link', { name: 'Aide en ligne' })).toHaveAttribute('href', '/service/infos/faq');
    expect(footer.queryByRole('link', { name: 'Campagne CSA' })).toBeNull();
  });

  it('offers the login link only when logged out, and always the withdrawal mention', async () => {
    renderApp('/error/not-found', { 'GET /data': data(subscriber()) });
    const footer = await footerOf();
    expect(footer.queryByRole('link', { name: 'Connexion' })).toBeNull();
    expect(footer.getByText('14 jours de rétractation')).toBeInTheDocument();
    expect(footer.getAllByRole('link', { name: /Mon compte|Gérer mon abonnement/ })).toHaveLength(2);
  });

  it('switches the language and remembers the choice', async () => {
    const app = renderApp('/error/not-found', { 'GET /data': data() });
    fireEvent.change(await screen.findByLabelText('Langue'), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(localStorage.getItem('playz.locale')).toBe('en');
    await waitFor(() => expect(app.callsTo('GET', '/data').at(-1)?.query.get('locale')).toBe('en'));
  });
});

describe('error pages (spec 1 §2)', () => {
  it.each([
    ['/error/not-found', 'Page non trouvée'],
    ['/error/forbidden', 'Contenu non autorisé'],
    ['/error/server-error', 'Erreur serveur'],
    ['/replay/nowhere', 'Page non trouvée'],
    ['/nowhere/at/all', 'Page non trouvée'],
  ])('%s shows "%s" with a back button', async (path, message) => {
    renderApp(path, { 'GET /data': data() });
    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
  });
});

describe('logout (spec 1 §4)', () => {
  function loggedServer(logout: MockHandler): Record<string, MockHandler> {
    let logged = true;
    return {
      'GET /data': () => data(logged ? subscriber() : makeCustomer()),
      'GET /customer/logout': (request) => {
        logged = false;
        return typeof logout === 'function' ? logout(request) : logout;
      },
      'GET /page/home/rows': rows,
      'GET /landing/data': landing,
    };
  }

  async function askLogout() {
    fireEvent.click(await screen.findByRole('button', { name: /Camille/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Déconnexion' }));
    return screen.findByRole('dialog');
  }

  it('asks for confirmation in #logout-confirm; cancel keeps the session', async () => {
    const app = renderApp('/error/not-found', loggedServer({ response: { Success: true } }));
    const dialog = await askLogout();
    expect(app.router.state.location.hash).toBe('#logout-confirm');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.callsTo('GET', '/customer/logout')).toHaveLength(0);
  });

  it('logs out, reloads the data and goes home', async () => {
    const app = renderApp('/error/not-found', loggedServer({ response: { Success: true } }));
    const dialog = await askLogout();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.callsTo('GET', '/customer/logout')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
  });

  it('spec 1 §4 logging out from the account page goes home, never by the log-in page', async () => {
    const app = renderApp('/customer/account', {
      ...loggedServer({ response: { Success: true } }),
      'GET /customer/active-devices': { response: { Devices: [] } },
    });
    const visited: string[] = [];
    app.router.subscribe((state) => visited.push(state.location.pathname));
    const dialog = await askLogout();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
    expect(visited).not.toContain('/customer/login');
  });

  it('goes home even when the logged-out data comes before the logout settles (the dialog is gone by then)', async () => {
    let app: ReturnType<typeof renderApp> | null = null;
    let dialogGoneFirst = false;
    app = renderApp(
      '/error/not-found',
      loggedServer(async () => {
        // Another read of /data (another tab, a refetch) answers logged out first: the dialog,
        // shown only to a logged customer, leaves the page before the logout call returns.
        await app!.queryClient.refetchQueries({ queryKey: queryKeys.appData });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        dialogGoneFirst = true;
        return { response: { Success: true } };
      }),
    );
    const dialog = await askLogout();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(dialogGoneFirst).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
  });

  it('goes home logged out even when the logout call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp('/error/not-found', loggedServer({ networkError: true }));
    const dialog = await askLogout();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'La télé en direct' })).toBeInTheDocument();
  });
});
