import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { adminEndpoints, type AdminCollection, type CatalogueTexts } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { EditorFrame, frenchTitleOnly, NewByTitle } from '@/components/catalogue-list';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';
import { OrderedList } from '@/components/ordered-list';
import { LanguageTexts, withText } from '@/components/language-texts';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { AttachEpisode } from '../series/attach-episode';
import { refusalKey } from '../series/series-refusal';
import '../catalogue/catalogue.css';
import '../series/series.css';

type Item = AdminCollection['items'][number];
type Said = { text: string; error?: boolean } | null;
/** The collections, newest first, hidden ones included, and a new one (decision 105). */
export function CollectionsPage() {
  const t = useT();
  const navigate = useNavigate();
  const pages = useKeysetPages<number>('');
  const list = useQuery({
    queryKey: ['collections', 'list', pages.after ?? null],
    queryFn: () => adminCall(adminEndpoints.listAdminCollections, { query: { after: pages.after, limit: 50 } }),
  });
  const create = useMutation({
    mutationFn: (title: string) =>
      adminCall(adminEndpoints.createAdminCollection, { body: { texts: frenchTitleOnly(title), items: [] } }),
    onSuccess: (answer) => void navigate(`/collections/${answer.collection.id}`),
  });
  return (
    <section className="series">
      <h1>{t('collections.title')}</h1>
      <p>{t('collections.intro')}</p>
      <p>
        <Link to="/series">{t('collections.toSeries')}</Link>
      </p>
      <NewByTitle
        label={t('collections.newTitle')}
        submit={t('collections.create')}
        pending={create.isPending}
        refusal={create.isError ? t(refusalKey(create.error, 'collection')) : null}
        onCreate={(title) => create.mutate(title)}
      />
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('collections.name')}</th>
                <th>{t('series.state')}</th>
                <th>{t('collections.items')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.collections.map((c) => (
                <tr key={c.id}>
                  <td className="name">
                    <Link to={`/collections/${c.id}`}>{c.title}</Link> <span className="muted">#{c.id}</span>
                  </td>
                  <td>{t(c.hiddenAt ? 'collections.hidden' : 'collections.shown')}</td>
                  <td className="amount">{c.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <KeysetPager pages={pages} next={list.data?.next} />
    </section>
  );
}

/** One collection: its title in four languages, its items in order, hidden or shown, deleted. */
export function CollectionEditorPage() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ['collections', 'one', id],
    queryFn: () => adminCall(adminEndpoints.getAdminCollection, { params: { id } }),
  });
  return (
    <EditorFrame back="/collections" backLabel={t('collections.back')} query={query}>
      {query.data ? <CollectionEditor key={id} collection={query.data.collection} /> : null}
    </EditorFrame>
  );
}

function CollectionEditor({ collection }: { collection: AdminCollection }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<Said>(null);
  const [texts, setTexts] = useState<CatalogueTexts>(collection.texts);
  // The items are arranged here, then saved together: one audited change, one new order for viewers.
  const [items, setItems] = useState<Item[]>(collection.items);
  const keyOf = (i: Item) => `${i.type}:${i.id}`;
  const changed = JSON.stringify(items.map(keyOf)) !== JSON.stringify(collection.items.map(keyOf));

  const onAnswer = (answer: { collection: AdminCollection }, text: string) => {
    queryClient.setQueryData(['collections', 'one', collection.id], answer);
    void queryClient.invalidateQueries({ queryKey: ['collections', 'list'] });
    setItems(answer.collection.items);
    setSaid({ text });
  };
  const save = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.updateAdminCollection, {
        params: { id: collection.id },
        body: { texts, items: items.map((i) => ({ type: i.type, id: i.id })) },
      }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) => onAnswer(answer, t('collections.saved')),
    onError: (error) => setSaid({ text: t(refusalKey(error, 'collection')), error: true }),
  });
  const visibility = useMutation({
    mutationFn: (hide: boolean) =>
      adminCall(hide ? adminEndpoints.hideAdminCollection : adminEndpoints.showAdminCollection, {
        params: { id: collection.id },
      }),
    onMutate: () => setSaid(null),
    onSuccess: (answer) =>
      onAnswer(answer, t(answer.collection.hiddenAt ? 'collections.hiddenNow' : 'collections.shownNow')),
    onError: (error) => setSaid({ text: t(refusalKey(error, 'collection')), error: true }),
  });
  const remove = useMutation({
    mutationFn: () => adminCall(adminEndpoints.deleteAdminCollection, { params: { id: collection.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['collections', 'list'] });
      void navigate('/collections');
    },
    onError: (error) => setSaid({ text: t(refusalKey(error, 'collection')), error: true }),
  });
  const busy = save.isPending || visibility.isPending || remove.isPending;

  return (
    <div className="content-editor series-editor">
      <h1>{collection.texts.fr.title}</h1>
      <p className="muted">
        #{collection.id} · <strong>{t(collection.hiddenAt ? 'collections.hidden' : 'collections.shown')}</strong>
      </p>
      <p role="status" className={said?.error ? 'error' : 'said'}>
        {said?.text ?? ''}
      </p>
      <form
        className="panel content-form"
        aria-labelledby="collection-texts"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <h2 id="collection-texts">{t('collections.titles')}</h2>
        <LanguageTexts
          grouped={false}
          fields={[{ name: 'title', label: (language) => t('catalogue.titleIn', { language }), maxLength: 200 }]}
          value={texts}
          onChange={(language, field, text) => setTexts(withText(texts, language, field, text))}
        />
        <h2 id="collection-items">{t('collections.items')}</h2>
        {items.length === 0 ? <p className="muted">{t('collections.empty')}</p> : null}
        <OrderedList
          className="episodes"
          aria-labelledby="collection-items"
          items={items}
          keyOf={keyOf}
          nameOf={(item) => item.title}
          labels={{
            up: (name) => t('collections.up', { name }),
            down: (name) => t('collections.down', { name }),
            moved: (name, place) => t('collections.moved', { name, place: String(place) }),
          }}
          disabled={busy}
          announce={(text) => setSaid({ text })}
          // The new order is arranged here and saved with the texts.
          onMove={(keys) => setItems(keys.map((key) => items.find((i) => keyOf(i) === key)!))}
          itemClassName={(item) => (item.live ? undefined : 'off')}
          renderItem={(item, { index, controls }) => (
            <>
              <span className="number">{index + 1}</span>
              <span className="episode-title">
                {item.title || t('collections.missing')}{' '}
                <span className="muted">
                  {t(`collections.type.${item.type}`)} #{item.id}
                  {item.live ? '' : ` · ${t('series.notLive')}`}
                </span>
              </span>
              <span className="row-actions">
                {controls}
                <button
                  type="button"
                  className="button ghost small"
                  aria-label={t('collections.removeNamed', { name: item.title })}
                  disabled={busy}
                  onClick={() => setItems(items.filter((_, i) => i !== index))}
                >
                  {t('series.detach')}
                </button>
              </span>
            </>
          )}
        />
        {changed ? <p className="muted">{t('collections.unsaved')}</p> : null}
        <button type="submit" className="button primary" disabled={busy}>
          {t('catalogue.save')}
        </button>
      </form>
      <section className="panel" aria-label={t('collections.addContent')}>
        <AttachEpisode
          label={t('collections.addContent')}
          busy={busy}
          onAttach={(content) => {
            if (items.some((i) => i.type === 'Content' && i.id === content.id)) return;
            setItems([
              ...items,
              { type: 'Content', id: content.id, title: content.title, posterUrl: null, live: true },
            ]);
            setSaid({ text: t('collections.added', { name: content.title }) });
          }}
        />
      </section>
      <section className="panel" aria-labelledby="collection-visibility">
        <h2 id="collection-visibility">{t('collections.visibility')}</h2>
        <div className="row-actions">
          <button
            type="button"
            className="button ghost"
            disabled={busy}
            onClick={() => visibility.mutate(!collection.hiddenAt)}
          >
            {t(collection.hiddenAt ? 'collections.show' : 'collections.hide')}
          </button>
          <button
            type="button"
            className="button ghost danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('collections.confirmDelete', { name: collection.texts.fr.title }))) remove.mutate();
            }}
          >
            {t('collections.delete')}
          </button>
        </div>
      </section>
    </div>
  );
}
