import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tvPaths } from '@/app/paths';
import { TvButton } from '@/components/tv-button';
import type { RentAction } from './use-rent-action';

/**
 * Beside a preview's controls: the ways to the whole programme — the subscription by link code,
 * and a film's rental when the service rents it (`rent`, decision 040).
 */
export function SubscribeButton({ rent = null }: { rent?: RentAction | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscribe = useCallback(() => void navigate(tvPaths.subscribe), [navigate]);
  const rentPath = rent?.path;
  const rentIt = useCallback(() => rentPath && void navigate(rentPath), [navigate, rentPath]);
  return (
    <>
      {/* A content sold alone is not opened by the subscription (decision 107): its rental only. */}
      {rent?.alone ? null : (
        <TvButton focusKey="player-subscribe" label={t('tv.subscribe.action')} onSelect={subscribe} />
      )}
      {rent ? <TvButton focusKey="player-rent" label={rent.label} onSelect={rentIt} /> : null}
    </>
  );
}
