import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '@/components/icons';

/**
 * Shown instead of the video without access (spec 1 §6, spec 2 §4): it leads to /service/inter
 * with the current path as requested_url.
 */
export function LockedPoster({
  poster,
  title,
  subscribeHref,
  loginHref,
}: {
  poster: string | null;
  title: string;
  subscribeHref: string;
  loginHref?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="locked" role="region" aria-label={t('player.locked')}>
      {poster ? <img className="locked__image" src={poster} alt={title} /> : null}
      <div className="locked__shade" />
      <div className="locked__content">
        <span className="locked__icon" aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <p className="locked__title">{t('player.locked')}</p>
        <p className="locked__text">{t('player.lockedText')}</p>
        <div className="locked__actions">
          <Link className="button button--primary button--large" to={subscribeHref}>
            {t('menu.subscribe')}
          </Link>
          {loginHref ? (
            <Link className="button button--glass button--large" to={loginHref}>
              {t('menu.login')}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
