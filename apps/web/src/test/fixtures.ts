import type {
  AdaptiveStream,
  App,
  Channel,
  Content,
  ContentList,
  Customer,
  InAppPurchase,
  PageRow,
} from '@playz/api-contract';

// Complete objects of the contract: the test client checks every answer against its schema,
// so a fixture that drifts from api-contract fails loudly.

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    UID: 'c-1',
    login: null,
    userName: null,
    locale: 'fr',
    country: 'fr',
    logged: false,
    loggedWith: null,
    wasLogged: false,
    wasLoggedWith: null,
    registered: false,
    hasValidSubscription: false,
    hasFullAccess: false,
    productAccess: [],
    demoCampaign: null,
    hasParentalCode: false,
    optin: false,
    gender: null,
    firstName: null,
    lastName: null,
    phoneNumber: null,
    address: null,
    hasDomainMailbox: false,
    subscriptions: [],
    purchases: [],
    profiles: [],
    currentProfileIndex: 0,
    alerts: [],
    consent: null,
    promoCode: null,
    ...overrides,
  };
}

export const subscriber = (overrides: Partial<Customer> = {}) =>
  makeCustomer({
    logged: true,
    registered: true,
    login: 'abonne@playz.fr',
    firstName: 'Camille',
    hasValidSubscription: true,
    productAccess: ['service'],
    ...overrides,
  });

export function makeOffer(overrides: Partial<InAppPurchase> = {}): InAppPurchase {
  return {
    billingType: 'CreditCard',
    type: 'Subscription',
    productID: 1,
    product: 'Service',
    productPriceID: 11,
    name: 'Playz Mensuel',
    description: 'Tout Playz',
    price: 7.99,
    currency: 'EUR',
    durationUnit: 'Month',
    durationCount: 1,
    freeTrial: 1,
    freeTrialDays: 30,
    hasPromo: false,
    promoText: null,
    ...overrides,
  };
}

export function makeApp(overrides: Partial<App> = {}): App {
  return {
    name: 'Playz',
    siteDomain: 'playz.fr',
    siteUrl: 'http://localhost',
    siteSecureUrl: 'http://localhost',
    withdrawalFormUrl: '/service/infos/terms',
    storeUrl: 'https://play.google.com/store/apps/details?id=fr.playz.tv',
    requiredVersion: '1.0.0',
    locale: 'fr',
    analyticsId: null,
    castAppId: 'CC1AD845',
    crossScreenFlowAdapter: 'billing-link',
    publisher: {
      name: 'Playz Médias',
      address: '1 rue',
      zipCode: '69003',
      city: 'Lyon',
      companyType: 'SAS',
      capital: '1 €',
      registerNumber: 'RCS',
      vatNumber: 'FR0',
      email: 'contact@playz.fr',
      phone: '04',
      contact: 'Contenus',
    },
    inAppPurchases: [makeOffer()],
    singleSignOns: [],
    storeApplications: [],
    cookieTypes: [],
    isCampaignPageVisible: false,
    ...overrides,
  };
}

/** A View stream's answer (spec 2 §7 content/{id}/url/adaptive): DASH, unprotected, valid until 2030. */
export function makeAdaptiveStream(url: string, overrides: Partial<AdaptiveStream> = {}): AdaptiveStream {
  return {
    url,
    type: 'dash',
    usage: 'View',
    tracks: [],
    thumbnails: [],
    signingCookies: null,
    contentProtection: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeContent(id: number, overrides: Partial<Content> = {}): Content {
  return {
    contentID: id,
    contentListID: null,
    channelID: null,
    provider: 'CMS',
    providerID: null,
    contentType: 'Film',
    enabled: true,
    title: `Film ${id}`,
    description: `Description ${id}`,
    shareUrl: `/content/${id}/film-${id}`,
    thumbnailUrl: `/media/t/${id}.jpg`,
    previewUrl: null,
    posterUrl: `/media/p/${id}.jpg`,
    images: { landscape: `/media/l/${id}.jpg`, portrait: `/media/p/${id}.jpg`, backdrop: null },
    duration: 600,
    aspectRatio: '16:9',
    expirationDate: null,
    status: null,
    playbackTime: null,
    percentage: null,
    metadata: { Year: 2024 },
    productPriceID: null,
    episodeNumber: null,
    slug: `film-${id}`,
    seriesID: null,
    seriesSlug: null,
    seasonSlug: null,
    ...overrides,
  };
}

export function makeChannel(id: number, overrides: Partial<Channel> = {}): Omit<Channel, 'schedules'> {
  return {
    channelID: id,
    channelType: 'Playlist',
    provider: 'CMS',
    providerID: null,
    name: `Chaîne ${id}`,
    description: '',
    locale: 'fr',
    genre: 'kids',
    shareUrl: '',
    thumbnailUrl: `/media/logo/${id}.png`,
    previewUrl: null,
    posterUrl: null,
    images: { landscape: null, portrait: null, backdrop: null },
    slug: `chaine-${id}`,
    currentContent: null,
    ...overrides,
  };
}

export function makeList(id: number, overrides: Partial<ContentList> = {}): Omit<ContentList, 'contents'> {
  return {
    ID: id,
    name: `Série ${id}`,
    type: 'Series',
    description: '',
    images: { landscape: `/media/l/s${id}.jpg`, portrait: `/media/p/s${id}.jpg`, backdrop: null },
    metadata: {},
    previewUrl: null,
    posterUrl: null,
    channelID: null,
    parentID: null,
    number: null,
    contentsCount: 3,
    slug: `serie-${id}`,
    ...overrides,
  };
}

export function makeRow(rowType: string, data: PageRow['data'], overrides: Partial<PageRow> = {}): PageRow {
  return { rowType, typeID: null, style: 'Landscape', title: rowType, data, ...overrides };
}
