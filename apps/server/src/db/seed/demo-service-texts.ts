import type { ServiceTextPage } from '@playz/api-contract';
import type { AppTextsByLocale } from '../../modules/service/app-texts';
import { EN_SERVICE_TEXTS } from './service-texts/en';
import type { LocaleServiceTexts } from './service-texts/locale-service-texts';
import { ES_SERVICE_TEXTS } from './service-texts/es';
import { FR_SERVICE_TEXTS } from './service-texts/fr';
import { NL_SERVICE_TEXTS } from './service-texts/nl';

/**
 * Legal and information texts (spec 1 §2 text pages, §3 Service text page: name and sections),
 * one file per locale in `service-texts/`. French is the text of reference; every other locale
 * has all four pages with the same sections in the same order, and translates the texts inside
 * the application data (cookie types, publisher contact), whose French lives in demo-settings.ts.
 * The cookies page carries two markers the client replaces (spec 1 §2): {{cookieSettingsLink}}
 * and {{cookieTable}}; links and e-mail addresses are the same in every locale.
 */
export type ServiceText = ServiceTextPage;

export type { LocaleServiceTexts } from './service-texts/locale-service-texts';

const BY_LOCALE: Record<string, LocaleServiceTexts> = {
  fr: FR_SERVICE_TEXTS,
  en: EN_SERVICE_TEXTS,
  nl: NL_SERVICE_TEXTS,
  es: ES_SERVICE_TEXTS,
};

/** The `serviceTexts` setting: pages by locale, then by page name. */
export const DEMO_SERVICE_TEXTS: Record<string, Record<string, ServiceText>> = Object.fromEntries(
  Object.entries(BY_LOCALE).map(([locale, texts]) => [locale, texts.pages]),
);

/** The `appTexts` setting (modules/service/app-texts.ts). */
export const DEMO_APP_TEXTS: AppTextsByLocale = Object.fromEntries(
  Object.entries(BY_LOCALE).flatMap(([locale, texts]) => (texts.app ? [[locale, texts.app]] : [])),
);
