import { describe, expect, it } from 'vitest';
import type { RemoteEvent } from '@playz/remote';
import { applyRemoteEvent, noPlayback } from './remote-playback';

const apply = (...frames: RemoteEvent[]) => frames.reduce(applyRemoteEvent, noPlayback);

describe('the phone’s proxy player (spec 2 §4 "video events mirror to a local proxy player")', () => {
  it('spec 2 §7 onNotifyVideo* events follow the TV: loading, loaded, play, seek, pause, end', () => {
    const loading = apply({ event: 'onNotifyVideoLoading', data: { route: '/content/1/player' } });
    expect(loading).toMatchObject({ route: '/content/1/player', loading: true });
    const playing = apply(
      { event: 'onNotifyVideoLoading', data: { route: '/content/1/player' } },
      { event: 'onNotifyVideoLoaded', data: { route: '/content/1/player', duration: 90 } },
      { event: 'onNotifyVideoPlay', data: { time: 0 } },
      { event: 'onNotifyVideoSeek', data: { time: 42 } },
    );
    expect(playing).toMatchObject({ loading: false, paused: false, duration: 90, time: 42 });
    const ended = applyRemoteEvent(applyRemoteEvent(playing, { event: 'onNotifyVideoPause', data: { time: 43 } }), {
      event: 'onNotifyVideoEnd',
      data: {},
    });
    expect(ended).toMatchObject({ paused: true, ended: true, time: 43 });
  });

  it('spec 2 §9 time updates keep the last known duration when the TV sends none (live)', () => {
    const state = apply(
      { event: 'onNotifyVideoLoaded', data: { route: '/content/1/player', duration: 90 } },
      { event: 'onNotifyVideoTimeUpdate', data: { time: 12.3, duration: null } },
    );
    expect(state).toMatchObject({ time: 12.3, duration: 90 });
  });

  it('spec 2 §7 onNotifyCurrentPlayback and onNotifyQueueUpdated replace the queue; other events change nothing', () => {
    const state = apply(
      {
        event: 'onNotifyCurrentPlayback',
        data: { route: null, time: 0, duration: null, paused: true, queue: ['/clip/2/player'], position: null },
      },
      { event: 'onNotifyQueueUpdated', data: { queue: ['/clip/2/player', '/clip/3/player'], position: 1 } },
      { event: 'onClientsUpdated', data: { clients: 2 } },
    );
    expect(state).toMatchObject({ queue: ['/clip/2/player', '/clip/3/player'], position: 1, route: null });
  });
});
