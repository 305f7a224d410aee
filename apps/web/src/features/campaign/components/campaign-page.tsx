import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { PlayIcon } from '@/components/icons';
import { playerPath } from '@/lib/catalogue-links';
import { useCampaignContents } from '../api/use-campaign';

const PLACEHOLDERS = 3;

/** Minutes and seconds of a short video, as the player shows them. */
const clock = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * /service/csa (spec 2 §2): the campaign videos for the audiovisual regulator, each opening
 * the content player. The footer links here only from 20 November to 10 December; the page
 * itself stays reachable all year.
 */
export function CampaignPage() {
  const { t } = useTranslation();
  const contents = useCampaignContents();
  return (
    <div className="browse-page campaign-page">
      <header className="browse-page__head">
        <h1 className="browse-page__title">{t('campaign.title')}</h1>
        <p className="browse-page__intro">{t('campaign.intro')}</p>
      </header>
      {contents.isPending ? (
        <ul className="campaign-list" aria-hidden="true">
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={index} className="campaign-item campaign-item--placeholder">
              <span className="campaign-item__frame skeleton" />
              <span className="skeleton skeleton--line" />
            </li>
          ))}
        </ul>
      ) : contents.isError ? (
        <div className="browse-empty" role="alert">
          <p className="browse-empty__text">{t('campaign.error')}</p>
          <button type="button" className="button button--ghost" onClick={() => void contents.refetch()}>
            {t('campaign.retry')}
          </button>
        </div>
      ) : contents.data.length === 0 ? (
        <p className="browse-empty browse-empty__text">{t('campaign.empty')}</p>
      ) : (
        <ul className="campaign-list">
          {contents.data.map((content) => {
            const artwork = content.images.landscape ?? content.thumbnailUrl;
            return (
              <li key={content.contentID} className="campaign-item">
                {/* The picture is a second way in for the pointer; the labelled button is the tab stop. */}
                <Link className="campaign-item__frame" to={playerPath(content)} tabIndex={-1} aria-hidden="true">
                  {artwork ? <img src={artwork} alt="" loading="lazy" decoding="async" /> : null}
                  <span className="campaign-item__play" aria-hidden="true">
                    <PlayIcon size={30} />
                  </span>
                  <span className="campaign-item__duration" aria-hidden="true">
                    {clock(content.duration)}
                  </span>
                </Link>
                <div className="campaign-item__body">
                  <h2 className="campaign-item__title">{content.title}</h2>
                  {content.description ? <p className="campaign-item__text">{content.description}</p> : null}
                  <Link
                    className="button button--primary button--small"
                    to={playerPath(content)}
                    aria-label={t('campaign.watchTitle', { title: content.title })}
                  >
                    <PlayIcon size={16} />
                    <span>{t('campaign.watch')}</span>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
