import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@/lib/use-translation';
import type { ApiClient } from '@playz/api-client';
import type { ProfileLanguages } from '@playz/api-contract';
import { bilingualLanguages } from '@playz/player/testing';
import { ApiProvider, sessionHints } from '@playz/queries';
import { createI18n } from '@/lib/i18n';
import { fake, resetFake } from '../testing/fake-player';
import { controls, stream } from '../testing/render-video-player';
import { VideoPlayer } from './video-player';

vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

const LANGUAGES = bilingualLanguages();

const SAVED: ProfileLanguages = {
  profileUUID: 'p-1',
  audioLanguage: 'en',
  subtitleLanguage: 'fr',
  subtitleSize: 'large',
  subtitleBackground: 'shadow',
  updatedAt: '2026-11-28T20:00:00.000Z',
};

function fakeApi(answer: () => Promise<{ Languages: ProfileLanguages }>) {
  return {
    getProfileLanguages: vi.fn(answer),
    editProfileLanguages: vi.fn(async () => ({ Languages: SAVED })),
  };
}

async function renderWithApi(api: ReturnType<typeof fakeApi>) {
  render(
    <ApiProvider client={api as unknown as ApiClient}>
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" />
      </I18nProvider>
    </ApiProvider>,
  );
  await act(async () => {});
}

const adopted = () => fake.calls.filter((call) => call.startsWith('adopt '));

describe("web player: the profile's subtitle and audio choices from the server (decision 081, beyond the spec)", () => {
  beforeEach(() => {
    resetFake();
    fake.state = { ...fake.state, languages: LANGUAGES };
  });
  afterEach(() => {
    sessionHints.loggedIn = false;
    sessionHints.customerKnown = false;
  });

  it('applies the choices the profile saved on the server at start', async () => {
    sessionHints.loggedIn = true;
    const api = fakeApi(async () => ({ Languages: SAVED }));
    await renderWithApi(api);
    await waitFor(() => expect(adopted()).toHaveLength(1));
    expect(JSON.parse(adopted()[0]!.slice('adopt '.length))).toEqual({
      audio: 'en',
      text: 'fr',
      style: { size: 'large', background: 'shadow' },
    });
    // The menu shows them.
    fireEvent.click(controls().getByRole('button', { name: 'Audio et sous-titres' }));
    const menu = within(controls().getByRole('menu', { name: 'Audio et sous-titres' }));
    const subtitles = within(menu.getByRole('group', { name: 'Sous-titres' }));
    expect(subtitles.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    expect(menu.getByRole('menuitemradio', { name: 'Grande' })).toHaveAttribute('aria-checked', 'true');
  });

  it('saves a change on the server, the whole choice', async () => {
    sessionHints.loggedIn = true;
    const api = fakeApi(async () => ({ Languages: { ...SAVED, updatedAt: null } }));
    await renderWithApi(api);
    await waitFor(() => expect(api.getProfileLanguages).toHaveBeenCalled());
    // Never saved on the server: the device's copy stays.
    expect(adopted()).toEqual([]);
    fireEvent.click(controls().getByRole('button', { name: 'Audio et sous-titres' }));
    const menu = within(controls().getByRole('menu', { name: 'Audio et sous-titres' }));
    fireEvent.click(
      within(menu.getByRole('group', { name: 'Sous-titres' })).getByRole('menuitemradio', { name: 'English' }),
    );
    expect(api.editProfileLanguages).toHaveBeenLastCalledWith({
      body: { audio_language: '', subtitle_language: 'en', subtitle_size: 'medium', subtitle_background: 'box' },
    });
  });

  it('keeps the choice made before the server answered', async () => {
    sessionHints.loggedIn = true;
    let answer: (value: { Languages: ProfileLanguages }) => void = () => {};
    const api = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    await renderWithApi(api);
    fireEvent.click(controls().getByRole('button', { name: 'Audio et sous-titres' }));
    const menu = within(controls().getByRole('menu', { name: 'Audio et sous-titres' }));
    fireEvent.click(within(menu.getByRole('group', { name: 'Audio' })).getByRole('menuitemradio', { name: 'English' }));
    await act(async () => answer({ Languages: SAVED }));
    expect(adopted()).toEqual([]);
  });

  it("falls back to the browser's copy when signed out", async () => {
    const signedOut = fakeApi(async () => {
      throw Object.assign(new Error('authentication failed'), { number: 11 });
    });
    await renderWithApi(signedOut);
    await waitFor(() => expect(signedOut.getProfileLanguages).toHaveBeenCalled());
    await act(async () => {});
    fireEvent.click(controls().getByRole('button', { name: 'Audio et sous-titres' }));
    const menu = within(controls().getByRole('menu', { name: 'Audio et sous-titres' }));
    fireEvent.click(
      within(menu.getByRole('group', { name: 'Sous-titres' })).getByRole('menuitemradio', { name: 'English' }),
    );
    expect(fake.calls).toContain('subtitles en');
    expect(signedOut.editProfileLanguages).not.toHaveBeenCalled();
    expect(adopted()).toEqual([]);
  });

  it('asks nothing for a visitor once /data has said so', async () => {
    sessionHints.customerKnown = true;
    const visitor = fakeApi(async () => ({ Languages: SAVED }));
    await renderWithApi(visitor);
    await act(async () => {});
    expect(fake.calls).toContain('load /media/s/token/c/manifest.mpd');
    expect(visitor.getProfileLanguages).not.toHaveBeenCalled();
    expect(adopted()).toEqual([]);
  });

  it('plays with the device copy when the server cannot be reached', async () => {
    sessionHints.loggedIn = true;
    const offline = fakeApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderWithApi(offline);
    await waitFor(() => expect(offline.getProfileLanguages).toHaveBeenCalled());
    await act(async () => {});
    expect(adopted()).toEqual([]);
    expect(fake.calls).toContain('load /media/s/token/c/manifest.mpd');
  });
});
