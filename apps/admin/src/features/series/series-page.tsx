import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  adminEndpoints,
  CONTENT_RATINGS,
  SERIES_REFUSALS,
  type AdminSeries,
  type CatalogueTexts,
} from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { OrderedList } from '@/components/ordered-list';
import type { MessageKey } from '@/i18n/messages';
import { LanguageTexts } from '@/components/language-texts';
import { useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { ArtworkPanel } from '../artwork/artwork-panel';
import '../catalogue/catalogue.css';
import './series.css';

type Said = { text: string; error?: boolean } | null;
const EMPTY: CatalogueTexts = {
  fr: { title: '', synopsis: '' },
  en: { title: '', synopsis: '' },
  nl: { title: '', synopsis: '' },
  es: { title: '', synopsis: '' },
};

/** What a refusal says in the member's language: the server's reason (decision 105) or its number. */
export function refusalKey(error: unknown, prefix: 'series' | 'collection'): MessageKey {
  if (error instanceof AdminApiError) {
    const reason = error.message.startsWith(`${prefix}.`) ? error.message.slice(prefix.length + 1) : '';
    if (prefix === 'series' && (SERIES_REFUSALS as readonly string[]).includes(reason))
      return `series.refused.${reason}` as MessageKey;
    if (prefix === 'collection' && ['repeated', 'itself', 'in-use'].includes(reason))
      return `collections.refused.${reason}` as MessageKey;
    if (error.number === 20) return 'series.refused.content';
    if (error.number === 21) return 'series.refused.list';
  }
  return 'series.failed';
}

/** The series, newest first, a page at a time, and a new one by its French title (decision 105). */
export function SeriesListPage() {
  const t = useT();
  const navigate = useNavigate();
  const [after, setAfter] = useState<number[]>([]);
  // A title in any of the four languages (decision 117); a new search starts at the first page.
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const list = useQuery({
    queryKey: ['series', 'list', asked, after.at(-1) ?? null],
    queryFn: () =>
      adminCall(adminEndpoints.listAdminSeries, { query: { q: asked || undefined, after: after.at(-1), limit: 50 } }),
  });
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.createAdminSeries, {
        body: { texts: { ...EMPTY, fr: { title, synopsis: '' } }, rating: 0 },
      }),
    onSuccess: (answer) => void navigate(`/series/${answer.series.id}`),
  });
  return (
    <section className="series">
      <h1>{t('series.title')}</h1>
      <p>{t('series.intro')}</p>
      <p>
        <Link to="/collections">{t('collections.open')}</Link>
      </p>
      <form
        className="inline-form panel"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label>
          {t('series.newTitle')}
          <input required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={create.isPending}>
          {t('series.create')}
        </button>
      </form>
      {create.isError ? (
        <p role="alert" className="error">
          {t(refusalKey(create.error, 'series'))}
        </p>
      ) : null}
      <form
        className="inline-form"
        role="search"
        aria-label={t('series.lookupLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(q.trim());
          setAfter([]);
        }}
      >
        <label>
          {t('series.lookupLabel')}
          <input type="search" minLength={2} maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="button ghost">
          {t('series.lookup')}
        </button>
      </form>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data && asked && list.data.series.length === 0 ? <p>{t('series.noneFound')}</p> : null}
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('series.name')}</th>
                <th>{t('series.state')}</th>
                <th>{t('series.seasons')}</th>
                <th>{t('series.episodes')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.series.map((s) => (
                <tr key={s.id}>
                  <td className="name">
                    <Link to={`/series/${s.id}`}>{s.title}</Link> <span className="muted">#{s.id}</span>
                  </td>
                  <td>{t(s.published ? 'series.published' : 'series.unpublished')}</td>
                  <td className="amount">{s.seasons}</td>
                  <td className="amount">{s.episodes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="pager">
        <button
          type="button"
          className="button ghost small"
          disabled={after.length === 0}
          onClick={() => setAfter(after.slice(0, -1))}
        >
          {t('series.previous')}
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={!list.data?.next}
          onClick={() => list.data?.next && setAfter([...after, list.data.next])}
        >
          {t('series.next')}
        </button>
      </div>
    </section>
  );
}

/** One series: its texts, its publication, its seasons and their episodes in order (decision 105). */
export function SeriesEditorPage() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ['series', 'one', id],
    queryFn: () => adminCall(adminEndpoints.getAdminSeries, { params: { id } }),
  });
  return (
    <section className="series">
      <p>
        <Link to="/series">{t('series.back')}</Link>
      </p>
      {query.isPending ? <Status kind="loading" /> : null}
      {query.isError ? <Status kind="error" onRetry={() => void query.refetch()} /> : null}
      {query.data ? <SeriesEditor key={id} series={query.data.series} /> : null}
    </section>
  );
}

function SeriesEditor({ series }: { series: AdminSeries }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<Said>(null);
  const [texts, setTexts] = useState<CatalogueTexts>(series.texts);
  const [rating, setRating] = useState(series.rating);
  const [artwork, setArtwork] = useState('');

  /** Every change answers the whole series: it is drawn again from that answer. */
  const change = useMutation({
    mutationFn: (run: { call: () => Promise<{ series: AdminSeries }>; done: (s: AdminSeries) => string }) => run.call(),
    onMutate: () => setSaid(null),
    onSuccess: (answer, run) => {
      queryClient.setQueryData(['series', 'one', series.id], answer);
      void queryClient.invalidateQueries({ queryKey: ['series', 'list'] });
      setSaid({ text: run.done(answer.series) });
    },
    onError: (error) => setSaid({ text: t(refusalKey(error, 'series')), error: true }),
  });
  const title = series.texts.fr.title;
  const episodes = series.seasons.flatMap((s) => s.episodes);

  const moved = (name: string, number: number) => t('series.moved', { name, number: String(number) });
  const reorder = (seasonId: number, contentIds: number[], name: string, to: number) =>
    change.mutate({
      call: () => adminCall(adminEndpoints.reorderAdminEpisodes, { params: { id: seasonId }, body: { contentIds } }),
      done: () => moved(name, to + 1),
    });

  return (
    <div className="content-editor series-editor">
      <h1>{title}</h1>
      {series.posterUrl ? <img className="content-poster" src={series.posterUrl} alt="" /> : null}
      <p className="muted">
        #{series.id} · <strong>{t(series.published ? 'series.published' : 'series.unpublished')}</strong>
      </p>
      <p role="status" className={said?.error ? 'error' : 'said'}>
        {said?.text ?? ''}
      </p>
      <form
        className="panel content-form"
        aria-labelledby="series-texts"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({
            call: () =>
              adminCall(adminEndpoints.updateAdminSeries, {
                params: { id: series.id },
                body: { texts, rating, ...(artwork ? { artworkContentId: Number(artwork) } : {}) },
              }),
            done: () => t('series.saved'),
          });
        }}
      >
        <h2 id="series-texts">{t('catalogue.texts')}</h2>
        <LanguageTexts
          fields={[
            { name: 'title', label: (language) => t('catalogue.titleIn', { language }), maxLength: 200 },
            {
              name: 'synopsis',
              label: (language) => t('catalogue.synopsisIn', { language }),
              maxLength: 4000,
              rows: 3,
            },
          ]}
          value={texts}
          onChange={(language, field, text) =>
            setTexts({ ...texts, [language]: { ...texts[language], [field]: text } })
          }
        />
        <div className="inline-form">
          <label>
            {t('catalogue.rating')}
            <select value={rating} onChange={(e) => setRating(Number(e.target.value))}>
              {CONTENT_RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r === 0 ? t('catalogue.rating.0') : `-${r}`}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('series.artwork')}
            <select value={artwork} onChange={(e) => setArtwork(e.target.value)}>
              <option value="">{t('series.artworkKeep')}</option>
              {episodes.map((e) => (
                <option key={e.contentId} value={e.contentId}>
                  {e.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="button primary" disabled={change.isPending}>
          {t('catalogue.save')}
        </button>
      </form>

      <ArtworkPanel
        refreshOn={series.posterUrl}
        owner={{ type: 'series', id: series.id }}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ['series'] })}
      />
      <section className="panel" aria-labelledby="series-publication">
        <h2 id="series-publication">{t('series.publication')}</h2>
        <p>{t(series.published ? 'series.publishedHelp' : 'series.unpublishedHelp')}</p>
        <button
          type="button"
          className={series.published ? 'button ghost' : 'button primary'}
          disabled={change.isPending}
          onClick={() =>
            change.mutate({
              call: () =>
                adminCall(series.published ? adminEndpoints.unpublishAdminSeries : adminEndpoints.publishAdminSeries, {
                  params: { id: series.id },
                }),
              done: (s) => t(s.published ? 'series.publishedNow' : 'series.unpublishedNow'),
            })
          }
        >
          {t(series.published ? 'series.unpublish' : 'series.publish')}
        </button>
      </section>

      {series.seasons.map((season) => (
        <section key={season.id} className="panel season" aria-labelledby={`season-${season.id}`}>
          <h2 id={`season-${season.id}`}>{t('series.season', { number: String(season.number) })}</h2>
          {season.episodes.length === 0 ? <p className="muted">{t('series.noEpisode')}</p> : null}
          <OrderedList
            className="episodes"
            aria-labelledby={`season-${season.id}`}
            items={season.episodes}
            keyOf={(episode) => episode.contentId}
            nameOf={(episode) => episode.title}
            labels={{
              up: (name) => t('series.up', { name }),
              down: (name) => t('series.down', { name }),
              moved,
            }}
            disabled={change.isPending}
            announce={(text) => setSaid({ text })}
            onMove={(ids, episode, to) => reorder(season.id, ids, episode.title, to)}
            itemClassName={(episode) => (episode.live ? undefined : 'off')}
            renderItem={(episode, { controls }) => (
              <>
                <span className="number">{episode.number}</span>
                <span className="episode-title">
                  {episode.title} <span className="muted">#{episode.contentId}</span>
                  <span className="muted"> · {t(episode.live ? 'series.live' : 'series.notLive')}</span>
                </span>
                <span className="row-actions">
                  {controls}
                  <button
                    type="button"
                    className="button ghost small"
                    aria-label={t('series.detachNamed', { name: episode.title })}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({
                        call: () =>
                          adminCall(adminEndpoints.detachAdminEpisode, {
                            params: { id: season.id, contentId: episode.contentId },
                          }),
                        done: () => t('series.detached', { name: episode.title }),
                      })
                    }
                  >
                    {t('series.detach')}
                  </button>
                </span>
              </>
            )}
          />
          <AttachEpisode
            seasonNumber={season.number}
            busy={change.isPending}
            onAttach={(content) =>
              change.mutate({
                call: () =>
                  adminCall(adminEndpoints.attachAdminEpisode, {
                    params: { id: season.id },
                    body: { contentId: content.id },
                  }),
                done: () => t('series.attached', { name: content.title, number: String(season.number) }),
              })
            }
          />
          {season.episodes.length === 0 ? (
            <button
              type="button"
              className="button ghost small"
              disabled={change.isPending}
              onClick={() =>
                change.mutate({
                  call: () => adminCall(adminEndpoints.removeAdminSeason, { params: { id: season.id } }),
                  done: () => t('series.seasonRemoved', { number: String(season.number) }),
                })
              }
            >
              {t('series.removeSeason', { number: String(season.number) })}
            </button>
          ) : null}
        </section>
      ))}
      <button
        type="button"
        className="button"
        disabled={change.isPending}
        onClick={() =>
          change.mutate({
            call: () => adminCall(adminEndpoints.addAdminSeason, { params: { id: series.id }, body: {} }),
            done: (s) => t('series.seasonAdded', { number: String(s.seasons.at(-1)?.number ?? 1) }),
          })
        }
      >
        {t('series.addSeason')}
      </button>
    </div>
  );
}

/** Finds a content by its title, as the schedule editor does, to make it the season's next episode. */
export function AttachEpisode(props: {
  seasonNumber?: number;
  label?: string;
  busy: boolean;
  onAttach: (content: { id: number; title: string }) => void;
}) {
  const t = useT();
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['series', 'find', asked],
    queryFn: () => adminCall(adminEndpoints.searchScheduleContents, { query: { q: asked } }),
    enabled: asked.length > 0,
  });
  const label = props.label ?? t('series.find', { number: String(props.seasonNumber ?? '') });
  return (
    <div className="attach">
      <form
        className="inline-form"
        role="search"
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(q.trim());
        }}
      >
        <label>
          {label}
          <input type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="button ghost small">
          {t('series.search')}
        </button>
      </form>
      {found.data ? (
        found.data.contents.length === 0 ? (
          <p className="muted">{t('series.nothingFound')}</p>
        ) : (
          <ul className="found">
            {found.data.contents.map((c) => (
              <li key={c.id}>
                <span>
                  {c.title} <span className="muted">#{c.id}</span>
                </span>
                <button
                  type="button"
                  className="button ghost small"
                  disabled={props.busy}
                  aria-label={t('series.addNamed', { name: c.title })}
                  onClick={() => props.onAttach(c)}
                >
                  {t('series.add')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
