import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context';

/** A content (film, episode...) or a content list (series, list) can be a favourite (spec 2 §1). */
export type FavoriteKind = 'content' | 'list';

export const favoriteKeys = {
  flag: (kind: FavoriteKind, id: string) => ['favorite', kind, id] as const,
  customerFavorites: ['customer', 'favorites'] as const,
};

/**
 * The favourite flag of one item and its toggle (spec 2 §4): the toggle calls the server and,
 * on success, sets the flag and refreshes what lists the customer's favourites (home row).
 * Visitors are never asked: they have no favourites.
 */
export function useFavorite(kind: FavoriteKind, id: string, logged: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = favoriteKeys.flag(kind, id);
  const flag = useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      kind === 'content'
        ? (await api.isContentFavorite({ params: { id }, signal })).IsFavorite
        : (await api.isContentListFavorite({ params: { id }, signal })).IsFavorite,
    enabled: logged,
  });
  const toggle = useMutation({
    mutationFn: async (next: boolean) => {
      const query = { is_favorite: next ? '1' : '0' } as const;
      return kind === 'content'
        ? (await api.setContentFavorite({ params: { id }, query })).IsFavorite
        : (await api.setContentListFavorite({ params: { id }, query })).IsFavorite;
    },
    onSuccess: async (isFavorite) => {
      queryClient.setQueryData(queryKey, isFavorite);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: favoriteKeys.customerFavorites }),
        // The home Favorites row comes with the page rows.
        queryClient.invalidateQueries({ queryKey: ['page'] }),
      ]);
    },
  });
  return {
    isFavorite: logged ? (flag.data ?? false) : false,
    loading: (logged && flag.isPending) || toggle.isPending,
    failed: toggle.isError,
    toggle: () => toggle.mutate(!(flag.data ?? false)),
  };
}

/** GET /customer/favorites: the customer's favourite contents and lists; visitors are never asked. */
export function useCustomerFavorites(logged: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: favoriteKeys.customerFavorites,
    queryFn: async ({ signal }) => (await api.getCustomerFavorites({ signal })).Favorites,
    enabled: logged,
  });
}
