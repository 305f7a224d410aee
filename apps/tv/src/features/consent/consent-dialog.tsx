import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CookieType, Customer } from '@playz/api-contract';
import { allIds, mandatoryIds, rememberCookieTypes, useAccountConsent, useAudience } from '@playz/queries';
import { TvButton } from '@/components/tv-button';
import { setModalFocus } from '@/navigation/focus-memory';
import { FocusSection } from '@/navigation/focusable';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { useRemoteKeys } from '@/navigation/use-remote-keys';

/**
 * Cookie consent on the TV (spec 3 §4), the web's choice in two buttons: everything, or the
 * functional cookies only (the detailed settings are the web's cookie page). Until the viewer
 * chooses, the dialog keeps the focus and back does not close it; the choice follows a logged
 * customer to the account (decision 015) like on the web. While analytics is allowed, each screen
 * is counted by the first-party measurement as the web's pages are (decision 088), under /tv.
 */
export function ConsentDialog({
  cookieTypes,
  customer,
  path,
}: {
  cookieTypes: CookieType[];
  customer: Pick<Customer, 'logged' | 'consent'>;
  /** The screen's path in the TV app. */
  path: string;
}) {
  const { t } = useTranslation();
  const { state, choose } = useAccountConsent(cookieTypes, customer);
  const open = cookieTypes.length > 0 && !state.hasChosen;
  useEffect(() => rememberCookieTypes(cookieTypes), [cookieTypes]);
  // After rememberCookieTypes: the measurement asks isAnalyticsAllowed, which reads them.
  useAudience(`/tv${path === '/' ? '' : path}`, `${state.hasChosen}:${state.acceptedIds.join(',')}`);
  useEffect(() => {
    if (!open) return;
    setModalFocus('consent-accept', 'consent-');
    return () => setModalFocus(null);
  }, [open]);
  // While it is open it has every key: arrows and OK act inside it, the page behind (a player
  // that would take OK as play / pause) cannot be reached, back does nothing. Modal (decision
  // 087): asked before every screen, a player mounted after it (the channel on a first start)
  // included, which would otherwise take OK first and leave the dialog unanswerable.
  useRemoteKeys((key) => focusKeysOnly(key) || true, open, true);
  if (!open) return null;
  return (
    <div className="consent" role="dialog" aria-modal="true" aria-label={t('consent.bannerLabel')}>
      <div className="consent__panel">
        <h2 className="consent__title">{t('consent.bannerTitle')}</h2>
        <p className="consent__text">{t('consent.bannerText')}</p>
        <FocusSection focusKey="consent" className="consent__actions" boundary>
          <TvButton
            focusKey="consent-accept"
            primary
            label={t('cookies.acceptAll')}
            onSelect={() => choose(allIds(cookieTypes), 'Default')}
          />
          <TvButton
            focusKey="consent-functional"
            label={t('cookies.acceptFunctional')}
            onSelect={() => choose(mandatoryIds(cookieTypes), 'Default')}
          />
        </FocusSection>
      </div>
    </div>
  );
}
