import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError, createApiClient, type ApiClient } from '@playz/api-client';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { recordingOpenings } from '@playz/player/testing';
import { createQueryClient, queryKeys } from '@playz/queries';
import { webCommonParams } from '@/lib/api';
import { LAUNCHED_CLASS } from './opening-intent';
import { firstToAskPageStream } from './page-opening-start';
import {
  API_BASE,
  ENTRY_META,
  ENTRY_RETRIES,
  ENTRY_RETRY_MS,
  askPageStreamEarly,
  importEntryAfterPicture,
  pageStreamUrl,
} from './page-stream-early';
import {
  askPageStreamNow,
  firstPictureFirst,
  launchPageOpeningWhenGranted,
  startPageOpening,
  startPageOpeningOnce,
} from './page-opening';
import { makeAdaptiveStream } from '@/test/fixtures';
import { pageWithMeta } from '@/test/page-with-meta';

/** The View stream the film page's tests are granted (spec 2 §7). */
const VIEW = makeAdaptiveStream('/media/s/VIEW.SIG/clips/ocean/manifest.mpd');

// Decision 111: the entry starts the opening the server wrote into a film's player page.
const pageWith = (opening: unknown) => pageWithMeta('playz-opening', opening);
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

  it('spec 2 §2: the film page’s first script starts the opening and the entry takes the same one, prepared once (decision 127)', () => {
    const { openings, prepared } = recordingOpenings();
    const doc = pageWith({ ...OPENING, start: null });
    // The first script (first-picture.ts), then the entry (main.tsx), on the same page.
    const first = startPageOpeningOnce(doc, openings, 'player_dash');
    expect(first).toEqual({ key: '1001@0', contentId: '1001' });
    expect(startPageOpeningOnce(doc, openings, 'player_dash')).toBe(first);
    expect(prepared).toEqual(['1001@0']);
    // A page without an opening: none for either, and the answer is kept as well.
    const plain = document.implementation.createHTMLDocument('x');
    expect(startPageOpeningOnce(plain, openings, 'player_dash')).toBeNull();
    plain.head.append(pageWith(OPENING).querySelector('meta')!);
    expect(startPageOpeningOnce(plain, openings, 'player_dash')).toBeNull();
    expect(prepared).toEqual(['1001@0']);
  });
  it('spec 2 §2: the first script’s stand-in goes with the opening; a page with none for this app, or one started already, removes it (decision 137)', () => {
    const { openings } = recordingOpenings();
    const given: unknown[] = [];
    const recording = {
      ...openings,
      prepare: (_key: string, _ask: unknown, standIn?: unknown) => void given.push(standIn),
    };
    const standIn = () => ({ video: document.createElement('video'), ready: Promise.resolve(true), remove: vi.fn() });
    const kept = standIn();
    const doc = pageWith({ ...OPENING, start: null });
    expect(startPageOpeningOnce(doc, recording, 'player_dash', kept)?.key).toBe('1001@0');
    expect(given).toEqual([kept]);
    expect(kept.remove).not.toHaveBeenCalled();
    // The entry came first on another page: the opening it started has no stand-in to take.
    const late = standIn();
    startPageOpeningOnce(doc, recording, 'player_dash', late);
    expect(late.remove).toHaveBeenCalled();
    const elsewhere = standIn();
    expect(startPageOpening(pageWith(OPENING), recording, 'player_hls', elsewhere)).toBeNull();
    expect(elsewhere.remove).toHaveBeenCalled();
    expect(given).toEqual([kept]);
  });
});

describe('the page’s opening plays once its View stream is granted (decision 111; spec 1 §6 devices limit)', () => {
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

  it('spec 1 §6: launches on the stand-in’s picture, not waiting for the player’s element (decision 137)', async () => {
    const { openings } = recordingOpenings();
    const playerNotReady = { ...openings, settled: () => new Promise<void>(() => {}) };
    const queryClient = createQueryClient();
    launchPageOpeningWhenGranted({ key: '1001@0', contentId: '1001' }, queryClient, {
      openings: playerNotReady,
      target: 'player_dash',
    });
    queryClient.setQueryData(streamKey, VIEW);
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('1001@0', expect.any(Function)));
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

describe('a first visit asks its View stream from the entry (decision 120; spec 1 §6 devices limit)', () => {
  const opening = { key: '1001@0', contentId: '1001' };
  const setUp = (answer: () => Promise<unknown> = async () => ({ AdaptiveStream: VIEW })) => {
    const getContentAdaptiveUrl = vi.fn(answer);
    const stopPlayback = vi.fn(async () => ({}));
    const api = { getContentAdaptiveUrl, stopPlayback } as unknown as ApiClient;
    const queryClient = createQueryClient();
    const win = new EventTarget() as unknown as Window;
    const release = askPageStreamNow(opening, { api, queryClient }, { target: 'player_dash', win });
    return { getContentAdaptiveUrl, stopPlayback, queryClient, win, release };
  };
  const streamKey = queryKeys.stream('1001', 'View', 'player_dash', null);

  it('spec 2 §7 /url/adaptive: asks the page’s own View stream at once, and the page’s query finds the answer without a second call', async () => {
    const { getContentAdaptiveUrl, queryClient } = setUp();
    expect(getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
    expect(getContentAdaptiveUrl.mock.calls[0]).toEqual([
      expect.objectContaining({ params: { id: '1001' }, query: { product_usage: 'View', target: 'player_dash' } }),
    ]);
    await vi.waitFor(() => expect(queryClient.getQueryData(streamKey)).toEqual(VIEW));
    // The page's hook (useContentStream) on the same key: served from the cache, no new grant.
    const page = new QueryObserver(queryClient, { queryKey: streamKey, staleTime: Infinity, gcTime: 0 });
    const stop = page.subscribe(() => {});
    expect(page.getCurrentResult().data).toEqual(VIEW);
    expect(getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
    stop();
  });

  it('spec 1 §6: launches the opening on the entry’s View answer, before any page has rendered', async () => {
    const { openings, launched } = recordingOpenings();
    const getContentAdaptiveUrl = vi.fn(async () => ({ AdaptiveStream: VIEW }));
    const api = { getContentAdaptiveUrl, stopPlayback: vi.fn() } as unknown as ApiClient;
    const queryClient = createQueryClient();
    launchPageOpeningWhenGranted(opening, queryClient, { openings, target: 'player_dash' });
    askPageStreamNow(
      opening,
      { api, queryClient },
      { target: 'player_dash', win: new EventTarget() as unknown as Window },
    );
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('1001@0', expect.any(Function)));
    expect(launched.className).toBe(LAUNCHED_CLASS);
  });

  it('spec 1 §6: the entry’s hold ends when the page observes its stream; the page’s View keeps its place', async () => {
    const { queryClient, stopPlayback, win } = setUp();
    await vi.waitFor(() => expect(queryClient.getQueryData(streamKey)).toEqual(VIEW));
    const page = new QueryObserver(queryClient, { queryKey: streamKey, staleTime: Infinity, gcTime: 0 });
    const stop = page.subscribe(() => {});
    expect(queryClient.getQueryCache().find({ queryKey: streamKey })?.getObserversCount()).toBe(1);
    win.dispatchEvent(new Event('pagehide'));
    // The page's own hook gives the place back when it goes (useReleaseDeviceLease), not the entry.
    expect(stopPlayback).not.toHaveBeenCalled();
    stop();
  });

  it('spec 1 §6: a page that asks a preview instead gives back the place the entry’s View took', async () => {
    const { queryClient, stopPlayback } = setUp();
    await vi.waitFor(() => expect(queryClient.getQueryData(streamKey)).toEqual(VIEW));
    const preview = new QueryObserver(queryClient, {
      queryKey: queryKeys.stream('1001', 'Preview', 'player_dash', null),
      enabled: false,
    });
    const stop = preview.subscribe(() => {});
    expect(stopPlayback).toHaveBeenCalledWith({ keepalive: true });
    // And the View answer nobody observes is not kept for a later page (gcTime 0).
    await vi.waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: streamKey })).toBeUndefined());
    stop();
  });

  it('spec 1 §6: a tab closed before the page rendered gives back its place; one closed before the answer has none to give', async () => {
    const granted = setUp();
    await vi.waitFor(() => expect(granted.queryClient.getQueryData(streamKey)).toEqual(VIEW));
    granted.win.dispatchEvent(new Event('pagehide'));
    expect(granted.stopPlayback).toHaveBeenCalledWith({ keepalive: true });
    const waiting = setUp(() => new Promise(() => {}));
    waiting.win.dispatchEvent(new Event('pagehide'));
    expect(waiting.stopPlayback).not.toHaveBeenCalled();
  });

  it('spec 1 §6: a refused View stream (the devices limit) drops the opening at once, and nothing plays', async () => {
    const { openings } = recordingOpenings();
    const refusal = new ApiError(
      ApiErrorNumber.Forbidden,
      'devices limit',
      403,
      '/content/1001/url/adaptive',
      'DevicesLimitReached',
    );
    const api = {
      getContentAdaptiveUrl: vi.fn(async () => Promise.reject(refusal)),
      stopPlayback: vi.fn(),
    } as unknown as ApiClient;
    const queryClient = createQueryClient();
    launchPageOpeningWhenGranted(opening, queryClient, { openings, target: 'player_dash' });
    askPageStreamNow(
      opening,
      { api, queryClient },
      { target: 'player_dash', win: new EventTarget() as unknown as Window },
    );
    await vi.waitFor(() => expect(openings.drop).toHaveBeenCalledWith('1001@0'));
    expect(openings.launch).not.toHaveBeenCalled();
  });
});

describe('a first visit renders the app once its film’s picture is decoded (decision 120)', () => {
  it('spec 2 §2 content player: the first render waits for the opening to settle, and nothing without one', async () => {
    let settle = () => {};
    const settled = vi.fn((_key: string) => new Promise<void>((resolve) => (settle = resolve)));
    let rendered = false;
    void firstPictureFirst({ key: '1001@0' }, { settled }).then(() => (rendered = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toHaveBeenCalledWith('1001@0');
    expect(rendered).toBe(false);
    settle();
    await vi.waitFor(() => expect(rendered).toBe(true));
    await expect(firstPictureFirst(null, { settled })).resolves.toBeUndefined();
    expect(settled).toHaveBeenCalledTimes(1);
  });
});

describe('the film page’s first script asks the page’s View stream (decision 131; spec 1 §6, spec 2 §7)', () => {
  const opening = { key: '1001@0', contentId: '1001' };
  const streamKey = queryKeys.stream('1001', 'View', 'player_dash', null);
  const reply = (body: unknown) => async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status: 200 });
  const entry = (doc: Document, openings: ReturnType<typeof recordingOpenings>['openings'], answer: () => unknown) => {
    const getContentAdaptiveUrl = vi.fn(async () => answer());
    const api = { getContentAdaptiveUrl, stopPlayback: vi.fn() } as unknown as ApiClient;
    const queryClient = createQueryClient();
    launchPageOpeningWhenGranted(opening, queryClient, { openings, target: 'player_dash', doc });
    askPageStreamNow(
      opening,
      { api, queryClient },
      { target: 'player_dash', win: new EventTarget() as unknown as Window, doc },
    );
    return { getContentAdaptiveUrl, queryClient };
  };

  it('spec 1 §7: the same call as the app’s client, with its common parameters', () => {
    expect(API_BASE).toBe(API_BASE_PATH);
    const api = createApiClient({ baseUrl: '', getCommonParams: webCommonParams });
    const byClient = new URL(
      api.urlOf(endpoints.getContentAdaptiveUrl, {
        params: { id: '1001' },
        query: { product_usage: 'View', target: 'player_dash' },
      }),
      'https://playz.test',
    );
    const early = new URL(pageStreamUrl('1001', 'player_dash'), 'https://playz.test');
    expect(early.pathname).toBe(byClient.pathname);
    expect([...early.searchParams].sort()).toEqual([...byClient.searchParams].sort());
  });

  it('spec 1 §6: launches the opening on the first script’s View grant, and the entry’s query takes that answer: one call, one launch', async () => {
    performance.clearMarks();
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    const fetchImpl = vi.fn(reply({ Error: { Number: 0 }, Response: { AdaptiveStream: VIEW } }));
    const { answer } = askPageStreamEarly(doc, opening, { openings, target: 'player_dash', fetchImpl });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(String(fetchImpl.mock.calls[0]![0])).toContain('/api/1.2/content/1001/url/adaptive?');
    await expect(answer).resolves.toEqual(VIEW);
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('1001@0', expect.any(Function)));
    // The entry, evaluated later: its query has the answer without a call of its own.
    const { getContentAdaptiveUrl, queryClient } = entry(doc, openings, () => ({ AdaptiveStream: VIEW }));
    await vi.waitFor(() => expect(queryClient.getQueryData(streamKey)).toEqual(VIEW));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getContentAdaptiveUrl).not.toHaveBeenCalled();
    expect(openings.launch).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName('playz:page-opening:view-asked')).toHaveLength(1);
    expect(performance.getEntriesByName('playz:page-opening:view-granted')).toHaveLength(1);
  });

  it('spec 1 §6: a refused first call launches nothing; the entry asks again and drops the opening on the app’s own refusal', async () => {
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    const fetchImpl = vi.fn(reply({ Error: { Number: ApiErrorNumber.Forbidden, Message: 'devices limit' } }));
    await expect(
      askPageStreamEarly(doc, opening, { openings, target: 'player_dash', fetchImpl }).answer,
    ).resolves.toBeNull();
    const refusal = new ApiError(ApiErrorNumber.Forbidden, 'devices limit', 403, '/content/1001/url/adaptive', null);
    const { getContentAdaptiveUrl } = entry(doc, openings, () => Promise.reject(refusal));
    await vi.waitFor(() => expect(openings.drop).toHaveBeenCalledWith('1001@0'));
    expect(getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
    expect(openings.launch).not.toHaveBeenCalled();
  });

  it('spec 1 §6: a first script run after the entry asks no second View stream (one call, one launch)', async () => {
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    // The entry, evaluated first (the first script is async), asks it.
    const { getContentAdaptiveUrl } = entry(doc, openings, () => ({ AdaptiveStream: VIEW }));
    expect(getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
    expect(firstToAskPageStream(doc)).toBe(false);
    // And the first script on a page whose entry is not in yet is the first to ask.
    const later = document.implementation.createHTMLDocument('Playz');
    expect(firstToAskPageStream(later)).toBe(true);
    expect(firstToAskPageStream(later)).toBe(false);
  });

  it('spec 2 §2: a preview answer launches nothing from the first script, nor a viewer gone elsewhere', async () => {
    const preview = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    const fetchImpl = reply({ Error: { Number: 0 }, Response: { AdaptiveStream: { ...VIEW, usage: 'Preview' } } });
    await askPageStreamEarly(doc, opening, { openings: preview.openings, target: 'player_dash', fetchImpl }).answer;
    const gone = recordingOpenings();
    const granted = reply({ Error: { Number: 0 }, Response: { AdaptiveStream: VIEW } });
    const other = document.implementation.createHTMLDocument('Playz');
    await askPageStreamEarly(other, opening, {
      openings: gone.openings,
      target: 'player_dash',
      fetchImpl: granted,
      stillHere: () => false,
    }).answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preview.openings.launch).not.toHaveBeenCalled();
    expect(gone.openings.launch).not.toHaveBeenCalled();
  });
});

describe('a first visit’s entry after its first picture, and its place given back (decision 134; spec 1 §6)', () => {
  const opening = { key: '1001@0', contentId: '1001' };
  const granted = () =>
    vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ Error: { Number: 0 }, Response: { AdaptiveStream: VIEW } }), { status: 200 }),
    );
  const pageWithEntry = (href: string | null) => {
    const doc = document.implementation.createHTMLDocument('Playz');
    if (href !== null) {
      const meta = doc.createElement('meta');
      meta.name = ENTRY_META;
      meta.content = href;
      doc.head.append(meta);
    }
    return doc;
  };

  it('asks the View stream at high priority, ahead of the app’s scripts', async () => {
    const fetchImpl = granted();
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    await askPageStreamEarly(doc, opening, {
      openings,
      target: 'player_dash',
      fetchImpl,
      win: new EventTarget() as unknown as Window,
    }).answer;
    expect((fetchImpl.mock.calls[0]![1] as RequestInit & { priority?: string }).priority).toBe('high');
  });

  it('spec 1 §6: a tab closed after the first script’s grant and before the entry took it gives the place back, as the app’s client would', async () => {
    const fetchImpl = granted();
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    const win = new EventTarget() as unknown as Window;
    await askPageStreamEarly(doc, opening, { openings, target: 'player_dash', fetchImpl, win }).answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    win.dispatchEvent(new Event('pagehide'));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    const [url, init] = fetchImpl.mock.calls[1]!;
    // The client's own stopPlayback (decision 018), keepalive: the same URL, method and form.
    const clientFetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ Error: { Number: 0 }, Response: { Success: true } }), { status: 200 }),
    );
    const api = createApiClient({ baseUrl: '', getCommonParams: webCommonParams, fetch: clientFetch });
    await api.stopPlayback({ keepalive: true });
    const [clientUrl, clientInit] = clientFetch.mock.calls[0]!;
    expect(String(url)).toBe(String(clientUrl));
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect([...(init!.body as URLSearchParams)].sort()).toEqual([...(clientInit!.body as URLSearchParams)].sort());
    // Once only.
    win.dispatchEvent(new Event('pagehide'));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('spec 1 §6: once the entry took the answer, its own hold gives the place back, not the first script’s', async () => {
    const fetchImpl = granted();
    const { openings } = recordingOpenings();
    const doc = document.implementation.createHTMLDocument('Playz');
    const win = new EventTarget() as unknown as Window;
    const stopPlayback = vi.fn(async () => ({ Success: true }));
    const api = { getContentAdaptiveUrl: vi.fn(), stopPlayback } as unknown as ApiClient;
    const { answer } = askPageStreamEarly(doc, opening, { openings, target: 'player_dash', fetchImpl, win });
    askPageStreamNow(opening, { api, queryClient: createQueryClient() }, { target: 'player_dash', win, doc });
    await answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    win.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(stopPlayback).toHaveBeenCalledTimes(1));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('a refused first call holds no place: nothing to give back', async () => {
    const fetchImpl = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ Error: { Number: ApiErrorNumber.Forbidden } }), { status: 200 }),
    );
    const { openings } = recordingOpenings();
    const win = new EventTarget() as unknown as Window;
    const doc = document.implementation.createHTMLDocument('Playz');
    await askPageStreamEarly(doc, opening, { openings, target: 'player_dash', fetchImpl, win }).answer;
    win.dispatchEvent(new Event('pagehide'));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('imports the entry the server named once the launched opening plays, not before', async () => {
    const doc = pageWithEntry('/assets/main-E.js');
    const importEntry = vi.fn(async () => undefined);
    let launch!: (launched: boolean) => void;
    const done = importEntryAfterPicture(doc, new Promise<boolean>((resolve) => (launch = resolve)), { importEntry });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(importEntry).not.toHaveBeenCalled();
    launch(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(importEntry).not.toHaveBeenCalled();
    const video = doc.createElement('video');
    doc.body.append(video);
    video.dispatchEvent(new Event('playing'));
    await done;
    expect(importEntry).toHaveBeenCalledWith('/assets/main-E.js');
  });

  it('asks the entry again when its import fails (decision 136): the same URL, once online, at most ENTRY_RETRIES times', async () => {
    vi.useFakeTimers();
    try {
      const doc = pageWithEntry('/assets/main-E.js');
      let failures = 2;
      const importEntry = vi.fn(async (_url: string) => {
        if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      });
      const done = importEntryAfterPicture(doc, Promise.resolve(false), { importEntry });
      await vi.advanceTimersByTimeAsync(200 + 2 * ENTRY_RETRY_MS);
      await done;
      expect(importEntry.mock.calls.map(([url]) => url)).toEqual([
        '/assets/main-E.js',
        '/assets/main-E.js',
        '/assets/main-E.js',
      ]);

      // Offline, the next try waits for the browser to be online again, not for a timer.
      const offline = pageWithEntry('/assets/main-E.js');
      const view = offline.defaultView ?? window;
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      failures = 1;
      importEntry.mockClear();
      const waiting = importEntryAfterPicture(offline, Promise.resolve(false), { importEntry });
      await vi.advanceTimersByTimeAsync(200 + 10 * ENTRY_RETRY_MS);
      expect(importEntry).toHaveBeenCalledTimes(1);
      onLine.mockRestore();
      view.dispatchEvent(new Event('online'));
      await waiting;
      expect(importEntry.mock.calls.map(([url]) => url)).toEqual(['/assets/main-E.js', '/assets/main-E.js']);

      // A failure past the last try is the caller's.
      const broken = vi.fn(() => Promise.reject(new Error('gone')));
      const failed = importEntryAfterPicture(pageWithEntry('/assets/main-E.js'), Promise.resolve(false), {
        importEntry: broken,
      }).catch((error: Error) => error.message);
      await vi.advanceTimersByTimeAsync(200 + (ENTRY_RETRIES + 1) * ENTRY_RETRY_MS);
      expect(await failed).toBe('gone');
      expect(broken).toHaveBeenCalledTimes(ENTRY_RETRIES + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('imports it at once when the opening will not launch, and nothing when the page runs its entry itself', async () => {
    const importEntry = vi.fn(async () => undefined);
    await importEntryAfterPicture(pageWithEntry('/assets/main-E.js'), Promise.resolve(false), { importEntry });
    expect(importEntry).toHaveBeenCalledTimes(1);
    await importEntryAfterPicture(pageWithEntry(null), Promise.resolve(false), { importEntry });
    await importEntryAfterPicture(pageWithEntry('//elsewhere.test/x.js'), Promise.resolve(false), { importEntry });
    expect(importEntry).toHaveBeenCalledTimes(1);
  });
});
