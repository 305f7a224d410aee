import { useParams } from 'react-router';
import { ErrorPage } from '@/features/errors/components/error-page';
import { CategoriesPage } from '@/features/catalogue/components/categories-page';
import { CategoryPage } from '@/features/catalogue/components/category-page';
import { CharacterPage } from '@/features/catalogue/components/character-page';
import { CharactersPage } from '@/features/catalogue/components/characters-page';
import { CollectionPage } from '@/features/catalogue/components/collection-page';
import { ComedyPage } from '@/features/catalogue/components/comedy-page';
import { GamesPage } from '@/features/catalogue/components/games-page';

// The other catalogue's pages (spec 2 §7 "Other catalogue" and /comedy/show; decision 060).

const isId = (value: string | undefined): value is string => value !== undefined && /^\d{1,9}$/.test(value);

/** `/categories`: every category. */
export function CategoriesRoute() {
  return <CategoriesPage />;
}

/** `/category/{id}`: one category's contents. */
export function CategoryRoute() {
  const { categoryId } = useParams();
  if (!isId(categoryId)) return <ErrorPage kind="not-found" />;
  return <CategoryPage key={categoryId} categoryId={categoryId} notFound={<ErrorPage kind="not-found" />} />;
}

/** `/content-collection/{id}`: one collection's items. */
export function CollectionRoute() {
  const { collectionId } = useParams();
  if (!isId(collectionId)) return <ErrorPage kind="not-found" />;
  return <CollectionPage key={collectionId} collectionId={collectionId} notFound={<ErrorPage kind="not-found" />} />;
}

/** `/characters`: every character. */
export function CharactersRoute() {
  return <CharactersPage />;
}

/** `/character/{id}`: one character and the episodes they appear in. */
export function CharacterRoute() {
  const { characterId } = useParams();
  if (!isId(characterId)) return <ErrorPage kind="not-found" />;
  return <CharacterPage key={characterId} characterId={characterId} notFound={<ErrorPage kind="not-found" />} />;
}

/** `/games`: the games. */
export function GamesRoute() {
  return <GamesPage />;
}

/** `/comedy`: the comedy show. */
export function ComedyRoute() {
  return <ComedyPage />;
}
