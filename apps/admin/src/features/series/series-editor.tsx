import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { adminEndpoints, CONTENT_RATINGS, type AdminSeries, type CatalogueTexts } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { EditorFrame } from '@/components/catalogue-list';
import { OrderedList } from '@/components/ordered-list';
import { LanguageTexts, titleAndSynopsis, withText } from '@/components/language-texts';
import { useT } from '@/i18n/use-t';
import { ArtworkPanel } from '../artwork/artwork-panel';
import { AttachEpisode } from './attach-episode';
import { refusalKey } from './series-refusal';
import '../catalogue/catalogue.css';
import './series.css';

type Said = { text: string; error?: boolean } | null;

/** One series: its texts, its publication, its seasons and their episodes in order (decision 105). */
export function SeriesEditorPage() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ['series', 'one', id],
    queryFn: () => adminCall(adminEndpoints.getAdminSeries, { params: { id } }),
  });
  return (
    <EditorFrame back="/series" backLabel={t('series.back')} query={query}>
      {query.data ? <SeriesEditor key={id} series={query.data.series} /> : null}
    </EditorFrame>
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
          fields={titleAndSynopsis(t)}
          value={texts}
          onChange={(language, field, text) => setTexts(withText(texts, language, field, text))}
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
