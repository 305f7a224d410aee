import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tvPaths } from '@/app/paths';
import { TvButton } from '@/components/tv-button';

/** Beside a preview's controls: the way to the whole programme (subscription by link code). */
export function SubscribeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscribe = useCallback(() => void navigate(tvPaths.subscribe), [navigate]);
  return <TvButton focusKey="player-subscribe" label={t('tv.subscribe.action')} onSelect={subscribe} />;
}
