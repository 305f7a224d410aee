import type * as PlayerModule from '@playz/player';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createTvI18n } from '@/lib/i18n';
import { renderTv } from '@/test/render-tv';

// The player is a fake that plays at once: the screen stays as it is (no stream refused).
vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  return {
    ...actual,
    createPlayer: (_video: HTMLVideoElement, options: PlayerModule.PlayerOptions) => {
      const state: PlayerModule.PlayerState = {
        ...{ paused: false, loading: false, seeking: false, muted: false, ended: false, currentTime: 0 },
        ...{ duration: 1500, quality: 'auto', activeHeight: 720, live: false, seekStart: 0, seekEnd: 1500 },
      };
      const emit = async () => void options.onState?.({ ...state });
      return {
        ...{ load: emit, zap: emit, preload: () => {}, play: async () => 'playing' as const, pause: () => {} },
        ...{ seek: () => {}, seekToLiveEdge: () => {}, setMuted: () => {}, setQuality: () => {} },
        ...{ setAudioLanguage: () => {}, setSubtitleLanguage: () => {}, setSubtitleStyle: () => {} },
        ...{ getTracks: () => [], getState: () => ({ ...state }), destroy: async () => {} },
      };
    },
  };
});

const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const film = {
  ...{ contentID: 1005, contentType: 'Film', title: 'Film', description: '', images: {}, duration: 1500 },
  ...{ playbackTime: null, metadata: {} },
};

// Spec 2 §2 and decision 075: the remote's Guide key opens the channels beside the picture; the
// player's hint line, which names every key the player answers, says so too.
describe('spec 2 §2 the TV player’s hint line names the Guide key (decision 075)', () => {
  it('spec 2 §2 hint: on the picture and on the buttons, the line says Guide opens the channels', async () => {
    renderTv('/clip/1005/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /content/1005': { response: { Content: film } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Film' });
    expect(document.querySelector('.player__hint')?.textContent).toBe(
      'OK : lecture / pause   ◀ ▶ : 10 secondes   ▼ : options   Guide : chaînes   Retour : quitter',
    );
    act(() => void fireEvent.keyDown(window, { key: 'ArrowDown' }));
    expect(document.querySelector('.player__hint')?.textContent).toBe(
      '◀ ▶ : choisir   OK : valider   ▲ : revenir   Guide : chaînes',
    );
  });

  it.each([
    ['fr', 'Guide : chaînes'],
    ['en', 'Guide: channels'],
    ['nl', 'Gids: zenders'],
    ['es', 'Guía: canales'],
  ] as const)('spec 2 §2 hint: in %s both lines name the Guide key', (locale, words) => {
    const i18n = createTvI18n(locale);
    expect(i18n.t('tv.player.hint')).toContain(words);
    expect(i18n.t('tv.player.hintButtons')).toContain(words);
  });
});
