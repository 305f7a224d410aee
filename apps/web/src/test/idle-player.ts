import type * as PlayerModule from '@playz/player';

/**
 * jsdom has no MediaSource, so page tests give the player engine's command interface
 * (packages/player) a stand-still player: it takes every command and reports a paused stream at 0 s. Used as
 * `vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()))`.
 */
export function withIdlePlayer(actual: typeof PlayerModule): typeof PlayerModule {
  const state = { paused: true, loading: false, seeking: false, muted: false, ended: false, currentTime: 0 };
  return {
    ...actual,
    createPlayer: (() => ({
      ...{ load: async () => {}, play: async () => 'playing' as const, pause: () => {}, seek: () => {} },
      ...{ setMuted: () => {}, setQuality: () => {}, getTracks: () => [], destroy: async () => {} },
      getState: () => ({ ...state, duration: 0, quality: 'auto', activeHeight: null }),
    })) as unknown as typeof actual.createPlayer,
  };
}
