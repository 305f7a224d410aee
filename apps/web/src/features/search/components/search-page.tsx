import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CloseIcon, SearchIcon } from '@/components/icons';
import { toSearchItem } from '../api/search-items';
import { SEARCH_MAX_LENGTH, useDebouncedValue, useSearch } from '@playz/queries';
import { SearchResultCard, SearchResultPlaceholder } from './search-result-card';

const PLACEHOLDERS = 8;

/**
 * /search?q= (spec 2 §2 search page): results as the viewer types, in one ranked grid with
 * type badges. The query lives in the URL (replaced, not pushed, while typing) so a reload or a
 * shared link shows the same results; the result count is announced to screen readers.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = (searchParams.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const [text, setText] = useState(urlQuery);
  const keywords = useDebouncedValue(text.trim());
  const keywordsRef = useRef(keywords);
  const inputRef = useRef<HTMLInputElement>(null);

  // Only the settled keywords write the URL; the URL's own changes are read below. An effect
  // event reads the current URL without making URL changes re-run the write.
  const writeKeywordsToUrl = useEffectEvent((settled: string) => {
    if (settled === urlQuery) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    keywordsRef.current = keywords;
    writeKeywordsToUrl(keywords);
  }, [keywords]);

  // A link to /search (the top menu) or the browser's history changes the URL: the field follows it.
  useEffect(() => {
    if (urlQuery !== keywordsRef.current) setText(urlQuery);
  }, [urlQuery]);

  const search = useSearch(keywords);
  const items = useMemo(
    () => search.data?.pages.flatMap((page) => page.Results.map(toSearchItem)) ?? [],
    [search.data],
  );
  const total = search.data?.pages[0]?.Total ?? 0;
  const settled = keywords !== '' && search.isSuccess && !search.isPlaceholderData;

  let status = '';
  if (keywords !== '' && (search.isPending || search.isPlaceholderData)) status = t('search.searching');
  else if (settled)
    status =
      total === 0 ? t('search.noResults', { query: keywords }) : t('search.count', { count: total, query: keywords });

  return (
    <div className="browse-page search-page">
      <header className="browse-page__head">
        <h1 className="browse-page__title">{t('search.title')}</h1>
        <form className="search-box" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('search.label')}
          </label>
          <SearchIcon className="search-box__icon" size={22} />
          <input
            ref={inputRef}
            id={inputId}
            className="search-box__input"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('search.placeholder')}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            // The page exists to type a query: the field takes the focus on arrival.
            autoFocus
          />
          {text ? (
            <button
              type="button"
              className="search-box__clear icon-button"
              aria-label={t('search.clear')}
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
            >
              <CloseIcon size={20} />
            </button>
          ) : null}
        </form>
        <p className={`search-page__status${settled && total > 0 ? '' : ' visually-hidden'}`} role="status">
          {status}
        </p>
      </header>

      {keywords === '' ? (
        <div className="browse-empty">
          <SearchIcon size={44} />
          <h2 className="browse-empty__title">{t('search.emptyTitle')}</h2>
          <p className="browse-empty__text">{t('search.emptyText')}</p>
        </div>
      ) : search.isPending ? (
        <ul className="result-grid" aria-hidden="true">
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={index}>
              <SearchResultPlaceholder />
            </li>
          ))}
        </ul>
      ) : search.isError && items.length === 0 ? (
        <div className="browse-empty" role="alert">
          <p className="browse-empty__text">{t('search.error')}</p>
          <button type="button" className="button button--ghost" onClick={() => void search.refetch()}>
            {t('search.retry')}
          </button>
        </div>
      ) : settled && total === 0 ? (
        <div className="browse-empty">
          <h2 className="browse-empty__title">{t('search.noResults', { query: keywords })}</h2>
          <p className="browse-empty__text">{t('search.noResultsHint')}</p>
        </div>
      ) : (
        <section aria-labelledby={`${inputId}-results`} aria-busy={search.isPlaceholderData || undefined}>
          <h2 className="visually-hidden" id={`${inputId}-results`}>
            {t('search.results')}
          </h2>
          <ul className={`result-grid${search.isPlaceholderData ? ' result-grid--stale' : ''}`}>
            {items.map((item) => (
              <li key={item.key}>
                <SearchResultCard item={item} />
              </li>
            ))}
          </ul>
          {search.hasNextPage && !search.isPlaceholderData ? (
            <div className="browse-page__more">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void search.fetchNextPage()}
                disabled={search.isFetchingNextPage}
              >
                {search.isFetchingNextPage ? t('common.loading') : t('search.more')}
              </button>
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}
