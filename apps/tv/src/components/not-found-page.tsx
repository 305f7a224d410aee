import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageFocus } from '@/navigation/use-page-focus';
import { TvButton } from './tv-button';

/** An address the TV app does not have, or an item that does not exist (spec 1 §8 error 6, spec 2 §8 20 / 22). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  usePageFocus('not-found-home', true);
  return (
    <div className="message-page">
      <h1 className="page-title">{t('tv.notFound')}</h1>
      <TvButton focusKey="not-found-home" primary label={t('tv.menu.home')} onSelect={home} />
    </div>
  );
}
