import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CardCarousel } from '@/components/card-carousel';
import { toRowViews, type RowView } from '../api/row-items';
import { useHomeRows } from '@playz/queries';
import { HomeHero } from './home-hero';

/** Fallback titles when the server sends none: the row type's own name (spec 2 §2). */
const ROW_TITLE_KEYS = {
  Channels: 'home.channels',
  ContentCollection: 'home.contentCollection',
  Category: 'home.category',
  ContentList: 'home.contentList',
  ReplayMovies: 'home.replayMovies',
  ReplaySeries: 'home.replaySeries',
  ReplayLastHours: 'home.replayLastHours',
  Favorites: 'home.favorites',
  ContentsProcessing: 'home.contentsProcessing',
  Series: 'home.series',
} as const satisfies Record<RowView['rowType'], string>;

/** Home (spec 2 §2): a billboard, then one carousel per row. */
export function HomePage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useHomeRows();
  const rows = useMemo(
    () =>
      data
        ? toRowViews(data, undefined, { category: t('explore.categoryKind'), collection: t('explore.collectionKind') })
        : [],
    [data, t],
  );

  if (isPending) {
    return (
      <div className="home">
        <div className="hero hero--home hero--empty skeleton" aria-hidden="true" />
        <div className="home__rows">
          <CardCarousel title={<span className="skeleton skeleton--title" />} style="Landscape" loading />
          <CardCarousel title={<span className="skeleton skeleton--title" />} style="Portrait" loading />
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="home home--error">
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      </div>
    );
  }
  return (
    <div className="home">
      <HomeHero items={rows[0]?.items ?? []} />
      <div className="home__rows">
        {rows.map((row, index) => (
          <CardCarousel
            key={row.key}
            title={
              row.href ? (
                // A category's or collection's row opens its whole page (decision 060); the chevron
                // is drawn only, so the row keeps its title as its name.
                <Link className="row-title-link" to={row.href}>
                  {row.title || t(ROW_TITLE_KEYS[row.rowType])}
                  <span className="row-title-link__more" aria-hidden="true">
                    ›
                  </span>
                </Link>
              ) : (
                row.title || t(ROW_TITLE_KEYS[row.rowType])
              )
            }
            style={row.style}
            items={row.items}
            eager={index < 2}
          />
        ))}
      </div>
    </div>
  );
}
