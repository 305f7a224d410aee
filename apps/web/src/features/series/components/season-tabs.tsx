import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Series } from '@playz/api-contract';

type Season = Series['seasons'][number];

export const seasonTabId = (season: Pick<Season, 'ID'>) => `season-tab-${season.ID}`;
export const SEASON_PANEL_ID = 'season-panel';

/**
 * The season tabs of a series page (spec 2 §2): a WAI-ARIA tablist with automatic activation;
 * arrows, Home and End move between seasons.
 */
export function SeasonTabs({
  seasons,
  selectedId,
  onSelect,
}: {
  seasons: Season[];
  selectedId: number;
  onSelect: (season: Season) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = seasons.findIndex((season) => season.ID === selectedId);
    const last = seasons.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    const season = target === undefined ? undefined : seasons[target];
    if (!season) return;
    event.preventDefault();
    onSelect(season);
    listRef.current?.querySelector<HTMLButtonElement>(`#${seasonTabId(season)}`)?.focus();
  };

  return (
    <div className="season-tabs" role="tablist" aria-label={t('series.seasons')} ref={listRef} onKeyDown={onKeyDown}>
      {seasons.map((season) => {
        const selected = season.ID === selectedId;
        return (
          <button
            key={season.ID}
            type="button"
            role="tab"
            id={seasonTabId(season)}
            className={`season-tabs__tab${selected ? ' season-tabs__tab--selected' : ''}`}
            aria-selected={selected}
            aria-controls={SEASON_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(season)}
          >
            {season.number !== null ? t('series.seasonNumber', { number: season.number }) : season.name}
          </button>
        );
      })}
    </div>
  );
}
