import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tvPaths } from '@/app/paths';
import { usePageFocus } from '@/navigation/use-page-focus';
import { FocusSection } from '@/navigation/focusable';
import { TvButton } from '@/components/tv-button';
import type { RentAction } from './use-rent-action';

/**
 * A programme this customer may not watch (spec 3 §4 access rules): subscribing (by link code, the
 * phone pays) or logging in (the phone types) are the ways on, reached with OK; a film the service
 * rents also offers its rental (`rent`: the button's label and its page, decision 040).
 */
export function LockedOverlay({
  logged,
  text,
  rent = null,
}: {
  logged: boolean;
  text: string;
  rent?: RentAction | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscribe = useCallback(() => void navigate(tvPaths.subscribe), [navigate]);
  const rentPath = rent?.path;
  const rentIt = useCallback(() => rentPath && void navigate(rentPath), [navigate, rentPath]);
  const logIn = useCallback(() => void navigate(tvPaths.login), [navigate]);
  // A content sold alone is opened by its purchase only (decision 107): the dialog says so and
  // offers that purchase, at its own offer's price, as its one way on (a visitor logs in first).
  const alone = rent?.alone === true;
  usePageFocus(alone ? (logged ? 'locked-rent' : 'locked-login') : 'locked-subscribe', true);
  const heading = t(alone ? 'player.lockedAlone' : 'player.locked');
  return (
    <div className="locked" role="dialog" aria-label={heading}>
      <h2 className="locked__title">{heading}</h2>
      <p className="locked__text">{alone ? t('player.lockedAloneText') : text}</p>
      <FocusSection focusKey="locked-actions" className="locked__actions">
        {alone ? null : (
          <TvButton focusKey="locked-subscribe" primary label={t('tv.subscribe.action')} onSelect={subscribe} />
        )}
        {rent && logged ? (
          <TvButton focusKey="locked-rent" primary={alone} label={rent.label} onSelect={rentIt} />
        ) : null}
        {logged ? null : (
          <TvButton focusKey="locked-login" primary={alone} label={t('tv.menu.login')} onSelect={logIn} />
        )}
      </FocusSection>
    </div>
  );
}
