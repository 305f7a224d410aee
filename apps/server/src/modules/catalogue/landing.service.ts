import { toInAppPurchase, type ServiceReads } from '../service';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import { toContent, type ViewContext } from './catalogue.views';

type LandingTexts = Record<string, { title: string; subtitle: string }>;

/** spec 2 §2 Landing page: title, offers, kids channels, music channels, films and series. */
export function createLandingService(deps: {
  repo: CatalogueRepository;
  service: ServiceReads;
  catalogue: CatalogueService;
  view: ViewContext;
}) {
  return {
    async getLanding(nameKey: string, locale: string) {
      const [texts, offers, channels, films, series] = await Promise.all([
        deps.service.getSetting<Record<string, LandingTexts>>('landing'),
        deps.service.listOffers(),
        deps.catalogue.channelsWithCurrent(),
        deps.repo.listContentsByType('Film', 12),
        deps.catalogue.listSeries(),
      ]);
      const byKey = texts?.[nameKey] ?? texts?.default;
      const text = byKey?.[locale] ?? byKey?.fr ?? { title: '', subtitle: '' };
      const strip = ({ schedules: _s, ...c }: (typeof channels)[number]) => c;
      return {
        title: text.title,
        subtitle: text.subtitle,
        // The landing sells subscriptions; single purchases are offered on their item's page.
        // spec 3 §2: three offers on the landing page, the operator's first three by position.
        offers: offers
          .filter((o) => o.type === 'Subscription')
          .slice(0, 3)
          .map(toInAppPurchase),
        kidsChannels: channels.filter((c) => c.genre === 'kids').map(strip),
        musicChannels: channels.filter((c) => c.genre === 'music').map(strip),
        films: films.map((r) => toContent(r, deps.view)),
        series,
      };
    },
  };
}
export type LandingService = ReturnType<typeof createLandingService>;
