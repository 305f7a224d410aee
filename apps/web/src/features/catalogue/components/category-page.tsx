import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { ApiErrorNumber } from '@playz/domain';
import { useCategory } from '@playz/queries';
import { contentCard } from '@/lib/catalogue-links';
import { CardGrid, ExploreHeader } from './card-grid';
import { isNotFound } from './not-found';
import '../catalogue.css';

/** /category/{id}: a category's contents (spec 2 §7 /category/{id}; decision 060). */
export function CategoryPage({ categoryId, notFound }: { categoryId: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const category = useCategory(categoryId);
  if (isNotFound(category.error, ApiErrorNumber.CategoryNotFound)) return <>{notFound}</>;
  const count = category.data?.contents.length;
  return (
    <div className="explore-page">
      <ExploreHeader
        eyebrow={t('explore.categoryKind')}
        title={category.isError ? t('explore.categoryKind') : category.data?.name}
        intro={count ? t('explore.programmeCount', { count }) : undefined}
      />
      <CardGrid
        items={category.data?.contents.map((content) => contentCard(content))}
        style="Landscape"
        label={category.data?.name}
        isError={category.isError}
        empty={t('explore.categoryEmpty')}
      />
    </div>
  );
}
