import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CardCarousel } from '@/components/card-carousel';
import { useComedyShow } from '@playz/queries';
import { collectionItemCard, collectionPath, contentCard } from '@/lib/catalogue-links';
import { CardGrid, ExploreHeader } from './card-grid';
import '../catalogue.css';

/**
 * /comedy: the comedy show (spec 2 §1 "a comedy genre", §7 /comedy/show): its sketches as a row
 * opening their collection, then every comedy (decision 060).
 */
export function ComedyPage() {
  const { t } = useTranslation();
  const show = useComedyShow();
  const sketches = show.data?.ContentCollection;
  const labels = { category: t('explore.categoryKind'), collection: t('explore.collectionKind') };
  return (
    <div className="explore-page">
      <ExploreHeader title={t('explore.comedy')} intro={t('explore.comedyIntro')} />
      {show.isPending ? (
        <CardCarousel title={<span className="skeleton skeleton--title" />} style="Landscape" loading />
      ) : sketches && sketches.items.length > 0 ? (
        <CardCarousel
          title={
            <Link className="row-title-link" to={collectionPath(sketches)}>
              {sketches.name || t('explore.sketches')}
              <span className="row-title-link__more" aria-hidden="true">
                ›
              </span>
            </Link>
          }
          style="Landscape"
          items={sketches.items.map((item) => collectionItemCard(item, labels))}
          eager
        />
      ) : null}
      <section className="explore-section" aria-labelledby="comedy-all">
        <h2 className="explore-section__title" id="comedy-all">
          {t('explore.comedyAll')}
        </h2>
        <CardGrid
          items={show.data?.Collection.map((content) => contentCard(content))}
          style="Landscape"
          isError={show.isError}
          empty={t('explore.comedyEmpty')}
          eager={4}
        />
      </section>
    </div>
  );
}
