import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageRow } from '@playz/api-contract';
import {
  adminEndpoints,
  HOME_OWN_ROW_TYPES,
  HOME_PREVIEW_VIEWERS,
  HOME_ROW_LOCALES,
  HOME_ROW_TYPES,
  type HomePreviewViewer,
} from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { useT, type Translate } from '@/i18n/use-t';
import { Status } from '../shell/status';

type Locale = (typeof HOME_ROW_LOCALES)[number];
interface Images {
  landscape: string | null;
  portrait: string | null;
}
interface Pictured {
  thumbnailUrl?: string | null;
  posterUrl: string | null;
  images: Images;
}
interface PreviewItem {
  key: string;
  title: string;
  image: string | null;
}

/**
 * The picture the web app draws for an item in a row of this style (its cards: tall for Portrait,
 * wide otherwise); none when the app would draw its placeholder.
 */
function pictureOf(item: Pictured, style: PageRow['style']): string | null {
  if (style === 'Portrait') return item.images.portrait ?? item.posterUrl;
  return item.images.landscape ?? item.thumbnailUrl ?? null;
}

/** What a row's data shows, in order, as cards (spec 2 §3 Page row). */
export function previewItems(row: PageRow): PreviewItem[] {
  const data = row.data;
  if (!data) return [];
  const content = (c: NonNullable<typeof data.Collection>[number]): PreviewItem => ({
    key: `content-${c.contentID}`,
    title: c.title,
    image: pictureOf(c, row.style),
  });
  const list = (l: NonNullable<typeof data.Series>[number]): PreviewItem => ({
    key: `list-${l.ID}`,
    title: l.name,
    image: pictureOf(l, row.style),
  });
  if (data.Channels)
    return data.Channels.map((c) => ({ key: `channel-${c.channelID}`, title: c.name, image: c.thumbnailUrl }));
  if (data.ContentCollection)
    return data.ContentCollection.items.map((item, i): PreviewItem => {
      if (item.type === 'Content') return content(item.Content);
      if (item.type === 'ContentList') return list(item.ContentList);
      const named = item.type === 'Category' ? item.Category : item.ContentCollection;
      return { key: `${item.type}-${named.ID}-${i}`, title: named.name, image: null };
    });
  if (data.ContentList) return data.ContentList.contents.map(content);
  if (data.Series) return data.Series.map(list);
  return (data.Collection ?? data.Favorites ?? data.ContentsProcessing ?? []).map(content);
}

const isOwn = (type: string) => (HOME_OWN_ROW_TYPES as readonly string[]).includes(type);
const isDrawn = (type: string) => (HOME_ROW_TYPES as readonly string[]).includes(type);
const rowName = (t: Translate, row: PageRow) =>
  row.title || (isDrawn(row.rowType) ? t(`homeRows.type.${row.rowType}` as MessageKey) : row.rowType);

/**
 * The home as one kind of viewer gets it, in one language (decision 106): the server answers with
 * the viewers' own page-rows code, over the saved rows or the unsaved `order`. Rows the apps would
 * leave out (empty for that viewer, or of a type they do not draw) are shown dimmed, saying so.
 */
export function HomePreview({ order, version }: { order: number[] | null; version: number }) {
  const t = useT();
  const [viewer, setViewer] = useState<HomePreviewViewer>('subscriber');
  const [locale, setLocale] = useState<Locale>('fr');
  const preview = useQuery({
    queryKey: ['home-rows-preview', viewer, locale, order, version],
    queryFn: () => adminCall(adminEndpoints.previewHomeRows, { body: { viewer, locale, ...(order ? { order } : {}) } }),
    placeholderData: (previous) => previous,
  });

  return (
    <section className="home-preview" aria-labelledby="home-preview-title">
      <h2 id="home-preview-title">{t('homeRows.preview')}</h2>
      <div className="home-preview__controls">
        <div role="group" aria-label={t('homeRows.previewViewer')} className="viewer-choice">
          {HOME_PREVIEW_VIEWERS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="link-button"
              aria-pressed={viewer === kind}
              onClick={() => setViewer(kind)}
            >
              {t(`homeRows.viewer.${kind}` as MessageKey)}
            </button>
          ))}
        </div>
        <label>
          {t('homeRows.previewLanguage')}
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {HOME_ROW_LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`homeRows.language.${l}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="hint">{t(`homeRows.note.${viewer}` as MessageKey)}</p>
      {order ? <p className="hint draft-note">{t('homeRows.previewDraft')}</p> : null}
      {preview.isPending ? <Status kind="loading" /> : null}
      {preview.isError ? <Status kind="error" onRetry={() => void preview.refetch()} /> : null}
      {preview.data ? (
        <ol className="preview-rows" aria-busy={preview.isFetching} lang={locale}>
          {preview.data.Rows.map((row, index) => {
            const items = previewItems(row);
            const shown = isDrawn(row.rowType) && items.length > 0;
            return (
              <li key={`${index}-${row.rowType}-${row.typeID ?? ''}`} className={shown ? undefined : 'not-shown'}>
                <h3>
                  {rowName(t, row)}{' '}
                  <span className="muted">
                    {t(`homeRows.style.${row.style}` as MessageKey)}
                    {isOwn(row.rowType) ? ` · ${t('homeRows.ownRow')}` : ''}
                    {shown ? ` · ${t('homeRows.items', { count: String(items.length) })}` : ''}
                  </span>
                </h3>
                {shown ? (
                  <ul className={`preview-cards preview-cards--${row.style}`}>
                    {items.slice(0, 12).map((item) => (
                      <li key={item.key}>
                        {item.image ? (
                          <img src={item.image} alt="" loading="lazy" />
                        ) : (
                          <span className="no-image" aria-hidden="true" />
                        )}
                        <span className="card-title">{item.title}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('homeRows.notShown')}</p>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
