import type { CookieType } from '@playz/api-contract';
import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';
import type { StoredAppSettings } from '../../modules/service/app-data.service';

/** Publisher and application data (spec 1 §3); fictitious company, real-looking fields. */
export const DEMO_APP_SETTINGS: StoredAppSettings = {
  name: 'Playz',
  siteDomain: 'playz.fr',
  withdrawalFormUrl: '/service/infos/terms#withdrawal',
  storeUrl: 'https://play.google.com/store/apps/details?id=fr.playz.tv',
  requiredVersion: '1.0.0',
  locale: 'fr',
  // No analytics vendor in the demo (decision 058): the consent push has no property to name.
  analyticsId: null,
  // Google's Default Media Receiver until Playz's own receiver is registered (decision 058).
  castAppId: 'CC1AD845',
  crossScreenFlowAdapter: 'billing-link',
  publisher: {
    name: 'Playz Médias',
    address: '12 rue de la Lumière',
    zipCode: '69003',
    city: 'Lyon',
    companyType: 'SAS',
    capital: '150 000 €',
    registerNumber: 'RCS Lyon 901 234 567',
    vatNumber: 'FR12901234567',
    email: 'contact@playz.fr',
    phone: '04 72 00 00 00',
    contact: 'Direction des contenus, Playz Médias',
  },
  singleSignOns: [],
  storeApplications: [{ platform: 'AndroidTV', storeUrl: 'https://play.google.com/store/apps/details?id=fr.playz.tv' }],
};

/** The lifetime the web app gives its cookies (spec 1 §9: 6 months). */
const SIX_MONTHS = COOKIE_MAX_AGE_SECONDS;

/** spec 3 §4 cookie consent: functional mandatory, analytics and advertising optional. */
export const DEMO_COOKIE_TYPES: CookieType[] = [
  {
    id: 1,
    type: 'Functional',
    name: 'Fonctionnels',
    description: 'Indispensables au service : session, langue, choix de cookies.',
    mandatory: true,
    cookies: [
      { id: 1, name: 'playz_sid', description: 'Session de connexion', expiration: SIX_MONTHS },
      { id: 2, name: 'hasClosedCookieDefaultDialog', description: 'Bandeau cookies fermé', expiration: SIX_MONTHS },
      { id: 3, name: 'cuid', description: 'Identifiant client', expiration: SIX_MONTHS },
    ],
  },
  {
    id: 2,
    type: 'Analytics',
    name: "Mesure d'audience",
    description: 'Nous aident à comprendre comment le service est utilisé.',
    mandatory: false,
    cookies: [
      { id: 4, name: '_pa_id', description: 'Identifiant de mesure', expiration: SIX_MONTHS },
      { id: 5, name: '_pa_ses', description: 'Session de mesure', expiration: 1800 },
      { id: 6, name: '_pa_vis', description: 'Visite', expiration: 0 },
    ],
  },
  {
    id: 3,
    type: 'Advertising',
    name: 'Publicité',
    description: 'Mesurent l’efficacité de nos campagnes.',
    mandatory: false,
    cookies: [{ id: 7, name: '_ads_conv', description: 'Conversion', expiration: 90 * 24 * 3600 }],
  },
];

/** Landing texts per name_key and locale (spec 1 §7 GET /landing/data). */
export const DEMO_LANDING_TEXTS = {
  default: {
    fr: {
      title: 'La télé en direct et en replay, sans engagement',
      subtitle:
        '20 chaînes en direct, le replay par chaîne ou par genre, des séries et des films. Premier mois offert.',
    },
    en: {
      title: 'Live and catch-up TV, no commitment',
      subtitle: '20 live channels, catch-up by channel or genre, series and films. First month free.',
    },
    nl: {
      title: 'Live en uitgesteld tv-kijken, zonder verplichting',
      subtitle: '20 live zenders, terugkijken per zender of genre, series en films. Eerste maand gratis.',
    },
    es: {
      title: 'TV en directo y a la carta, sin permanencia',
      subtitle: '20 canales en directo, a la carta por canal o género, series y películas. Primer mes gratis.',
    },
  },
};

/** The three offers of the landing page (spec 3 §1, emulator prices spec 3 §9). */
export const DEMO_OFFERS = [
  {
    id: 11,
    product_id: 1,
    product: 'Service',
    type: 'Subscription',
    billing_type: 'CreditCard',
    name: 'Playz Mensuel',
    // The store product id (decision 029): store receipts name it.
    sku: 'playz_monthly',
    description: 'Tout Playz : direct, replay, séries et films',
    price_cents: 799,
    currency: 'EUR',
    duration_unit: 'Month',
    duration_count: 1,
    free_trial_days: 30,
    position: 1,
  },
  {
    id: 12,
    product_id: 1,
    product: 'Service',
    type: 'Subscription',
    billing_type: 'Wap2',
    name: 'Playz Hebdo',
    sku: 'subscription_1_99',
    description: 'Tout Playz, à la semaine',
    price_cents: 199,
    currency: 'EUR',
    duration_unit: 'Week',
    duration_count: 1,
    free_trial_days: 7,
    position: 2,
  },
  {
    id: 13,
    product_id: 2,
    product: 'ReplaySubscription',
    type: 'Subscription',
    billing_type: 'CreditCard',
    name: 'Playz Replay',
    sku: 'playz_replay_monthly',
    description: 'Le direct et le replay des 20 chaînes',
    price_cents: 499,
    currency: 'EUR',
    duration_unit: 'Month',
    duration_count: 1,
    free_trial_days: 0,
    position: 3,
  },
];

export const DEMO_ACCOUNT_PASSWORD = 'playz2026';

/** Demo accounts printed at start (README table). */
export const DEMO_ACCOUNTS = [
  {
    login: 'abonne@playz.fr',
    firstName: 'Camille',
    lastName: 'Martin',
    access: 'subscriber: Playz Mensuel (Service), paid, renews monthly',
  },
  {
    login: 'demo@playz.fr',
    firstName: 'Lucas',
    lastName: 'Bernard',
    access: 'demo campaign: full access (hasFullAccess), unlimited',
  },
  {
    login: 'visiteur@playz.fr',
    firstName: 'Inès',
    lastName: 'Petit',
    access: 'registered, no subscription: sees the landing page and locked players',
  },
] as const;
