import { act, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { I18nProvider } from '@/lib/use-translation';
import type { PlayerState } from '@playz/player';
import { createI18n } from '@/lib/i18n';
import { VideoPlayer } from '../components/video-player';
import { fake } from './fake-player';

/** For the VideoPlayer's tests, over the fake of fake-player.ts (mocked by each test file). */
export const stream = {
  url: '/media/s/token/c/manifest.mpd',
  type: 'dash' as const,
  thumbnails: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((percent) => ({
    percent,
    time: percent * 6,
    url: `/t/${percent}.jpg`,
  })),
};

export function setState(patch: Partial<PlayerState>) {
  fake.state = { ...fake.state, ...patch };
  act(() => fake.options?.onState?.({ ...fake.state }));
}

export async function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const view = render(
    <I18nProvider i18n={createI18n('fr')}>
      <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" {...props} />
    </I18nProvider>,
  );
  await act(async () => {});
  return view;
}

export const controls = () => within(screen.getByTestId('video-player'));

/**
 * Runs `action` and waits until it made the player do `call`: the calls it added are looked at,
 * not the log's last entry, which an effect still under way (the first play) may write after it.
 */
export async function expectCall(action: () => unknown, call: string) {
  const from = fake.calls.length;
  action();
  await waitFor(() => expect(fake.calls.slice(from)).toContain(call));
}
