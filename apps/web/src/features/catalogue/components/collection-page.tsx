import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber } from '@playz/domain';
import { useContentCollection } from '@playz/queries';
import { collectionItemCard } from '@/lib/catalogue-links';
import { CardGrid, ExploreHeader } from './card-grid';
import { isNotFound } from './not-found';
import '../catalogue.css';

/**
 * /content-collection/{id}: every item of a collection in its order, contents, lists, categories
 * and nested collections alike (spec 2 §3 Content collection; decision 060).
 */
export function CollectionPage({ collectionId, notFound }: { collectionId: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const collection = useContentCollection(collectionId);
  if (isNotFound(collection.error, ApiErrorNumber.CollectionNotFound)) return <>{notFound}</>;
  const labels = { category: t('explore.categoryKind'), collection: t('explore.collectionKind') };
  return (
    <div className="explore-page">
      <ExploreHeader
        eyebrow={t('explore.collectionKind')}
        title={collection.isError ? t('explore.collectionKind') : collection.data?.name}
      />
      <CardGrid
        items={collection.data?.items.map((item) => collectionItemCard(item, labels))}
        style="Landscape"
        label={collection.data?.name}
        isError={collection.isError}
        empty={t('explore.collectionEmpty')}
      />
    </div>
  );
}
