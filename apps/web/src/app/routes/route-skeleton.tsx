import { useTranslation } from '@/lib/use-translation';

/**
 * What a page whose code loads on demand shows meanwhile: the dark page with shimmering blocks
 * where a hero, a title and rows will be (never a blank screen), announced as loading.
 */
export function RouteSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="route-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="route-skeleton__hero skeleton" aria-hidden="true" />
      <div className="route-skeleton__text" aria-hidden="true">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line route-skeleton__short" />
      </div>
      <div className="route-skeleton__row" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <span className="route-skeleton__card skeleton" key={index} />
        ))}
      </div>
    </div>
  );
}
