import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resumeTime } from '@playz/domain';
import { useAppData, useContent, useRelatedContents } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { Icon } from '@/components/icon';
import { PageState } from '@/components/page-state';
import { TileRow } from '@/components/tile-row';
import { contentTile } from '@/components/tiles';
import { TvButton } from '@/components/tv-button';
import { usePlayOpening } from '@/app/use-play-opening';
import { DetailHero } from './detail-hero';
import { FavoriteButton } from './favorite-button';

/** A film, clip or episode: artwork, synopsis, Play, favourite, and related contents (spec 2 §2). */
export function ContentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const valid = /^\d+$/.test(id);
  const content = useContent(id, valid);
  const related = useRelatedContents(id, valid && content.isSuccess);
  const logged = useAppData().data?.Customer.logged ?? false;
  // Play focused prepares the film's first seconds; OK shows them at once (decision 044).
  const opening = usePlayOpening();
  const play = useCallback(() => opening.play(id), [opening, id]);
  const prepare = useCallback(() => opening.focus(id), [opening, id]);
  const openSeries = useCallback(() => {
    if (content.data?.seriesID) void navigate(tvPaths.series(content.data.seriesID));
  }, [navigate, content.data]);
  const relatedRow = useMemo(
    () => ({
      key: 'related',
      title: t('tv.content.related'),
      style: 'Landscape' as const,
      tiles: (related.data ?? []).map((c) => contentTile(c)),
    }),
    [related.data, t],
  );
  usePageFocus('detail-play', !content.isPending);

  if (!valid) return <PageState loading={false} failed={false} empty={t('tv.notFound')} onRetry={() => {}} />;
  if (!content.data)
    return (
      <PageState
        loading={content.isPending}
        failed={content.isError}
        empty={t('tv.notFound')}
        onRetry={() => void content.refetch()}
      />
    );
  const c = content.data;
  const meta = [
    c.metadata['Year'] === undefined ? null : String(c.metadata['Year']),
    c.duration > 0 ? t('tv.content.minutes', { count: Math.round(c.duration / 60) }) : null,
    c.episodeNumber ? t('tv.content.episode', { number: c.episodeNumber }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <div className="detail">
      <DetailHero
        image={c.images.backdrop ?? c.images.landscape ?? c.thumbnailUrl}
        title={c.title}
        meta={meta}
        rating={c.rating}
        description={c.description}
      >
        <FocusSection focusKey="detail-actions" className="detail__actions">
          <TvButton
            focusKey="detail-play"
            primary
            icon={<Icon name="play" />}
            // Stopped in the last seconds, it starts again (spec 2 §4, the player's resumeTime).
            label={resumeTime(c.playbackTime, c.duration) !== undefined ? t('tv.content.resume') : t('player.play')}
            onSelect={play}
            onFocus={prepare}
            onBlur={opening.blur}
          />
          <FavoriteButton kind="content" id={id} logged={logged} />
          {c.seriesID ? (
            <TvButton focusKey="detail-series" label={t('tv.content.allEpisodes')} onSelect={openSeries} />
          ) : null}
        </FocusSection>
      </DetailHero>
      {relatedRow.tiles.length > 0 ? <TileRow row={relatedRow} focusKeyPrefix="related" showImages /> : null}
    </div>
  );
}
