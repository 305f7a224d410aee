import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber } from '@playz/domain';
import { useCategory, useCharacter, useContentCollection } from '@playz/queries';
import { collectionItemTile, contentTile, isTile, type TvRow } from '@/components/tiles';
import { NotFoundPage } from '@/components/not-found-page';
import { TilesPage, isNotFound } from './tiles-page';

// A category's, a collection's and a character's TV pages (spec 2 §7 Other catalogue; decision 060).

const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? value : null);

function CategoryTiles({ id }: { id: string }) {
  const { t } = useTranslation();
  const category = useCategory(id);
  const rows: TvRow[] = useMemo(
    () => [
      {
        key: 'contents',
        title: t('explore.programmeCount', { count: category.data?.contents.length ?? 0 }),
        style: 'Landscape',
        tiles: (category.data?.contents ?? []).map((content) => contentTile(content)),
      },
    ],
    [category.data, t],
  );
  return (
    <TilesPage
      pageKey={`category-${id}`}
      eyebrow={t('explore.categoryKind')}
      title={category.data?.name}
      rows={rows}
      pending={category.isPending}
      failed={category.isError}
      notFound={isNotFound(category.error, ApiErrorNumber.CategoryNotFound)}
      empty={t('explore.categoryEmpty')}
      onRetry={() => void category.refetch()}
    />
  );
}

function CollectionTiles({ id }: { id: string }) {
  const { t } = useTranslation();
  const collection = useContentCollection(id);
  const rows: TvRow[] = useMemo(
    () => [
      {
        key: 'items',
        title: collection.data?.name ?? '',
        style: 'Landscape',
        tiles: (collection.data?.items ?? []).map(collectionItemTile).filter(isTile),
      },
    ],
    [collection.data],
  );
  return (
    <TilesPage
      pageKey={`collection-${id}`}
      eyebrow={t('explore.collectionKind')}
      title={collection.data?.name}
      rows={rows}
      pending={collection.isPending}
      failed={collection.isError}
      notFound={isNotFound(collection.error, ApiErrorNumber.CollectionNotFound)}
      empty={t('explore.collectionEmpty')}
      onRetry={() => void collection.refetch()}
    />
  );
}

function CharacterTiles({ id }: { id: string }) {
  const { t } = useTranslation();
  const character = useCharacter(id);
  const rows: TvRow[] = useMemo(
    () => [
      {
        key: 'contents',
        title: t('explore.characterContents'),
        style: 'Landscape',
        tiles: (character.data?.contents ?? []).map((content) => contentTile(content)),
      },
    ],
    [character.data, t],
  );
  return (
    <TilesPage
      pageKey={`character-${id}`}
      eyebrow={t('explore.characterKind')}
      title={character.data?.name}
      intro={character.data?.description}
      rows={rows}
      pending={character.isPending}
      failed={character.isError}
      notFound={isNotFound(character.error, ApiErrorNumber.CharacterNotFound)}
      empty={t('explore.characterEmpty')}
      onRetry={() => void character.refetch()}
    />
  );
}

/** `/category/{id}`: the category's contents, which open their page. */
export function CategoryPage() {
  const id = idOf(useParams().id);
  return id ? <CategoryTiles key={id} id={id} /> : <NotFoundPage />;
}

/** `/content-collection/{id}`: the collection's items in order. */
export function CollectionPage() {
  const id = idOf(useParams().id);
  return id ? <CollectionTiles key={id} id={id} /> : <NotFoundPage />;
}

/** `/character/{id}`: who the character is and the episodes they appear in. */
export function CharacterPage() {
  const id = idOf(useParams().id);
  return id ? <CharacterTiles key={id} id={id} /> : <NotFoundPage />;
}
