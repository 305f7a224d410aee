import { useTranslation } from '@/lib/use-translation';
import { CardCarousel, VerticalCardCarousel } from '@/components/card-carousel';
import { contentCard } from '@/lib/catalogue-links';
import { useIsMobileLayout } from '@/lib/dialog-route';
import { useChannelLogos, useReplayCollections, useReplayLastHours, type ReplayTab } from '@playz/queries';
import { REPLAY_PANEL_ID, ReplayTabs, replayTabId } from './replay-tabs';

const LOADING_ROWS = 3;

/**
 * /replay/channels and /replay/genres (spec 2 §2): tabs over one row of past programmes per
 * channel (headed by its round logo) or per genre. The programmes of the last 24 hours sit
 * beside them in a vertical carousel on desktop, and above them on a phone.
 */
export function ReplayPage({ tab }: { tab: ReplayTab }) {
  const { t } = useTranslation();
  const isMobile = useIsMobileLayout();
  const collections = useReplayCollections(tab);
  const logos = useChannelLogos(tab === 'channels');
  const lastHours = useReplayLastHours();
  const lastHoursItems = (lastHours.data ?? []).map((content) => contentCard(content));
  const showLastHours = lastHours.isPending || lastHoursItems.length > 0;

  const rows = collections.data?.filter((collection) => collection.contents.length > 0) ?? [];

  return (
    <div className={`browse-page replay-page${showLastHours && !isMobile ? ' replay-page--aside' : ''}`}>
      <header className="browse-page__head">
        <h1 className="browse-page__title">{t('replay.title')}</h1>
        <p className="browse-page__intro">{t('replay.intro')}</p>
        <ReplayTabs current={tab} />
      </header>
      <div className="replay-page__body">
        {showLastHours ? (
          isMobile ? (
            <CardCarousel
              title={t('replay.lastHours')}
              style="Landscape"
              items={lastHoursItems}
              loading={lastHours.isPending}
            />
          ) : (
            <VerticalCardCarousel
              className="replay-page__aside"
              title={t('replay.lastHours')}
              style="Landscape"
              items={lastHoursItems}
              loading={lastHours.isPending}
            />
          )
        ) : null}
        <div
          className="replay-page__panel"
          role="tabpanel"
          id={REPLAY_PANEL_ID}
          aria-labelledby={replayTabId(tab)}
          aria-busy={collections.isPending || undefined}
        >
          {collections.isPending ? (
            Array.from({ length: LOADING_ROWS }, (_, index) => (
              <CardCarousel
                key={index}
                title={<span className="skeleton skeleton--title" />}
                style="Landscape"
                loading
              />
            ))
          ) : collections.isError ? (
            <div className="browse-empty" role="alert">
              <p className="browse-empty__text">{t('replay.error')}</p>
              <button type="button" className="button button--ghost" onClick={() => void collections.refetch()}>
                {t('replay.retry')}
              </button>
            </div>
          ) : rows.length === 0 ? (
            <p className="browse-empty browse-empty__text">{t('replay.empty')}</p>
          ) : (
            rows.map((collection, index) => {
              const logo = collection.channelID === null ? null : logos.data?.get(collection.channelID);
              return (
                <CardCarousel
                  key={collection.ID}
                  id={`replay-${collection.ID}`}
                  title={
                    <span className="replay-row__title">
                      {tab === 'channels' ? (
                        <span className="replay-row__logo" aria-hidden="true">
                          {logo ? <img src={logo} alt="" /> : collection.name.slice(0, 1)}
                        </span>
                      ) : null}
                      {collection.name}
                    </span>
                  }
                  style="Landscape"
                  items={collection.contents.map((content) => contentCard(content))}
                  eager={index < 2}
                />
              );
            })
          )}
        </div>
      </div>
    </div>
  );
}
