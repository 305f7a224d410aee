import type * as PlayerModule from '@playz/player';
import { bilingualLanguages } from '@playz/player/testing';

/**
 * What the TV tests' fake players (a `vi.mock('@playz/player')` factory's `createPlayer`) answer
 * where the test watches nothing: playing at once, the rest ignored. A fake spreads it, then
 * writes what its test records or emits.
 */
export const inertPlayerControls = {
  zap: async () => 'playing' as const,
  preload: () => {},
  play: async () => 'playing' as const,
  pause: () => {},
  seek: () => {},
  seekToLiveEdge: () => {},
  setMuted: () => {},
  setQuality: () => {},
  getTracks: () => [],
  destroy: async () => {},
};

/**
 * A fake player's state for the film of `bilingualFilm`: 32 s, paused at its start, its streams
 * speaking French and English with subtitles in both, none shown (decisions 068, 069, 081).
 */
export function bilingualPlayerState(subtitleStyle: PlayerModule.SubtitleStyle): PlayerModule.PlayerState {
  return {
    ...{ paused: true, loading: false, seeking: false, muted: false, ended: false, currentTime: 0 },
    ...{ duration: 32, quality: 'auto', activeHeight: 720, live: false, seekStart: 0, seekEnd: 32 },
    languages: bilingualLanguages(subtitleStyle),
  };
}

const film = { contentID: 1005, contentType: 'Film', title: 'Deux voix', images: {}, duration: 32, playbackTime: null };
const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const stream = {
  AdaptiveStream: {
    ...{ url: '/media/s/tok/c/1005/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
  },
};
/** The answers a logged subscriber's player of film 1005 (`/clip/1005/player`) asks: /data, the film, its stream. */
export const bilingualFilm = {
  'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
  'GET /content/1005': { response: { Content: film } },
  'GET /content/1005/url/adaptive': { response: stream },
};
