import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { To } from 'react-router';

interface CookieBannerProps {
  onAcceptAll: () => void;
  onAcceptFunctional: () => void;
  settingsTo: To;
  settingsState: unknown;
}

/**
 * The consent banner (spec 3 §4): shown until a choice is made; accept all, accept only
 * functional, or open the settings. It does not block the page, and a dialog does not block it:
 * a first visit may open straight onto one (#/customer/login, the migration notice), so the
 * banner sits over the dialog's backdrop and Tab reaches it (`data-over-dialogs`, see
 * components/dialog-focus.ts; decision 015).
 */
export function CookieBanner({ onAcceptAll, onAcceptFunctional, settingsTo, settingsState }: CookieBannerProps) {
  const { t } = useTranslation();
  return (
    <section className="cookie-banner" aria-label={t('consent.bannerLabel')} data-over-dialogs="">
      <div className="cookie-banner__text">
        <h2 className="cookie-banner__title" id="cookie-banner-title">
          {t('consent.bannerTitle')}
        </h2>
        <p>
          {t('consent.bannerText')}{' '}
          <Link to="/service/infos/cookies" className="text-link">
            {t('consent.learnMore')}
          </Link>
        </p>
      </div>
      <div className="cookie-banner__actions">
        <Link to={settingsTo} state={settingsState} className="button button--ghost">
          {t('cookies.settings')}
        </Link>
        <button type="button" className="button button--ghost" onClick={onAcceptFunctional}>
          {t('cookies.acceptFunctional')}
        </button>
        <button type="button" className="button button--primary" onClick={onAcceptAll}>
          {t('cookies.acceptAll')}
        </button>
      </div>
    </section>
  );
}
