import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

// The "other catalogue" calls of spec 2 §7 (categories, collections, characters, games) and the
// comedy show of its page rows, each read as the page that shows it needs it.

export const catalogueBrowseKeys = {
  categories: ['categories'] as const,
  category: (id: string) => ['category', id] as const,
  collection: (id: string) => ['content-collection', id] as const,
  characters: ['characters'] as const,
  character: (id: string) => ['character', id] as const,
  games: ['games'] as const,
  comedyShow: ['comedy', 'show'] as const,
};

/** GET /categories/: every category. */
export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.categories,
    queryFn: async ({ signal }) => (await api.getCategories({ signal })).Categories,
  });
}

/** GET /category/{id}: the category with its contents. */
export function useCategory(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.category(id),
    queryFn: async ({ signal }) => (await api.getCategory({ params: { id }, signal })).Category,
  });
}

/** GET /content-collection/{id}: the collection with its typed items, in order. */
export function useContentCollection(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.collection(id),
    queryFn: async ({ signal }) => (await api.getContentCollection({ params: { id }, signal })).ContentCollection,
  });
}

/** GET /characters/: every character. */
export function useCharacters() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.characters,
    queryFn: async ({ signal }) => (await api.getCharacters({ signal })).Characters,
  });
}

/** GET /character/{id}: the character with the contents they appear in. */
export function useCharacter(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.character(id),
    queryFn: async ({ signal }) => (await api.getCharacter({ params: { id }, signal })).Character,
  });
}

/** GET /games: the games, in their order. */
export function useGames() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.games,
    queryFn: async ({ signal }) => (await api.getGames({ signal })).Games,
  });
}

/** GET /comedy/show: the sketches' collection and the comedy contents. */
export function useComedyShow() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueBrowseKeys.comedyShow,
    queryFn: async ({ signal }) => await api.getComedyShow({ signal }),
  });
}
