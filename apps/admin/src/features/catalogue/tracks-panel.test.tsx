import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AUDIO_MAX_BYTES, SUBTITLE_MAX_BYTES } from '@playz/api-contract/admin';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// Decision 114: the content editor's subtitles and protection panel — the tracks with their
// language, kind and the packaging job's state (polled until live), a subtitle file added as
// base64 with its language and label, one removed, the protection switch; refusals said in the
// console's language, a file past the cap said before it is sent.

const EDITOR = { ...ANA, id: 2, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const blank = { title: '', synopsis: '' };
const content = {
  contentId: 100000,
  kind: 'Film',
  rating: 0,
  texts: { fr: { title: 'phare', synopsis: '' }, en: blank, nl: blank, es: blank },
  access: { type: 'subscription' },
  published: true,
  publishFrom: null,
  publishUntil: null,
  live: true,
  seriesUnpublished: false,
  duration: 2,
  posterUrl: null,
  updatedAt: '2026-11-29T09:00:20.000Z',
};
const track = (over: object = {}) => ({
  id: '0123456789abcdef',
  kind: 'subtitle',
  language: 'fr',
  label: 'Français',
  state: 'ready',
  error: null,
  createdBy: 'eve@playz.fr',
  createdAt: '2026-11-29T09:00:30.000Z',
  ...over,
});
const packaging = (over: object = {}) => ({
  protected: false,
  protectedLive: false,
  state: 'ready',
  progress: 100,
  error: null,
  ...over,
});
const NO_IMAGES = { landscape: null, portrait: null, backdrop: null };
const base = {
  'GET /session': () => ({ response: { staff: EDITOR } }),
  'GET /catalogue/uploads': () => ({ response: { uploads: [], next: null } }),
  'GET /catalogue/contents/100000': () => ({ response: { content } }),
  'GET /catalogue/contents/100000/artwork': () => ({ response: { images: NO_IMAGES } }),
};
const srt = () =>
  new File(['1\r\n00:00:00,500 --> 00:00:01,500\r\nThe lighthouse\r\n'], 'phare.en.srt', {
    type: 'application/x-subrip',
  });

/** The whole console renders first (its session, its routes): slow on a loaded machine, so waited for longer. */
function renderAt(path: string, locale: 'fr' | 'en' = 'en') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

afterEach(() => vi.restoreAllMocks());

describe('spec console §Catalogue, spec 2 §3 subtitles: the tracks panel of the content editor (decision 114)', () => {
  it('decision 114 a subtitle file is sent as base64 with its language and label; its state moves to Live as the job runs', async () => {
    let tracks = [track()];
    const api = fakeConsoleApi({
      ...base,
      'GET /catalogue/contents/100000/tracks': () => ({ response: { tracks, packaging: packaging() } }),
      'POST /catalogue/contents/100000/subtitles': () => {
        const added = track({ id: 'fedcba9876543210', language: 'en', label: 'English (SDH)', state: 'queued' });
        // What the next poll answers: the job has run.
        tracks = [track(), { ...added, state: 'ready' }];
        return { response: { tracks: [track(), added], packaging: packaging({ state: 'queued' }) } };
      },
    });
    renderAt('/catalogue/100000');
    const panel = (
      await screen.findByRole('heading', { name: 'Subtitles and protection' }, { timeout: 10_000 })
    ).closest('section')!;
    expect(await within(panel).findByText('Français')).toBeInTheDocument();
    const file = srt();
    fireEvent.change(within(panel).getByLabelText('Subtitle file'), { target: { files: [file] } });
    fireEvent.change(within(panel).getByLabelText('Language'), { target: { value: 'en' } });
    fireEvent.change(within(panel).getByLabelText('Name shown'), { target: { value: 'English (SDH)' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add the subtitles' }));
    expect(
      await within(panel).findByText('Subtitles received: packaging adds them to the streams.'),
    ).toBeInTheDocument();
    const sent = api.calls.find((c) => c.route === 'POST /catalogue/contents/100000/subtitles')!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(sent.body).toEqual({ language: 'en', label: 'English (SDH)', data: Buffer.from(bytes).toString('base64') });
    const row = (await within(panel).findByText('English (SDH)')).closest('tr')!;
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    // Polled while the job works: the track goes live without a reload.
    expect(await within(row).findByText('Live', {}, { timeout: 5_000 })).toBeInTheDocument();
  }, 30_000);

  it('decision 114 a refused file is said in French; a file past the cap is said before anything is sent', async () => {
    const api = fakeConsoleApi({
      ...base,
      'GET /catalogue/contents/100000/tracks': () => ({ response: { tracks: [], packaging: packaging() } }),
      'POST /catalogue/contents/100000/subtitles': () => ({ status: 400, number: 3 }),
    });
    renderAt('/catalogue/100000', 'fr');
    const panel = (
      await screen.findByRole('heading', { name: 'Sous-titres et protection' }, { timeout: 10_000 })
    ).closest('section')!;
    expect(await within(panel).findByText('Aucun sous-titre ajouté.')).toBeInTheDocument();
    const input = within(panel).getByLabelText('Fichier de sous-titres');
    const huge = srt();
    Object.defineProperty(huge, 'size', { value: SUBTITLE_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Ajouter les sous-titres' }));
    expect(await within(panel).findByText('Ce fichier dépasse 1 Mo.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.route === 'POST /catalogue/contents/100000/subtitles')).toBe(false);

    fireEvent.change(input, { target: { files: [srt()] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Ajouter les sous-titres' }));
    expect(
      await within(panel).findByText('Fichier refusé : ce n’est pas un fichier WebVTT ou SRT lisible.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('decision 114 a track is removed and the protection switched on through their calls; the answer is shown', async () => {
    const api = fakeConsoleApi({
      ...base,
      'GET /catalogue/contents/100000/tracks': () => ({ response: { tracks: [track()], packaging: packaging() } }),
      'POST /catalogue/contents/100000/tracks/0123456789abcdef/remove': () => ({
        response: { tracks: [track({ state: 'removing' })], packaging: packaging({ state: 'queued' }) },
      }),
      'POST /catalogue/contents/100000/protection': () => ({
        response: { tracks: [track()], packaging: packaging({ protected: true, state: 'queued' }) },
      }),
    });
    renderAt('/catalogue/100000');
    const panel = (
      await screen.findByRole('heading', { name: 'Subtitles and protection' }, { timeout: 10_000 })
    ).closest('section')!;
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove the Français subtitles' }));
    expect(await within(panel).findByText('Being removed')).toBeInTheDocument();
    expect(api.calls.some((c) => c.route === 'POST /catalogue/contents/100000/tracks/0123456789abcdef/remove')).toBe(
      true,
    );

    const toggle = within(panel).getByRole('switch', {
      name: 'Protect this content (ClearKey DRM)',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(within(panel).getByText('Not protected: viewers play the clear copy.')).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    const sent = api.calls.find((c) => c.route === 'POST /catalogue/contents/100000/protection')!;
    expect(sent.body).toEqual({ protected: true });
    expect(within(panel).getByText('Packaging: Waiting')).toBeInTheDocument();
  }, 30_000);
});

describe('spec console §Catalogue, spec 2 §3 audio languages: an audio language from the tracks panel (decision 114)', () => {
  it('decision 114 an audio file is sent as base64 with its language and name; the track is listed as an audio language with its state and its own Remove', async () => {
    let tracks = [track()];
    const api = fakeConsoleApi({
      ...base,
      'GET /catalogue/contents/100000/tracks': () => ({ response: { tracks, packaging: packaging() } }),
      'POST /catalogue/contents/100000/audio': () => {
        const added = track({
          id: 'aaaaaaaaaaaaaaaa',
          kind: 'audio',
          language: 'nl',
          label: 'Nederlands',
          state: 'queued',
        });
        tracks = [track(), { ...added, state: 'ready' }];
        return { response: { tracks: [track(), added], packaging: packaging({ state: 'queued' }) } };
      },
      'POST /catalogue/contents/100000/tracks/aaaaaaaaaaaaaaaa/remove': () => ({
        response: {
          tracks: [track(), { ...tracks[1]!, state: 'removing' }],
          packaging: packaging({ state: 'queued' }),
        },
      }),
    });
    renderAt('/catalogue/100000');
    const panel = (
      await screen.findByRole('heading', { name: 'Subtitles and protection' }, { timeout: 10_000 })
    ).closest('section')!;
    const form = within(panel).getByRole('form', { name: 'Audio languages' });
    const file = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4])], 'nl.wav', { type: 'audio/wav' });
    fireEvent.change(within(form).getByLabelText('Audio file (or a video whose sound is taken)'), {
      target: { files: [file] },
    });
    fireEvent.change(within(form).getByLabelText('Audio track language'), { target: { value: 'nl' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the audio language' }));
    expect(
      await within(panel).findByText('Audio received: packaging encodes it to AAC and adds it to the streams.'),
    ).toBeInTheDocument();
    const sent = api.calls.find((c) => c.route === 'POST /catalogue/contents/100000/audio')!;
    expect(sent.body).toEqual({
      language: 'nl',
      label: '',
      data: Buffer.from(new Uint8Array(await file.arrayBuffer())).toString('base64'),
    });
    const row = (await within(panel).findByText('Nederlands')).closest('tr')!;
    expect(within(row).getByText('Audio language')).toBeInTheDocument();
    expect(await within(row).findByText('Live', {}, { timeout: 5_000 })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Remove the Nederlands audio language' }));
    expect(await within(row).findByText('Being removed')).toBeInTheDocument();
  }, 30_000);

  it('decision 114 an audio file refused is said in French; one past the cap is said before anything is sent', async () => {
    const api = fakeConsoleApi({
      ...base,
      'GET /catalogue/contents/100000/tracks': () => ({ response: { tracks: [], packaging: packaging() } }),
      'POST /catalogue/contents/100000/audio': () => ({ status: 400, number: 3 }),
    });
    renderAt('/catalogue/100000', 'fr');
    const panel = (
      await screen.findByRole('heading', { name: 'Sous-titres et protection' }, { timeout: 10_000 })
    ).closest('section')!;
    const form = within(panel).getByRole('form', { name: 'Langues audio' });
    const input = within(form).getByLabelText('Fichier audio (ou vidéo dont le son est pris)');
    const huge = new File(['x'], 'film.wav', { type: 'audio/wav' });
    Object.defineProperty(huge, 'size', { value: AUDIO_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter la langue audio' }));
    expect(await within(panel).findByText('Ce fichier dépasse 64 Mo.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.route === 'POST /catalogue/contents/100000/audio')).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['not sound'], 'a.wav', { type: 'audio/wav' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter la langue audio' }));
    expect(await within(panel).findByText('Fichier refusé : il ne contient aucun son lisible.')).toBeInTheDocument();
  }, 30_000);
});
