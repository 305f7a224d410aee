import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  adminEndpoints,
  HOME_ROW_TYPES,
  HOME_ROW_TYPES_WITH_TARGET,
  type AdminHomeRow,
  type AdminHomeRowTitles,
} from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { OrderedList, orderedListLabels } from '@/components/ordered-list';
import type { MessageKey } from '@/i18n/messages';
import { LanguageTexts } from '@/components/language-texts';
import { useT, type Translate } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { HomePreview } from './home-preview';
import './home-rows.css';

const ROWS_KEY = ['home-rows'] as const;
const STYLES = ['Default', 'Landscape', 'Portrait', 'Rounded'] as const;
type Style = (typeof STYLES)[number];

export const typeName = (t: Translate, type: string) =>
  (HOME_ROW_TYPES as readonly string[]).includes(type) || type === 'ContentsDownload'
    ? t(`homeRows.type.${type}` as MessageKey)
    : type;
/** A row's name for buttons and announcements: its French title, else its type. */
const nameOf = (t: Translate, row: AdminHomeRow) => row.titles.fr || typeName(t, row.rowType);
const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The home's rows (decision 106): in their order, with type, what they show, title and style.
 * The ↑/↓ buttons or a drag (the console's ordered list, decision 118) change an order kept on the
 * page that the preview already shows; "Save the order" sends it. Adding,
 * editing, hiding and deleting a row are saved at once. The preview answers as each kind of viewer.
 */
export function HomeRowsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ROWS_KEY, queryFn: () => adminCall(adminEndpoints.listHomeRows) });
  const [draft, setDraft] = useState<number[] | null>(null);
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminHomeRow | 'new' | null>(null);

  const saved = list.data?.rows ?? [];
  const savedIds = saved.map((r) => r.id);
  // A draft that names other rows than the saved ones (one added or deleted) follows them.
  const order =
    draft && draft.length === savedIds.length && savedIds.every((id) => draft.includes(id)) ? draft : savedIds;
  const byId = new Map(saved.map((r) => [r.id, r]));
  const rows = order.map((id) => byId.get(id)!).filter(Boolean);
  const dirty = !sameOrder(order, savedIds);

  const failed = (error: unknown) => {
    const number = error instanceof AdminApiError ? error.number : 0;
    setRefused(
      [2, 3, 21, 23, 24].includes(number) ? t(`homeRows.refused.${number}` as MessageKey) : t('homeRows.failed'),
    );
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ROWS_KEY });

  const saveOrder = useMutation({
    mutationFn: (ids: number[]) => adminCall(adminEndpoints.reorderHomeRows, { body: { ids } }),
    onSuccess: (done) => {
      queryClient.setQueryData(ROWS_KEY, { ...list.data!, rows: done.rows });
      setDraft(null);
      setRefused(null);
      setSaid(t('homeRows.orderSaved'));
    },
    onError: failed,
  });
  const visibility = useMutation({
    mutationFn: (input: { row: AdminHomeRow; hide: boolean }) =>
      adminCall(input.hide ? adminEndpoints.hideHomeRow : adminEndpoints.showHomeRow, { params: { id: input.row.id } }),
    onSuccess: () => {
      setRefused(null);
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (row: AdminHomeRow) => adminCall(adminEndpoints.deleteHomeRow, { params: { id: row.id } }),
    onSuccess: () => {
      setRefused(null);
      setSaid(t('homeRows.deleted'));
      void refresh();
    },
    onError: failed,
  });

  const busy = saveOrder.isPending || visibility.isPending || remove.isPending;

  return (
    <section className="home-rows">
      <h1>{t('homeRows.title')}</h1>
      <p>{t('homeRows.intro')}</p>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {refused ? (
        <p role="alert" className="error">
          {refused}
        </p>
      ) : null}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {list.data ? (
        <>
          {dirty ? (
            <div className="order-bar" role="group" aria-label={t('homeRows.orderDirty')}>
              <p>{t('homeRows.orderDirty')}</p>
              <button
                type="button"
                className="button primary small"
                disabled={busy}
                onClick={() => saveOrder.mutate(order)}
              >
                {t('homeRows.saveOrder')}
              </button>
              <button type="button" className="button ghost small" disabled={busy} onClick={() => setDraft(null)}>
                {t('homeRows.discardOrder')}
              </button>
            </div>
          ) : null}
          <div className="table-wrap">
            <OrderedList
              layout="table"
              head={
                <tr>
                  <th>{t('homeRows.position')}</th>
                  <th>{t('homeRows.rowTitle')}</th>
                  <th>{t('homeRows.type')}</th>
                  <th>{t('homeRows.target')}</th>
                  <th>{t('homeRows.style')}</th>
                  <th>{t('homeRows.state')}</th>
                  <th>{t('homeRows.actions')}</th>
                </tr>
              }
              items={rows}
              keyOf={(row) => row.id}
              nameOf={(row) => nameOf(t, row)}
              labels={orderedListLabels(t, 'homeRows')}
              disabled={busy}
              announce={setSaid}
              onMove={(ids) => setDraft(ids)}
              itemClassName={(row) => (row.hiddenAt ? 'hidden-row' : undefined)}
              renderItem={(row, { index, controls }) => {
                const name = nameOf(t, row);
                return (
                  <>
                    <td className="amount place">{index + 1}</td>
                    <td className="name">{row.titles.fr}</td>
                    <td className="type">{typeName(t, row.rowType)}</td>
                    <td className="target">
                      {row.typeID !== null ? (
                        <>
                          {row.targetName ?? '—'} <span className="muted">#{row.typeID}</span>
                        </>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="style">{t(`homeRows.style.${row.style}` as MessageKey)}</td>
                    <td className="state">{row.hiddenAt ? t('homeRows.hidden') : t('homeRows.shown')}</td>
                    <td className="actions-cell">
                      <div className="row-actions">
                        {controls}
                        <button
                          type="button"
                          className="button ghost small"
                          aria-label={t('homeRows.editNamed', { name })}
                          disabled={busy}
                          onClick={() => setEditing(row)}
                        >
                          {t('homeRows.edit')}
                        </button>
                        <button
                          type="button"
                          className="button ghost small"
                          disabled={busy}
                          aria-label={`${t(row.hiddenAt ? 'homeRows.show' : 'homeRows.hide')} ${name}`}
                          onClick={() => visibility.mutate({ row, hide: !row.hiddenAt })}
                        >
                          {t(row.hiddenAt ? 'homeRows.show' : 'homeRows.hide')}
                        </button>
                        <button
                          type="button"
                          className="button ghost small danger"
                          disabled={busy}
                          aria-label={t('homeRows.deleteNamed', { name })}
                          onClick={() => {
                            if (window.confirm(t('homeRows.confirmDelete', { name }))) remove.mutate(row);
                          }}
                        >
                          {t('homeRows.delete')}
                        </button>
                      </div>
                    </td>
                  </>
                );
              }}
            />
          </div>
          {editing ? (
            <RowForm
              key={editing === 'new' ? 'new' : editing.id}
              row={editing === 'new' ? null : editing}
              collections={list.data.collections}
              categories={list.data.categories}
              onDone={(message) => {
                setEditing(null);
                setRefused(null);
                if (message) setSaid(message);
                void refresh();
              }}
              onRefused={failed}
            />
          ) : (
            <p>
              <button type="button" className="button" onClick={() => setEditing('new')}>
                {t('homeRows.add')}
              </button>
            </p>
          )}
          <HomePreview order={dirty ? order : null} version={list.dataUpdatedAt} />
        </>
      ) : null}
    </section>
  );
}

/**
 * A list found by a part of its name (the big catalogue has thousands, decision 100): a search
 * field, then the lists it finds (20 at most) to choose from.
 */
function ListPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const t = useT();
  const [q, setQ] = useState('');
  const query = q.trim();
  const found = useQuery({
    queryKey: ['home-row-lists', query],
    queryFn: () => adminCall(adminEndpoints.searchHomeRowLists, { query: { q: query } }),
    enabled: query.length >= 2,
    placeholderData: (previous) => previous,
  });
  const lists = query.length >= 2 ? (found.data?.lists ?? []) : [];
  return (
    <>
      <label>
        {t('homeRows.findList')}
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label>
        {t('homeRows.targetList')}
        <select value={value} required onChange={(e) => onChange(e.target.value)}>
          <option value="">{lists.length || query.length < 2 ? t('homeRows.choose') : t('homeRows.noList')}</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name} (#{list.id}, {list.type})
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** A new row (its type and what it shows), or a row's titles and style. */
function RowForm(props: {
  row: AdminHomeRow | null;
  collections: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  onDone: (message: string) => void;
  onRefused: (error: unknown) => void;
}) {
  const t = useT();
  const { row } = props;
  const [rowType, setRowType] = useState<string>(row?.rowType ?? 'ContentCollection');
  const [target, setTarget] = useState<string>(row?.typeID ? String(row.typeID) : '');
  const [style, setStyle] = useState<Style>(row?.style ?? 'Landscape');
  const [titles, setTitles] = useState<AdminHomeRowTitles>(row?.titles ?? { fr: '', en: '', nl: '', es: '' });
  const first = useRef<HTMLSelectElement | HTMLInputElement | null>(null);
  useEffect(() => first.current?.focus(), []);

  const save = useMutation({
    mutationFn: () =>
      row
        ? adminCall(adminEndpoints.updateHomeRow, { params: { id: row.id }, body: { style, titles } })
        : adminCall(adminEndpoints.createHomeRow, {
            body: {
              rowType,
              typeID: (HOME_ROW_TYPES_WITH_TARGET as readonly string[]).includes(rowType)
                ? Number(target) || null
                : null,
              style,
              titles,
            },
          }),
    onSuccess: () => props.onDone(t('homeRows.saved')),
    onError: props.onRefused,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const choices =
    rowType === 'ContentCollection' ? props.collections : rowType === 'Category' ? props.categories : null;

  return (
    <form className="panel row-form" onSubmit={submit} aria-labelledby="row-form-title">
      <h2 id="row-form-title">{row ? t('homeRows.editTitle') : t('homeRows.addTitle')}</h2>
      {row ? null : (
        <div className="row-form__grid">
          <label>
            {t('homeRows.type')}
            <select
              ref={(el) => void (first.current = el)}
              value={rowType}
              onChange={(e) => {
                setRowType(e.target.value);
                setTarget('');
              }}
            >
              {HOME_ROW_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeName(t, type)}
                </option>
              ))}
            </select>
          </label>
          {choices ? (
            <label>
              {rowType === 'ContentCollection' ? t('homeRows.targetCollection') : t('homeRows.targetCategory')}
              <select value={target} required onChange={(e) => setTarget(e.target.value)}>
                <option value="">{t('homeRows.choose')}</option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          ) : rowType === 'ContentList' ? (
            <ListPicker value={target} onChange={setTarget} />
          ) : null}
        </div>
      )}
      <div className="row-form__grid">
        <label>
          {t('homeRows.style')}
          <select
            ref={row ? (el) => void (first.current = el) : undefined}
            value={style}
            onChange={(e) => setStyle(e.target.value as Style)}
          >
            {STYLES.map((s) => (
              <option key={s} value={s}>
                {t(`homeRows.style.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <LanguageTexts
          grouped={false}
          languageName={(language) => t(`homeRows.language.${language}` as MessageKey)}
          fields={[{ name: 'title', label: (language) => t('homeRows.titleIn', { language }), maxLength: 120 }]}
          value={{
            fr: { title: titles.fr },
            en: { title: titles.en },
            nl: { title: titles.nl },
            es: { title: titles.es },
          }}
          onChange={(language, _field, text) => setTitles({ ...titles, [language]: text })}
        />
      </div>
      <p className="hint">{t('homeRows.titleHint')}</p>
      <div className="row-actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {t('homeRows.save')}
        </button>
        <button type="button" className="button ghost" onClick={() => props.onDone('')}>
          {t('homeRows.cancel')}
        </button>
      </div>
    </form>
  );
}
