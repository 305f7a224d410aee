import type { RemoteEvent, RemoteNotifyDataOf } from '@playz/remote';

/** The languages of what the TV plays and which are on (decision 081). */
export type RemoteLanguages = RemoteNotifyDataOf<'onNotifyLanguages'>;
export const noLanguages: RemoteLanguages = { audio: [], audioLanguage: null, subtitles: [], subtitleLanguage: null };

/** What the phone knows of its screen's playback: the TV's mirrored video (spec 2 §4 proxy player). */
export interface RemotePlayback {
  /** The player route playing (null: no video on the TV). */
  route: string | null;
  /** The TV's page, any page (onNotifyCurrentRoute). */
  page: string | null;
  time: number;
  duration: number | null;
  paused: boolean;
  loading: boolean;
  ended: boolean;
  queue: readonly string[];
  position: number | null;
  /** Whether the TV's player has an item before and after its own (decision 075): its Previous and Next. */
  neighbours: { previous: boolean; next: boolean };
  /** Its audio languages and subtitles, which the phone may choose (decision 081). */
  languages: RemoteLanguages;
}

export const noPlayback: RemotePlayback = {
  route: null,
  page: null,
  time: 0,
  duration: null,
  paused: true,
  loading: false,
  ended: false,
  queue: [],
  position: null,
  neighbours: { previous: false, next: false },
  languages: noLanguages,
};

/**
 * The proxy player's state after one of the screen's onNotify* events (spec 2 §4 "video events
 * mirror to a local proxy player", §7 events); other events leave it as it was.
 */
export function applyRemoteEvent(playback: RemotePlayback, frame: RemoteEvent): RemotePlayback {
  switch (frame.event) {
    case 'onNotifyVideoLoading':
      return { ...playback, route: frame.data.route, loading: true, ended: false, time: 0 };
    case 'onNotifyVideoLoaded':
      return { ...playback, route: frame.data.route, duration: frame.data.duration, loading: false };
    case 'onNotifyVideoPlay':
      return { ...playback, paused: false, loading: false, ended: false, time: frame.data.time };
    case 'onNotifyVideoPause':
      return { ...playback, paused: true, time: frame.data.time };
    case 'onNotifyVideoSeek':
      return { ...playback, time: frame.data.time };
    case 'onNotifyVideoEnd':
      return { ...playback, paused: true, ended: true };
    case 'onNotifyVideoTimeUpdate':
      return { ...playback, time: frame.data.time, duration: frame.data.duration ?? playback.duration };
    case 'onNotifyCurrentRoute':
      return { ...playback, page: frame.data.route };
    case 'onNotifyCurrentPlayback': {
      const { route, time, duration, paused, queue, position } = frame.data;
      return { ...playback, route, time, duration, paused, queue, position, loading: false };
    }
    case 'onNotifyQueueUpdated':
      return { ...playback, queue: frame.data.queue, position: frame.data.position };
    case 'onNotifyNeighbours':
      return { ...playback, neighbours: frame.data };
    case 'onNotifyLanguages':
      return { ...playback, languages: frame.data };
    default:
      return playback;
  }
}
