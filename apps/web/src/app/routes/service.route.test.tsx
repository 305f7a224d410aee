import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CookieType } from '@playz/api-contract';
import { makeApp, makeCustomer, makeOffer } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

const cookieTypes: CookieType[] = [
  {
    id: 1,
    type: 'Functional',
    name: 'Fonctionnels',
    description: '',
    mandatory: true,
    cookies: [{ id: 1, name: 'playz_sid', description: 'Session de connexion', expiration: 183 * 86_400 }],
  },
  {
    id: 2,
    type: 'Analytics',
    name: "Mesure d'audience",
    description: '',
    mandatory: false,
    cookies: [{ id: 5, name: '_pa_ses', description: 'Session de mesure', expiration: 1800 }],
  },
];

function render(path: string, extra: Record<string, MockHandler> = {}, app = makeApp({ cookieTypes })) {
  // A choice is already made so the banner stays out of these pages' way.
  document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';
  return renderApp(path, { 'GET /data': { response: { App: app, Customer: makeCustomer() } }, ...extra });
}

afterEach(() => {
  document.cookie = 'hasClosedCookieDefaultDialog=; Max-Age=0; Path=/';
});

describe('legal and information pages (spec 1 §2)', () => {
  it('the hub links price, terms, privacy, publisher, legal notice, cookies and FAQ', async () => {
    render('/service/infos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Informations' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Prix', '/service/infos/price'],
      ["Conditions générales d'utilisation", '/service/infos/terms'],
      ['Politique de confidentialité', '/service/infos/privacy'],
      ['Éditeur', '/service/infos/publisher'],
      ['Mentions légales', '/service/infos/legal-notice'],
      ['Aide en ligne (FAQ)', '/service/infos/faq'],
    ] as const) {
      expect(within(screen.getByRole('main')).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('the legal notice shows the publisher, content manager, host, contact and prices', async () => {
    render('/service/infos/legal-notice');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    for (const text of [
      'Playz Médias',
      'SAS',
      '1 €',
      'RCS',
      '1 rue, 69003 Lyon',
      'FR0',
      'contact@playz.fr',
      'Contenus',
    ]) {
      expect(main.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    for (const title of ['Responsable des contenus', 'Hébergeur', 'Contact', 'Prix']) {
      expect(main.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
  });

  it('the publisher page adds customer service by post, e-mail and phone', async () => {
    render('/service/infos/publisher');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 2, name: 'Service client' })).toBeInTheDocument();
    expect(main.getByText('Par courrier').nextElementSibling).toHaveTextContent('Playz Médias, 1 rue, 69003 Lyon');
    expect(main.getByText('Par email').nextElementSibling).toHaveTextContent('contact@playz.fr');
    expect(main.getByText('Par téléphone').nextElementSibling).toHaveTextContent('04');
  });

  it('the price page lists each offer with its price and free-period rule', async () => {
    render(
      '/service/infos/price',
      {},
      makeApp({
        cookieTypes,
        inAppPurchases: [
          makeOffer(),
          makeOffer({ productPriceID: 12, name: 'Playz Hebdo', durationUnit: 'Week', price: 1.99, freeTrialDays: 7 }),
          makeOffer({ productPriceID: 13, name: 'Sans essai', freeTrial: 0, freeTrialDays: 0, price: 9.99 }),
        ],
      }),
    );
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Premier mois offert, puis 7,99 € par mois sans engagement.');
    expect(items[1]).toHaveTextContent('Première semaine offerte, puis 1,99 € par semaine sans engagement.');
    expect(items[2]).toHaveTextContent('9,99 € par mois');
    expect(items[2]).toHaveTextContent('Sans période offerte.');
  });

  it('a text page shows its sections with clickable links', async () => {
    const app = render('/service/infos/terms', {
      'GET /service/infos/terms': {
        response: {
          Page: {
            name: "Conditions générales d'utilisation",
            sections: [
              {
                title: 'Contact',
                text: 'Écrivez à contact@playz.fr ou voir https://playz.fr/aide. Tarifs : /service/infos/price.',
              },
            ],
          },
        },
      },
    });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'contact@playz.fr' })).toHaveAttribute('href', 'mailto:contact@playz.fr');
    expect(main.getByRole('link', { name: 'https://playz.fr/aide' })).toHaveAttribute('href', 'https://playz.fr/aide');
    expect(main.getByRole('link', { name: '/service/infos/price' })).toHaveAttribute('href', '/service/infos/price');
    expect(app.callsTo('GET', '/service/infos/terms')).toHaveLength(1);
  });

  it('the cookies page replaces its markers with the settings link and a table per cookie type', async () => {
    const { router } = render('/service/infos/cookies', {
      'GET /service/infos/cookies': {
        response: {
          Page: {
            name: 'Cookies',
            sections: [
              { title: 'Vos choix', text: 'Vous pouvez modifier vos choix à tout moment : {{cookieSettingsLink}}.' },
              { title: 'Les cookies utilisés', text: '{{cookieTable}}' },
            ],
          },
        },
      },
    });
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 2, name: 'Vos choix' });
    expect(main.queryByText(/\{\{/)).toBeNull();
    expect(main.getByRole('table', { name: 'Cookies Fonctionnels' })).toHaveTextContent('playz_sid');
    expect(main.getByRole('table', { name: "Cookies Mesure d'audience" })).toHaveTextContent('30 minutes');
    await act(async () => fireEvent.click(main.getByRole('link', { name: 'paramétrer les cookies' })));
    expect(router.state.location.hash).toBe('#/service/cookies/settings');
    expect(screen.getByRole('dialog', { name: 'Paramètres des cookies' })).toBeInTheDocument();
  });
});

describe('service dialogs (spec 1 §2, §6; spec 2 §1)', () => {
  it('#/devices-limit-reached explains the multiple devices and OK closes it', async () => {
    const { router } = render('/#/devices-limit-reached');
    const dialog = await screen.findByRole('alertdialog', { name: 'Connexions multiples' });
    expect(dialog).toHaveTextContent('Vous semblez connecté sur plusieurs appareils');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    expect(router.state.location.hash).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('#/service/migration/replay-tv-france says credentials and subscriptions were restored', async () => {
    render('/#/service/migration/replay-tv-france');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Vos identifiants et vos abonnements ont été restaurés');
  });

  it('the plain path /devices-limit-reached shows the same content as a page (mobile)', async () => {
    render('/devices-limit-reached');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexions multiples' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('/test developer page (spec 1 §2)', () => {
  it('lists the routes of the router and every popup as links', async () => {
    render('/test');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Routes et fenêtres' })).toBeInTheDocument();
    for (const path of ['/', '/customer/login', '/service/infos/legal-notice', '/error/not-found', '/test']) {
      expect(main.getByRole('link', { name: path })).toHaveAttribute('href', path);
    }
    expect(main.getByRole('link', { name: '/content/:contentId/:slug' })).toHaveAttribute('href', '/content/1/exemple');
    expect(main.getByRole('link', { name: '#/service/cookies/settings' })).toHaveAttribute(
      'href',
      '/test#/service/cookies/settings',
    );
    expect(main.getByRole('link', { name: '#delete-confirm' })).toHaveAttribute('href', '/test#delete-confirm');
    expect(main.queryByRole('link', { name: '*' })).toBeNull();
  });
});
