import { useTranslation } from '@/lib/use-translation';
import { MediaCard, MediaCardPlaceholder } from '@/components/media-card';
import { listCard } from '@/lib/catalogue-links';
import { useSeriesCatalogue } from '@playz/queries';
import '../series.css';

const PLACEHOLDERS = 12;

/** /series: every series as a grid of portrait posters (spec 2 §2). */
export function SeriesCataloguePage() {
  const { t } = useTranslation();
  const catalogue = useSeriesCatalogue();
  return (
    <div className="series-catalogue">
      <h1 className="series-catalogue__title">{t('series.catalogueTitle')}</h1>
      {catalogue.isError ? (
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      ) : catalogue.data?.length === 0 ? (
        <p className="notice">{t('series.catalogueEmpty')}</p>
      ) : (
        <ul className="series-grid" aria-busy={catalogue.isPending || undefined}>
          {catalogue.data
            ? catalogue.data.map((series, index) => (
                <li key={series.ID}>
                  <MediaCard item={listCard(series)} style="Portrait" eager={index < 8} />
                </li>
              ))
            : Array.from({ length: PLACEHOLDERS }, (_, index) => (
                <li key={index}>
                  <MediaCardPlaceholder style="Portrait" />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
