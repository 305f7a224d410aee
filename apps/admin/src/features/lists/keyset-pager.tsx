import { useState } from 'react';
import { useT } from '@/i18n/use-t';

/**
 * A console list read a page at a time by keyset (decision 110): the server answers each page's
 * `next` cursor; going back is the cursor the previous page was read with, so the pager keeps
 * the cursors it followed. `filters` names what the list is filtered by: when it changes, the
 * list starts again at its first page (a cursor belongs to its filters), and the filters
 * themselves stay where the page keeps them (the address, a form).
 */
export function useKeysetPages<Cursor extends string | number = string>(filters: string) {
  const [state, setState] = useState<{ filters: string; cursors: Cursor[] }>({ filters, cursors: [] });
  const cursors = state.filters === filters ? state.cursors : [];
  return {
    /** The cursor to read the shown page with; undefined on the first page. */
    after: cursors.at(-1),
    /** 1 on the first page. */
    page: cursors.length + 1,
    next: (cursor: Cursor) => setState({ filters, cursors: [...cursors, cursor] }),
    previous: () => setState({ filters, cursors: cursors.slice(0, -1) }),
  };
}

export function KeysetPager<Cursor extends string | number>({
  pages,
  next,
}: {
  pages: ReturnType<typeof useKeysetPages<Cursor>>;
  /** The shown page's `next`: null on the last page. */
  next: Cursor | null | undefined;
}) {
  const t = useT();
  if (pages.page === 1 && !next) return null;
  return (
    <nav className="filters" aria-label={t('lists.pages')}>
      <button type="button" className="button ghost" disabled={pages.page === 1} onClick={pages.previous}>
        {t('lists.previous')}
      </button>
      <span aria-live="polite">{t('lists.page', { page: String(pages.page) })}</span>
      <button type="button" className="button ghost" disabled={!next} onClick={() => next && pages.next(next)}>
        {t('lists.next')}
      </button>
    </nav>
  );
}
