import type { App, CookieType, ServiceTextPage, ServiceTextPageName } from '@playz/api-contract';
import { ApiErrorNumber, DEFAULT_LOCALE, apiError } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { ServiceRepository } from './service.repository';

type ServiceTexts = Record<string, Partial<Record<string, ServiceTextPage>>>;

const MINUTE = 60_000;
/** Client error reports per address: enough for a crashing page, not for a flood. */
const ERROR_LOG_RULE = { max: 30, windowMs: MINUTE };

/** Legal and information pages, publisher, cookie types (spec 1 §7) and client error reports. */
export function createServicePagesService(deps: {
  repo: ServiceRepository;
  /** The application data in a locale (app-data.service). */
  getApp: (locale: string) => Promise<App>;
  limiter: RateLimiter;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The page in the viewer's locale; French, the text of reference, for the others. */
    async getPage(name: ServiceTextPageName, locale: string): Promise<ServiceTextPage> {
      const texts = (await deps.repo.getSetting<ServiceTexts>('serviceTexts')) ?? {};
      const page = texts[locale]?.[name] ?? texts[DEFAULT_LOCALE]?.[name];
      if (!page) throw apiError(ApiErrorNumber.NotFound);
      return page;
    },

    async getPublisher(locale: string): Promise<App['publisher']> {
      return (await deps.getApp(locale)).publisher;
    },

    async getCookieTypes(locale: string): Promise<CookieType[]> {
      return (await deps.getApp(locale)).cookieTypes;
    },

    /** spec 1 §7 POST /error/log: counted per address, then handed to the log. */
    async acceptErrorReport(ip: string): Promise<void> {
      await countAttempts(deps.limiter, [{ key: `error-log:ip:${ip}`, rule: ERROR_LOG_RULE }], now().getTime());
    },
  };
}
export type ServicePagesService = ReturnType<typeof createServicePagesService>;
