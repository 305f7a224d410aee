import type { App, CookieType, InAppPurchase } from '@playz/api-contract';
import { DEFAULT_LOCALE, isCampaignPageVisible, isPromoOffered } from '@playz/domain';
import { offerTerms } from '../billing';
import { APP_TEXTS_SETTING, localizeApp, type AppTextsByLocale } from './app-texts';
import type { OfferRow, ServiceRepository } from './service.repository';
import { jsonWithProperty, toJsonBytes } from '../../lib/serialized-answer';

const CAMPAIGN_VISIBLE: Record<string, Buffer> = { true: Buffer.from('true'), false: Buffer.from('false') };

/** What the operator stores under the `app` setting (seeded; editable without a deploy). */
export type StoredAppSettings = Omit<
  App,
  'inAppPurchases' | 'cookieTypes' | 'isCampaignPageVisible' | 'siteUrl' | 'siteSecureUrl'
>;

/** The App fields a stored `app` setting may lack, having been written before them (decision 058). */
const APP_FIELD_DEFAULTS: Pick<App, 'analyticsId' | 'castAppId' | 'crossScreenFlowAdapter'> = {
  analyticsId: null,
  castAppId: null,
  crossScreenFlowAdapter: 'billing-link',
};

export function toInAppPurchase(row: OfferRow): InAppPurchase {
  const terms = offerTerms(row);
  // Offers are listed now: a promo shows while its dates hold (spec 3 §3 promo fields).
  const hasPromo = isPromoOffered(terms, new Date());
  return {
    billingType: row.billing_type,
    type: row.type === 'Purchase' ? 'Purchase' : 'Subscription',
    productID: row.product_id,
    product: row.product,
    productPriceID: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    currency: row.currency,
    durationUnit: row.duration_unit === 'Week' ? 'Week' : 'Month',
    durationCount: row.duration_count,
    freeTrial: row.free_trial_days > 0 ? 1 : 0,
    freeTrialDays: row.free_trial_days,
    hasPromo,
    promoText: hasPromo ? row.promo_text : null,
    promoPrice: hasPromo && row.promo_price_cents !== null ? row.promo_price_cents / 100 : null,
    promoDurationDays: hasPromo ? row.promo_duration_days : null,
    promoStartDate: hasPromo ? row.promo_start_date : null,
    promoEndDate: hasPromo ? row.promo_end_date : null,
    SKU: row.sku,
    ...(row.type === 'Purchase' ? { purchaseHours: row.purchase_hours } : {}),
  };
}

/**
 * Application data changes when an operator edits settings or offers, not per request: it is kept
 * for a few seconds so `/data`, the first call of every client, does not read four tables each
 * time (docs/benchmarks.md). The campaign window is computed per call.
 */
const APP_CACHE_MS = 10_000;

export function createAppDataService(deps: {
  repo: ServiceRepository;
  publicUrl: string;
  now?: () => Date;
  /** Enabled social sign-on providers, from the settings (modules/sso); replaces the stored list. */
  singleSignOns?: () => App['singleSignOns'];
  /** Payments go to the stand-ins of the demo mode (decision 047): payment screens say so. */
  demoPayments?: boolean;
}) {
  const now = deps.now ?? (() => new Date());
  type LoadedApp = { app: Omit<App, 'isCampaignPageVisible'>; texts: AppTextsByLocale };
  /** The loaded data, and its serialisation per locale (what every /data answer carries). */
  let cached: { at: number; app: Promise<LoadedApp>; json: Map<string, Buffer> } | null = null;

  /** The data of the last few seconds, read again when older. */
  function current() {
    const t = Date.now();
    if (!cached || t - cached.at > APP_CACHE_MS) {
      const app = loadApp();
      cached = { at: t, app, json: new Map() };
      app.catch(() => (cached = null)); // a failed read is retried by the next call
    }
    return cached;
  }

  async function loadApp(): Promise<LoadedApp> {
    const [settings, cookieTypes, texts, offers] = await Promise.all([
      deps.repo.getSetting<StoredAppSettings>('app'),
      deps.repo.getSetting<CookieType[]>('cookieTypes'),
      deps.repo.getSetting<AppTextsByLocale>(APP_TEXTS_SETTING),
      deps.repo.listOffers(),
    ]);
    if (!settings) throw new Error('application settings are missing: the seed did not run');
    const app = {
      // Settings stored before these fields were named (decision 058) read as their defaults.
      ...APP_FIELD_DEFAULTS,
      ...settings,
      siteUrl: deps.publicUrl,
      siteSecureUrl: deps.publicUrl.replace(/^http:/, 'https:'),
      inAppPurchases: offers.map(toInAppPurchase),
      cookieTypes: cookieTypes ?? [],
      ...(deps.singleSignOns ? { singleSignOns: deps.singleSignOns() } : {}),
      ...(deps.demoPayments ? { demoPayments: true } : {}),
    };
    return { app, texts: texts ?? {} };
  }

  return {
    /**
     * Drops the data kept in memory: the next call reads the tables again. An operator's change of
     * offers on this node shows at once (decision 099); other nodes see it within APP_CACHE_MS.
     */
    forget(): void {
      cached = null;
    },

    /** In the caller's locale (cookie types, publisher contact); French for the others. */
    async getApp(locale: string = DEFAULT_LOCALE): Promise<App> {
      const { app, texts } = await current().app;
      return { ...localizeApp(app, texts[locale]), isCampaignPageVisible: isCampaignPageVisible(now()) };
    },

    /**
     * The same App as JSON bytes (decision 037 addendum): serialised once per locale, load and
     * side of the campaign window (which moves with the clock), so a call copies nothing.
     */
    /**
     * What `getAppJson` would give now when it is already made (decision 124): the kept data is
     * recent enough and its JSON for this locale and side of the campaign window exists;
     * undefined otherwise (then ask `getAppJson`).
     */
    peekAppJson(locale: string = DEFAULT_LOCALE): Buffer | undefined {
      if (!cached || Date.now() - cached.at > APP_CACHE_MS) return undefined;
      return cached.json.get(`${locale} ${isCampaignPageVisible(now())}`);
    },

    async getAppJson(locale: string = DEFAULT_LOCALE): Promise<Buffer> {
      const entry = current();
      const visible = isCampaignPageVisible(now());
      const key = `${locale} ${visible}`;
      let json = entry.json.get(key);
      if (!json) {
        const { app, texts } = await entry.app;
        const localized = toJsonBytes(localizeApp(app, texts[locale]));
        json = jsonWithProperty(localized, 'isCampaignPageVisible', CAMPAIGN_VISIBLE[String(visible)]!);
        entry.json.set(key, json);
      }
      return json;
    },
  };
}
export type AppDataService = ReturnType<typeof createAppDataService>;
