import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber } from '@playz/domain';
import { useCharacter } from '@playz/queries';
import { contentCard, seriesPath } from '@/lib/catalogue-links';
import { CardGrid } from './card-grid';
import { isNotFound } from './not-found';
import '../catalogue.css';

/**
 * /character/{id}: who the character is, the series they belong to and the episodes they appear
 * in (spec 2 §7 /character/{id}; decision 060).
 */
export function CharacterPage({ characterId, notFound }: { characterId: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const character = useCharacter(characterId);
  if (isNotFound(character.error, ApiErrorNumber.CharacterNotFound)) return <>{notFound}</>;
  const data = character.data;
  // The episodes carry their series' slug; the character carries only its id.
  const inSeries = data?.contents
    .map(({ seriesID, seriesSlug }) =>
      seriesID !== null && seriesSlug !== null ? { ID: seriesID, slug: seriesSlug } : null,
    )
    .find((series) => series !== null);
  return (
    <div className="explore-page explore-page--character">
      <header className="character-hero">
        <div className="character-hero__portrait">
          {data?.imageUrl ? (
            <img src={data.imageUrl} alt="" decoding="async" />
          ) : (
            <span className={data ? 'character-hero__initial' : 'skeleton'} aria-hidden="true">
              {data?.name.slice(0, 1)}
            </span>
          )}
        </div>
        <div className="character-hero__text">
          <p className="explore-header__eyebrow">{t('explore.characterKind')}</p>
          {data ? (
            <h1 className="explore-header__title">{data.name}</h1>
          ) : character.isError ? (
            <h1 className="explore-header__title">{t('explore.characterKind')}</h1>
          ) : (
            <span className="skeleton skeleton--title explore-header__skeleton" aria-hidden="true" />
          )}
          {data?.description ? <p className="explore-header__intro">{data.description}</p> : null}
          {inSeries ? (
            <Link className="button button--ghost" to={seriesPath(inSeries)}>
              {t('explore.seeSeries')}
            </Link>
          ) : null}
        </div>
      </header>
      <section className="explore-section" aria-labelledby="character-contents">
        <h2 className="explore-section__title" id="character-contents">
          {t('explore.characterContents')}
        </h2>
        <CardGrid
          items={data?.contents.map((content) => contentCard(content))}
          style="Landscape"
          isError={character.isError}
          empty={t('explore.characterEmpty')}
          eager={4}
        />
      </section>
    </div>
  );
}
