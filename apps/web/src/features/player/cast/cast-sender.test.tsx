import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@/lib/use-translation';
import { createI18n } from '@/lib/i18n';
import { VideoPlayer } from '../components/video-player';
import { fake, resetFake } from '../testing/fake-player';
import { setState, stream } from '../testing/render-video-player';
import { createFakeCastFramework } from './fake-cast-framework';
import { CastFrameworkContext, type CastMedia } from './use-cast-sender';

vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

const GRANT = { url: 'https://playz.example/api/1.2/cast/playback/status', token: 'sealed-grant' };
const media: CastMedia = { appId: 'PLAYZ01', locale: 'fr', statusGrant: async () => GRANT };

async function renderCasting(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const cast = createFakeCastFramework();
  render(
    <I18nProvider i18n={createI18n('fr')}>
      <CastFrameworkContext.Provider value={cast.source}>
        <VideoPlayer
          stream={stream}
          sourceKey="1-View"
          title="Le Grand Départ"
          poster="/media/art/grand-depart.jpg"
          cast={media}
          {...props}
        />
      </CastFrameworkContext.Provider>
    </I18nProvider>,
  );
  await act(async () => {});
  return cast;
}
const player = () => within(screen.getByTestId('video-player'));
const castButton = () => player().queryByRole('button', { name: 'Caster sur un écran' });

async function startCasting(cast: ReturnType<typeof createFakeCastFramework>) {
  await act(async () => cast.devices(true));
  fireEvent.click(castButton()!);
  await waitFor(() => expect(cast.sent).toHaveLength(1));
}

describe('Google Cast sender of the web player (spec 2 §2 cast button, §4 casting states; decision 070)', () => {
  beforeEach(resetFake);

  it('shows no button and loads no framework until the browser finds a device', async () => {
    const cast = await renderCasting();
    expect(castButton()).toBeNull();
    expect(cast.loads).toEqual(['watch PLAYZ01']);
    await act(async () => cast.devices(true));
    expect(cast.loads).toEqual(['watch PLAYZ01', 'load PLAYZ01']);
    expect(castButton()).toBeInTheDocument();
    await act(async () => cast.devices(false));
    expect(castButton()).toBeNull();
  });

  it('an encrypted stream offers no Cast (the receiver cannot ask for a licence)', async () => {
    const cast = await renderCasting({ stream: { ...stream, contentProtection: { clearKey: {} } as never } });
    expect(cast.loads).toEqual([]);
  });

  it('casting sends a LOAD with the signed URL, title, artwork, resume position and the report grant, and pauses here', async () => {
    const cast = await renderCasting();
    setState({ currentTime: 125, paused: false });
    await startCasting(cast);
    expect(cast.sent[0]).toEqual({
      type: 'LOAD',
      requestId: 1,
      media: {
        contentId: new URL(stream.url, document.baseURI).href,
        contentType: 'application/dash+xml',
        streamType: 'BUFFERED',
        metadata: {
          title: 'Le Grand Départ',
          images: [{ url: new URL('/media/art/grand-depart.jpg', document.baseURI).href }],
        },
      },
      currentTime: 125,
      autoplay: true,
      customData: {
        locale: 'fr',
        status: GRANT,
        // The viewer's subtitle and audio choices (decision 081): here the player's defaults.
        languages: { audio: null, text: null, style: { size: 'medium', background: 'box' } },
      },
    });
    expect(fake.calls).toContain('pause');
    expect(player().getByRole('status')).toHaveTextContent('Lecture sur Salon');
    expect(player().getByRole('button', { name: 'Diffusion en cours sur un autre écran' })).toBeInTheDocument();
  });

  it("decision 081: the LOAD carries the profile's saved choice, and the menu's changes reach the receiver", async () => {
    fake.state = {
      ...fake.state,
      languages: {
        audio: [
          { language: 'fr', label: 'Français' },
          { language: 'en', label: 'English' },
        ],
        audioLanguage: 'fr',
        subtitles: [{ language: 'en', label: 'English' }],
        subtitleLanguage: null,
        subtitleStyle: { size: 'medium', background: 'box' },
      },
    };
    fake.preference = { audio: 'en', text: 'en', style: { size: 'large', background: 'shadow' } };
    const cast = await renderCasting();
    await startCasting(cast);
    expect(cast.sent[0]).toMatchObject({
      type: 'LOAD',
      customData: { languages: { audio: 'en', text: 'en', style: { size: 'large', background: 'shadow' } } },
    });
    fireEvent.click(player().getByRole('button', { name: 'Audio et sous-titres' }));
    const menu = within(player().getByRole('menu', { name: 'Audio et sous-titres' }));
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Désactivés' }));
    fireEvent.click(
      within(menu.getByRole('group', { name: 'Audio' })).getByRole('menuitemradio', { name: 'Français' }),
    );
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Petite' }));
    expect(cast.sent.slice(1)).toEqual([
      { type: 'EDIT_TRACKS_INFO', requestId: 2, subtitleLanguage: null },
      { type: 'EDIT_TRACKS_INFO', requestId: 3, audioLanguage: 'fr' },
      { type: 'EDIT_TRACKS_INFO', requestId: 4, textTrackStyle: { size: 'small' } },
    ]);
    // The local player remembers them too (and saves them for the profile).
    expect(fake.calls).toEqual(
      expect.arrayContaining(['subtitles null', 'audio fr', 'subtitle style {"size":"small"}']),
    );
  });

  it('the bar mirrors the receiver, and its buttons and keys drive the receiver, not the local video', async () => {
    const cast = await renderCasting();
    await startCasting(cast);
    await act(async () =>
      cast.receive({ type: 'MEDIA_STATUS', playerState: 'PLAYING', currentTime: 300, duration: 600 }),
    );
    expect(screen.getByTestId('player-time')).toHaveTextContent('00:05:00 / 00:10:00');
    const localCalls = fake.calls.length;
    fireEvent.click(player().getByRole('button', { name: 'Pause' }));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(cast.sent.slice(1).map(({ type, currentTime }) => ({ type, currentTime }))).toEqual([
      { type: 'PAUSE', currentTime: undefined },
      { type: 'SEEK', currentTime: 310 },
    ]);
    expect(fake.calls.slice(localCalls)).toEqual([]);
  });

  it('stopping casting plays on here from the receiver’s position', async () => {
    const cast = await renderCasting();
    setState({ currentTime: 125 });
    await startCasting(cast);
    await act(async () =>
      cast.receive({ type: 'MEDIA_STATUS', playerState: 'PLAYING', currentTime: 420, duration: 600 }),
    );
    const before = fake.calls.length;
    fireEvent.click(player().getByRole('button', { name: 'Reprendre sur cet appareil' }));
    await waitFor(() => expect(fake.calls.slice(before)).toEqual(['seek 420', 'play']));
    expect(player().queryByText('Lecture sur Salon')).toBeNull();
    expect(castButton()).toBeInTheDocument();
  });

  it('the device ending the session brings playback back too, and the resume point follows the receiver', async () => {
    const saved: number[] = [];
    const cast = await renderCasting({ onSaveTime: (time) => saved.push(time) });
    await startCasting(cast);
    await act(async () =>
      cast.receive({ type: 'MEDIA_STATUS', playerState: 'PLAYING', currentTime: 500, duration: 600 }),
    );
    await act(async () =>
      cast.receive({ type: 'MEDIA_STATUS', playerState: 'PAUSED', currentTime: 505, duration: 600 }),
    );
    expect(saved).toContain(505);
    const before = fake.calls.length;
    await act(async () => cast.disconnect());
    expect(fake.calls.slice(before)).toEqual(['seek 505', 'play']);
  });
});
