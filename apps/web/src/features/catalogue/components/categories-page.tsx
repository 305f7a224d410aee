import { useTranslation } from '@/lib/use-translation';
import { useCategories } from '@playz/queries';
import { categoryCard } from '@/lib/catalogue-links';
import { CardGrid, ExploreHeader } from './card-grid';
import '../catalogue.css';

/** /categories: every category as a tile opening its page (spec 2 §7 /categories/; decision 060). */
export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <div className="explore-page">
      <ExploreHeader title={t('explore.categories')} intro={t('explore.categoriesIntro')} />
      <CardGrid
        items={categories.data?.map((category) => categoryCard(category))}
        style="Landscape"
        isError={categories.isError}
        empty={t('explore.categoriesEmpty')}
      />
    </div>
  );
}
