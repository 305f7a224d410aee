import { useTranslation } from '@/lib/use-translation';
import { useCharacters } from '@playz/queries';
import { characterCard } from '@/lib/catalogue-links';
import { CardGrid, ExploreHeader } from './card-grid';
import '../catalogue.css';

/** /characters: every character as a portrait opening their page (spec 2 §7 /characters/; decision 060). */
export function CharactersPage() {
  const { t } = useTranslation();
  const characters = useCharacters();
  return (
    <div className="explore-page">
      <ExploreHeader title={t('explore.characters')} intro={t('explore.charactersIntro')} />
      <CardGrid
        items={characters.data?.map(characterCard)}
        style="Portrait"
        isError={characters.isError}
        empty={t('explore.charactersEmpty')}
      />
    </div>
  );
}
