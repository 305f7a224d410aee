import type { App, CookieType } from '@playz/api-contract';

/**
 * Translations of the texts inside the application data (spec 1 §3): the cookie types' names and
 * descriptions and the publisher's content manager. French, the text of reference, is what the
 * `app` and `cookieTypes` settings hold; the `appTexts` setting holds per locale what replaces it,
 * so /data, /service/infos/publisher and /service/cookie-types answer in the caller's `locale`
 * (spec 1 §7) while ids, expirations and the mandatory flag stay in one place.
 */
export interface CookieTypeTexts {
  name: string;
  description: string;
  /** Description of each cookie of the type, by cookie id. */
  cookies: Record<number, string>;
}

export interface AppTexts {
  publisher: Pick<App['publisher'], 'contact'>;
  /** By cookie type id. */
  cookieTypes: Record<number, CookieTypeTexts>;
}

export type AppTextsByLocale = Partial<Record<string, Partial<AppTexts>>>;

export const APP_TEXTS_SETTING = 'appTexts';

function localizeCookieType(type: CookieType, texts: CookieTypeTexts | undefined): CookieType {
  if (!texts) return type;
  return {
    ...type,
    name: texts.name,
    description: texts.description,
    cookies: type.cookies.map((cookie) => ({ ...cookie, description: texts.cookies[cookie.id] ?? cookie.description })),
  };
}

/** The application data with a locale's texts; whatever the locale leaves out stays French. */
export function localizeApp<T extends Pick<App, 'publisher' | 'cookieTypes'>>(
  app: T,
  texts: Partial<AppTexts> | undefined,
): T {
  if (!texts) return app;
  return {
    ...app,
    publisher: { ...app.publisher, ...texts.publisher },
    cookieTypes: app.cookieTypes.map((type) => localizeCookieType(type, texts.cookieTypes?.[type.id])),
  };
}
