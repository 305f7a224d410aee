import { useTranslation } from '@/lib/use-translation';

/**
 * Shown while the application data loads (spec 1 §4); the static one in index.html with a
 * translated label instead of its reload link, which only a page whose app never ran needs
 * (decision 136).
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="splash__logo">Playz</span>
      <span className="splash__bar" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
