import { describe, expect, it, vi } from 'vitest';
import { recordingOpenings } from '@playz/player/testing';
import { createQueryClient, queryKeys } from '@playz/queries';
import { LAUNCHED_CLASS } from './opening-intent';
import { launchPageOpeningWhenGranted, startPageOpening } from './page-opening';

// Decision 111: the entry starts the opening the server wrote into a film's player page.
function pageWith(opening: unknown): Document {
  const doc = document.implementation.createHTMLDocument('Playz');
  const meta = doc.createElement('meta');
  meta.name = 'playz-opening';
  meta.content = typeof opening === 'string' ? opening : JSON.stringify(opening);
  doc.head.append(meta);
  return doc;
}
const OPENING = {
  contentId: '1001',
  start: 42,
  target: 'player_dash',
  url: '/media/s/OPEN.SIG/clips/ocean/manifest.mpd',
  type: 'dash',
};

describe('a first visit’s opening from the page’s HTML (decision 111; spec 2 §2 content player)', () => {
  it('spec 2 §4 resume: prepares the film’s opening from its start under the key the player page asks, and reads it once', async () => {
    const { openings, prepared } = recordingOpenings();
    let source: (() => Promise<unknown>) | undefined;
    const recording = {
      ...openings,
      prepare: (key: string, ask: () => Promise<unknown>) => (prepared.push(key), (source = ask)),
    };
    const doc = pageWith(OPENING);
    expect(startPageOpening(doc, recording, 'player_dash')).toEqual({ key: '1001@42', contentId: '1001' });
    expect(prepared).toEqual(['1001@42']);
    expect(performance.getEntriesByName('playz:page-opening:prepared').length).toBeGreaterThan(0);
    expect(await source!()).toEqual({ stream: { url: OPENING.url, type: 'dash' }, startTime: 42 });
    expect(doc.querySelector('meta[name="playz-opening"]')).toBeNull();
    expect(startPageOpening(doc, recording, 'player_dash')).toBeNull();
  });

  it('spec 2 §4: from the film’s start when the page says none', () => {
    const { openings, prepared } = recordingOpenings();
    expect(startPageOpening(pageWith({ ...OPENING, start: null }), openings, 'player_dash')?.key).toBe('1001@0');
    expect(prepared).toEqual(['1001@0']);
  });

  it('spec 2 §4 targets: ignores an opening made for another target, a malformed one, or none', () => {
    const { openings, prepared } = recordingOpenings();
    expect(startPageOpening(pageWith(OPENING), openings, 'player_hls')).toBeNull();
    expect(startPageOpening(pageWith('{not json'), openings, 'player_dash')).toBeNull();
    expect(
      startPageOpening(pageWith({ ...OPENING, url: '//elsewhere.example/m.mpd' }), openings, 'player_dash'),
    ).toBeNull();
    expect(startPageOpening(document.implementation.createHTMLDocument('x'), openings, 'player_dash')).toBeNull();
    expect(prepared).toEqual([]);
  });
});

describe('the page’s opening plays once its View stream is granted (decision 111; spec 1 §6 devices limit)', () => {
  const VIEW = {
    url: '/media/s/VIEW.SIG/clips/ocean/manifest.mpd',
    type: 'dash',
    usage: 'View',
    tracks: [],
    thumbnails: [],
    signingCookies: null,
    contentProtection: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
  const streamKey = queryKeys.stream('1001', 'View', 'player_dash', null);
  const setUp = (stillHere = () => true) => {
    const { openings, launched } = recordingOpenings();
    const queryClient = createQueryClient();
    const stop = launchPageOpeningWhenGranted({ key: '1001@0', contentId: '1001' }, queryClient, {
      openings,
      target: 'player_dash',
      stillHere,
    });
    return { openings, launched, queryClient, stop };
  };

  it('spec 1 §6: nothing plays before the View answer (the one that takes the place), then the opening is launched', async () => {
    performance.clearMarks();
    const { openings, launched, queryClient } = setUp();
    expect(openings.launch).not.toHaveBeenCalled();
    queryClient.setQueryData(streamKey, VIEW);
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('1001@0', expect.any(Function)));
    expect(launched.className).toBe(LAUNCHED_CLASS);
    // The first-visit benchmark tells the loads that launched one by this mark.
    expect(performance.getEntriesByName('playz:page-opening:launched')).toHaveLength(1);
  });

  it('spec 1 §6: a refused View stream (the devices limit) launches nothing, nor a preview, nor a viewer gone elsewhere', async () => {
    const refused = setUp();
    await refused.queryClient
      .fetchQuery({
        queryKey: streamKey,
        queryFn: async () => Promise.reject(new Error('DevicesLimitReached')),
        retry: false,
      })
      .catch(() => undefined);
    refused.queryClient.setQueryData(streamKey, VIEW);
    const preview = setUp();
    preview.queryClient.setQueryData(streamKey, { ...VIEW, usage: 'Preview' });
    const gone = setUp(() => false);
    gone.queryClient.setQueryData(streamKey, VIEW);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.openings.launch).not.toHaveBeenCalled();
    expect(preview.openings.launch).not.toHaveBeenCalled();
    expect(gone.openings.launch).not.toHaveBeenCalled();
  });
});
