import { useTranslation } from '@/lib/use-translation';

/** Shown while the application data loads (spec 1 §4); same markup as the static one in index.html. */
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
