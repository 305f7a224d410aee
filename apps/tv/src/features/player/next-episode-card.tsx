import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@playz/api-contract';
import { DEFAULT_PARENTAL_THRESHOLD, needsParentalCode, suitsKidsProfile } from '@playz/domain';
import { useCountdown } from '@playz/ui';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { RatingBadge } from '@/components/rating-badge';
import { TvButton } from '@/components/tv-button';
import type { NextEpisode } from './use-episode-neighbours';

/** How long the card waits before the next episode plays (decision 082). */
export const NEXT_EPISODE_SECONDS = 10;

/**
 * Whether the next episode may start by itself (decision 082): not one the account's parental
 * code protects (the code is asked on its player, and a child left before the screen must not
 * be taken into it), nor one a kids profile may not see (the server leaves those out of a kids
 * profile's seasons; this is the same rule, held here too).
 */
export function mayAutoplay(
  episode: NextEpisode,
  customer: Pick<Customer, 'hasParentalCode' | 'parentalThreshold' | 'profiles' | 'currentProfileIndex'> | undefined,
): boolean {
  const rating = episode.rating ?? 0;
  const profile = customer?.profiles[customer.currentProfileIndex];
  if (profile?.isKids && !suitsKidsProfile(rating)) return false;
  if (!customer?.hasParentalCode) return true;
  return !needsParentalCode(rating, customer.parentalThreshold ?? DEFAULT_PARENTAL_THRESHOLD);
}

/**
 * The end of an episode on the TV (decision 082): "Next episode in 10 s" with the episode's title,
 * Play now and Cancel. Left and right move between the two, OK presses one, Back cancels; at zero
 * the next episode plays. An episode that may not start by itself (`autoplay` false) waits for
 * Play now, which takes the viewer to its player, where the code is asked.
 */
export function NextEpisodeCard({
  episode,
  autoplay,
  onPlay,
  onCancel,
}: {
  episode: NextEpisode;
  autoplay: boolean;
  onPlay: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(NEXT_EPISODE_SECONDS, autoplay, onPlay);
  usePageFocus('next-episode-play', true);
  useRemoteKeys((key) => {
    if (key !== 'back' && key !== 'stop') return false;
    onCancel();
    return true;
  });
  return (
    <div className="locked next-episode" role="dialog" aria-label={t('tv.player.nextEpisode')}>
      <p className="next-episode__when" aria-live="polite">
        {autoplay ? t('tv.player.nextEpisodeIn', { seconds: left }) : t('tv.player.nextEpisode')}
      </p>
      <h2 className="locked__title">
        {episode.title}
        <RatingBadge rating={episode.rating} />
      </h2>
      <FocusSection focusKey="next-episode-actions" className="locked__actions">
        <TvButton focusKey="next-episode-play" primary label={t('tv.player.playNow')} onSelect={onPlay} />
        <TvButton focusKey="next-episode-cancel" label={t('common.cancel')} onSelect={onCancel} />
      </FocusSection>
    </div>
  );
}

/**
 * The card's state for a content player: opened by the episode's end when there is a next one,
 * closed by Cancel (the player stays at its end; Back then leaves it).
 */
export function useNextEpisodeCard(
  neighbours:
    { upNext?: (() => Promise<NextEpisode | undefined>) | undefined; play: (e: NextEpisode) => void } | undefined,
  customer: Parameters<typeof mayAutoplay>[1],
) {
  const [next, setNext] = useState<NextEpisode | null>(null);
  const upNext = neighbours?.upNext;
  const onEnded = useCallback(() => {
    void upNext?.().then((episode) => setNext(episode ?? null));
  }, [upNext]);
  const cancel = useCallback(() => setNext(null), []);
  const play = neighbours?.play;
  const card =
    next && play ? (
      <NextEpisodeCard
        episode={next}
        autoplay={mayAutoplay(next, customer)}
        onPlay={() => {
          // The player stays mounted for the next episode: the card goes with this one.
          setNext(null);
          play(next);
        }}
        onCancel={cancel}
      />
    ) : null;
  return { onEnded: upNext ? onEnded : undefined, card };
}
