import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { endpoints, ResponseOf } from '@playz/api-contract';
import { SEARCH_MAX_LENGTH, useDebouncedValue, useSearch } from '@playz/queries';
import { digitOf } from '@/lib/digits';
import { usePageFocus } from '@/navigation/use-page-focus';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { TileRow } from '@/components/tile-row';
import { channelTile, contentTile, seriesTile, type Tile, type TvRow } from '@/components/tiles';
import { applyKey, type KeyboardAction } from './keyboard-layout';
import { OnScreenKeyboard } from './on-screen-keyboard';

type SearchResult = ResponseOf<typeof endpoints.search>['Results'][number];

function resultTile(result: SearchResult): Tile {
  if (result.type === 'Content') return contentTile(result.Content);
  if (result.type === 'Channel') return channelTile(result.Channel);
  return seriesTile(result.ContentList);
}

/** Search with the on-screen keyboard (decision 035, spec 2 §7 /search): results show while the viewer types. */
export function SearchPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keywords = useDebouncedValue(text.trim());
  const search = useSearch(keywords);
  const onKey = useCallback((action: KeyboardAction) => setText((now) => applyKey(now, action, SEARCH_MAX_LENGTH)), []);
  // The remote's digits type too.
  useRemoteKeys((key) => {
    const digit = digitOf(key);
    if (digit === null) return false;
    onKey({ type: 'char', char: digit });
    return true;
  });
  usePageFocus('osk-a', true);
  const results = useMemo(() => search.data?.pages.flatMap((page) => page.Results) ?? [], [search.data]);
  const row: TvRow = useMemo(
    () => ({ key: 'results', title: t('search.results'), style: 'Landscape', tiles: results.map(resultTile) }),
    [results, t],
  );
  const total = search.data?.pages[0]?.Total ?? 0;
  let status: string;
  if (keywords === '') status = t('search.emptyTitle');
  else if (search.isError) status = t('search.error');
  else if (search.isPending) status = t('search.searching');
  else if (total === 0) status = t('search.noResults', { query: keywords });
  else status = t('search.count', { count: total, query: keywords });
  return (
    <div className="search">
      <div className="search__side">
        <div className="search__field" aria-live="polite">
          <span className={text ? 'search__text' : 'search__placeholder'}>{text || t('search.label')}</span>
          <span className="search__caret" aria-hidden="true" />
        </div>
        <OnScreenKeyboard onKey={onKey} />
      </div>
      <div className="search__results">
        <p className="search__status" role="status">
          {status}
        </p>
        {keywords === '' ? <p className="search__hint">{t('search.emptyText')}</p> : null}
        {row.tiles.length > 0 ? (
          <TileRow key={keywords} row={row} focusKeyPrefix={`search-${keywords}`} showImages wrap />
        ) : null}
      </div>
    </div>
  );
}
