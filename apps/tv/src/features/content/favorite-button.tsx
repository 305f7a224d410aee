import { useTranslation } from 'react-i18next';
import { useFavorite, type FavoriteKind } from '@playz/queries';
import { TvButton } from '@/components/tv-button';
import { Icon } from '@/components/icon';

/** Add to / remove from favourites (spec 2 §4); visitors have no favourites and see no button. */
export function FavoriteButton({ kind, id, logged }: { kind: FavoriteKind; id: string; logged: boolean }) {
  const { t } = useTranslation();
  const favorite = useFavorite(kind, id, logged);
  if (!logged) return null;
  return (
    <TvButton
      focusKey="detail-favorite"
      icon={<Icon name="heart" />}
      label={favorite.isFavorite ? t('player.removeFavorite') : t('player.addFavorite')}
      pressed={favorite.isFavorite}
      onSelect={favorite.toggle}
    />
  );
}
