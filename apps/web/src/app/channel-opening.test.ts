import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@playz/api-client';
import type { AdaptiveStream, Customer } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { recordingOpenings } from '@playz/player/testing';
import { createQueryClient } from '@playz/queries';
import { makeApp, makeChannel, makeContent, makeCustomer, makeAdaptiveStream, subscriber } from '@/test/fixtures';
import {
  LIVE_LAUNCHED_CLASS,
  PRESS_PICTURE_WAIT_MS,
  pressChannelLink,
  pressChannelOpening,
  startChannelOpening,
} from './channel-opening';
import { listenForOpeningPress } from './opening-intent';
import { appDataQuery, channelsQuery } from '@playz/queries';

// Decision 138: a first visit of a live channel's page (spec 2 §2 live channel player) asks its
// reads and its View stream from the entry, and plays the channel before the app's render.

/** The live edge's View stream (spec 2 §7 channel/{id}/url/adaptive, decision 022's window). */
const LIVE = makeAdaptiveStream('/live/GRANT/clips/ocean/live.mpd', { window: 'live' });

const airing = (rating: number, enabled = true) => ({
  scheduleID: 77,
  dateScheduled: new Date(Date.now() - 600_000).toISOString(),
  duration: 3600,
  content: makeContent(5132, { contentType: 'Programme', title: 'Cold case', rating, enabled }),
});

function setUp(
  options: {
    customer?: Customer;
    channels?: ReturnType<typeof makeChannel>[];
    schedules?: ReturnType<typeof airing>[];
    stream?: () => Promise<{ AdaptiveStream: AdaptiveStream }>;
    path?: string;
  } = {},
) {
  const channels = (options.channels ?? [makeChannel(4), makeChannel(5)]).map((channel) => ({
    ...channel,
    schedules: options.schedules ?? [airing(0)],
  }));
  const getData = vi.fn(async () => ({ App: makeApp(), Customer: options.customer ?? subscriber() }));
  const getChannels = vi.fn(async () => ({ Channels: channels }));
  const getChannelAdaptiveUrl = vi.fn(options.stream ?? (async () => ({ AdaptiveStream: LIVE })));
  const stopPlayback = vi.fn(async () => ({}));
  const api = { getData, getChannels, getChannelAdaptiveUrl, stopPlayback } as unknown as ApiClient;
  const queryClient = createQueryClient();
  const recording = recordingOpenings();
  const win = new EventTarget() as unknown as Window;
  const opening = startChannelOpening(
    options.path ?? '/channel/5/chaine-5',
    { api, queryClient },
    { openings: recording.openings, target: 'player_dash', win },
  );
  return { ...recording, opening, getData, getChannels, getChannelAdaptiveUrl, stopPlayback, queryClient, win };
}

const viewKey = (id: number) => ['channel', id, 'stream', 'View', 'player_dash', false];

describe('a first visit of a live channel’s page (decision 138; spec 2 §2 live channel player)', () => {
  it('spec 1 §4 /data and spec 2 §7 /channels: asked at once, side by side, before the app has rendered', () => {
    const { getData, getChannels, getChannelAdaptiveUrl } = setUp();
    expect(getData).toHaveBeenCalledTimes(1);
    expect(getChannels).toHaveBeenCalledTimes(1);
    // The View stream takes a device place (spec 1 §6): only once /data says who watches.
    expect(getChannelAdaptiveUrl).not.toHaveBeenCalled();
  });

  it('spec 2 §7 channel/{id}/url/adaptive: asks the page’s own View stream, prepares it under the key the page takes, and launches it on the live stage', async () => {
    const { getChannelAdaptiveUrl, prepared, openings, launched, opening } = setUp();
    await vi.waitFor(() => expect(prepared).toEqual(['channel:5']));
    expect(getChannelAdaptiveUrl).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: '5' }, query: { product_usage: 'View', target: 'player_dash' } }),
    );
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('channel:5', expect.any(Function)));
    expect(launched.className).toBe(LIVE_LAUNCHED_CLASS);
    // Its picture is there (the test's element never plays): the app may render.
    launched.dispatchEvent(new Event('pause'));
    await expect(opening!.pictureFirst).resolves.toBeUndefined();
  });

  it('spec 2 §7: the page’s own queries find /data, /channels and its stream without a second call', async () => {
    const { queryClient, prepared, getData, getChannels, getChannelAdaptiveUrl } = setUp();
    await vi.waitFor(() => expect(prepared).toEqual(['channel:5']));
    const page = new QueryObserver(queryClient, { queryKey: viewKey(5), staleTime: Infinity, gcTime: 0 });
    const stop = page.subscribe(() => {});
    expect(page.getCurrentResult().data).toEqual(LIVE);
    expect(queryClient.getQueryData(['data'])).toMatchObject({ Customer: { logged: true } });
    expect(queryClient.getQueryData(['channels'])).toHaveLength(2);
    expect([getData, getChannels, getChannelAdaptiveUrl].map((call) => call.mock.calls.length)).toEqual([1, 1, 1]);
    stop();
  });

  it('spec 2 §2: /channels plays the first channel, as the page does', async () => {
    const { prepared } = setUp({ path: '/channels' });
    await vi.waitFor(() => expect(prepared).toEqual(['channel:4']));
  });

  it('spec 2 §2: an unknown channel’s id falls back to the first channel, as the page does', async () => {
    const { prepared } = setUp({ path: '/channel/999' });
    await vi.waitFor(() => expect(prepared).toEqual(['channel:4']));
  });

  it('asks nothing on pages that are not a channel’s', () => {
    const api = { getData: vi.fn(), getChannels: vi.fn() } as unknown as ApiClient;
    for (const path of ['/', '/content/1001/l-ete-indien', '/channel/5/a/b', '/channel/x', '/replay'])
      expect(startChannelOpening(path, { api, queryClient: createQueryClient() })).toBeNull();
    expect(api.getData).not.toHaveBeenCalled();
  });

  it.each([
    ['a visitor (spec 2 §4: a preview is the page’s to start)', { customer: makeCustomer() }],
    [
      'a subscriber whose access does not play live (spec 2 §4)',
      { customer: subscriber({ productAccess: ['video'] }) },
    ],
    ['a channel whose encoder is down (decision 022)', { channels: [makeChannel(5, { streamState: 'down' })] }],
    [
      'a programme on air that asks the parental code (spec 1 §6, decision 064)',
      { customer: subscriber({ hasParentalCode: true, parentalThreshold: 16 }), schedules: [airing(16)] },
    ],
    ['a disabled programme on air (spec 2 §2: muted, with its message)', { schedules: [airing(0, false)] }],
  ])('asks no stream and plays nothing for %s: the page starts the usual way', async (_name, options) => {
    const { getChannelAdaptiveUrl, prepared, opening, getChannels } = setUp(options);
    await opening!.pictureFirst;
    expect(getChannels).toHaveBeenCalledTimes(1);
    expect(getChannelAdaptiveUrl).not.toHaveBeenCalled();
    expect(prepared).toEqual([]);
  });

  it('spec 1 §6 devices limit: a refused stream prepares nothing, and the page’s query holds the refusal to show', async () => {
    const refusal = new ApiError(
      ApiErrorNumber.Forbidden,
      'Devices limit reached',
      403,
      '/channel/5/url/adaptive',
      'DevicesLimitReached',
    );
    const { prepared, opening, queryClient } = setUp({
      stream: async () => {
        throw refusal;
      },
    });
    await opening!.pictureFirst;
    expect(prepared).toEqual([]);
    expect(queryClient.getQueryState(viewKey(5))?.status).toBe('error');
  });

  it('decision 022: a protected stream is not an opening (its licence is the player’s to ask)', async () => {
    const protectedLive = {
      ...LIVE,
      contentProtection: { keySystem: 'org.w3.clearkey', licenseUrl: '/drm/licence', certificateUrl: null },
    } as unknown as AdaptiveStream;
    const { prepared, opening, getChannelAdaptiveUrl } = setUp({
      stream: async () => ({ AdaptiveStream: protectedLive }),
    });
    await opening!.pictureFirst;
    expect(getChannelAdaptiveUrl).toHaveBeenCalledTimes(1);
    expect(prepared).toEqual([]);
  });

  it('spec 1 §6: a tab closed before the page rendered gives back the place its View took; once the page holds it, nothing', async () => {
    const first = setUp();
    await vi.waitFor(() => expect(first.prepared).toEqual(['channel:5']));
    first.win.dispatchEvent(new Event('pagehide'));
    expect(first.stopPlayback).toHaveBeenCalledWith({ keepalive: true });

    const second = setUp();
    await vi.waitFor(() => expect(second.prepared).toEqual(['channel:5']));
    const page = new QueryObserver(second.queryClient, { queryKey: viewKey(5), staleTime: Infinity, gcTime: 0 });
    const stop = page.subscribe(() => {});
    second.win.dispatchEvent(new Event('pagehide'));
    expect(second.stopPlayback).not.toHaveBeenCalled();
    stop();
  });
});

// Decision 140: a press on a channel's card in the app starts the channel at the press, as a first
// visit does, rather than after the page's render.
/** A press on channel 5's card in the app, its viewer and the channels' list cached (or not). */
function pressSetUp(
  options: {
    customer?: Customer;
    schedules?: ReturnType<typeof airing>[];
    stream?: () => Promise<{ AdaptiveStream: AdaptiveStream }>;
    cached?: boolean;
  } = {},
) {
  const getChannelAdaptiveUrl = vi.fn(options.stream ?? (async () => ({ AdaptiveStream: LIVE })));
  const api = { getChannelAdaptiveUrl, stopPlayback: vi.fn(async () => ({})) } as unknown as ApiClient;
  const queryClient = createQueryClient();
  // What the app holds before the press: /data, and the channels' list its card's focus read.
  if (options.cached ?? true) {
    queryClient.setQueryData(appDataQuery(api).queryKey, {
      App: makeApp(),
      Customer: options.customer ?? subscriber(),
    });
    queryClient.setQueryData(
      channelsQuery(api).queryKey,
      [makeChannel(4), makeChannel(5)].map((channel) => ({
        ...channel,
        schedules: options.schedules ?? [airing(0)],
      })),
    );
  }
  const recording = recordingOpenings();
  let here = '/';
  const services = { api, queryClient };
  const pressOptions = {
    openings: recording.openings,
    target: 'player_dash' as const,
    win: new EventTarget() as unknown as Window,
    here: () => here,
  };
  const pressed = (path = '/channel/5/chaine-5') => pressChannelOpening(path, services, pressOptions);
  return {
    ...recording,
    getChannelAdaptiveUrl,
    queryClient,
    services,
    options: pressOptions,
    pressed,
    go: (path: string) => (here = path),
  };
}

describe('a press on a link to a channel’s page (decision 140; spec 2 §2 live channel player)', () => {
  it('spec 2 §7 channel/{id}/url/adaptive: prepares the channel under the page’s key at the press, before the route changes, and launches it on the live stage on its View', async () => {
    const { pressed, prepared, openings, launched, getChannelAdaptiveUrl, go } = pressSetUp();
    expect(pressed()).not.toBeNull();
    // At once: the page's player, rendered next, finds it and takes it over.
    expect(prepared).toEqual(['channel:5']);
    expect(getChannelAdaptiveUrl).toHaveBeenCalledTimes(1);
    go('/channel/5/chaine-5');
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('channel:5', expect.any(Function)));
    expect(launched.className).toBe(LIVE_LAUNCHED_CLASS);
  });

  it('spec 2 §7: the page’s own query finds the press’s answer without a second call', async () => {
    const { pressed, queryClient, getChannelAdaptiveUrl } = pressSetUp();
    pressed();
    const page = new QueryObserver(queryClient, { queryKey: viewKey(5), staleTime: Infinity, gcTime: 0 });
    page.subscribe(() => {});
    await vi.waitFor(() => expect(page.getCurrentResult().data).toEqual(LIVE));
    expect(getChannelAdaptiveUrl).toHaveBeenCalledTimes(1);
  });

  it('spec 1 §6: a refused View (the devices limit) drops the opening, nothing launched; a viewer gone elsewhere launches nothing', async () => {
    const refusal = new ApiError(ApiErrorNumber.Forbidden, 'devices limit', 403, '/channel/5/url/adaptive', null);
    const refused = pressSetUp({ stream: () => Promise.reject(refusal) });
    refused.pressed();
    await vi.waitFor(() => expect(refused.openings.drop).toHaveBeenCalledWith('channel:5'));
    const gone = pressSetUp();
    gone.pressed();
    gone.go('/search');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gone.openings.launch).not.toHaveBeenCalled();
    expect(refused.openings.launch).not.toHaveBeenCalled();
  });

  it('decision 128: a press from a channel’s page (its side panel) is the page’s own zap, onto its standby: nothing prepared, nothing asked', () => {
    const { pressed, go, prepared, getChannelAdaptiveUrl } = pressSetUp();
    go('/channel/4/chaine-4');
    expect(pressed()).toBeNull();
    go('/channels');
    expect(pressed()).toBeNull();
    expect(prepared).toEqual([]);
    expect(getChannelAdaptiveUrl).not.toHaveBeenCalled();
  });

  it('leaves the press to the page: nothing cached yet, a visitor, a programme asking the code, /channels, another page', () => {
    const cases = [
      pressSetUp({ cached: false }).pressed(),
      pressSetUp({ customer: makeCustomer() }).pressed(),
      pressSetUp({
        customer: subscriber({ hasParentalCode: true, parentalThreshold: 16 }),
        schedules: [airing(16)],
      }).pressed(),
      pressSetUp().pressed('/channels'),
      pressSetUp().pressed('/channel/99/nope'),
      pressSetUp().pressed('/content/1001/l-ete-indien'),
    ];
    expect(cases).toEqual([null, null, null, null, null, null]);
  });
});

describe('a channel press holds its click until the channel’s picture (decision 143; spec 2 §2 live channel player)', () => {
  /**
   * Channel 5's card on the page, its clicks heard as the app hears them (`listenForOpeningPress`
   * before the router), and a router that records the clicks it is given.
   */
  function holdSetUp(options: Parameters<typeof pressSetUp>[0] = {}) {
    const press = pressSetUp(options);
    const card = linkTo('/channel/5/chaine-5');
    const routed: HTMLAnchorElement[] = [];
    const router = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a');
      if (link && !event.defaultPrevented) routed.push(link);
      event.preventDefault();
    };
    document.body.addEventListener('click', router);
    const stop = listenForOpeningPress(document, (pathname, click) =>
      pressChannelLink(pathname, press.services, press.options, click),
    );
    const done = () => {
      stop();
      document.body.removeEventListener('click', router);
      document.body.innerHTML = '';
    };
    return { ...press, card, routed, done };
  }

  function linkTo(path: string) {
    const link = document.createElement('a');
    link.href = path;
    document.body.append(link);
    return link;
  }

  const click = (link: HTMLAnchorElement) =>
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

  it('the router gets the click once the launched picture plays, once, though the card was pressed twice', async () => {
    const { card, routed, launched, openings, done } = holdSetUp();
    click(card);
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalledWith('channel:5', expect.any(Function)));
    click(card);
    expect(routed).toEqual([]);
    launched.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(routed).toEqual([card]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(routed).toEqual([card]);
    done();
  });

  it('spec 1 §6 devices limit: a refused View lets the click through at once, for the page to say why', async () => {
    const refusal = new ApiError(ApiErrorNumber.Forbidden, 'devices limit', 403, '/channel/5/url/adaptive', null);
    const { card, routed, openings, done } = holdSetUp({ stream: () => Promise.reject(refusal) });
    click(card);
    await vi.waitFor(() => expect(routed).toEqual([card]));
    expect(openings.drop).toHaveBeenCalledWith('channel:5');
    expect(openings.launch).not.toHaveBeenCalled();
    done();
  });

  it(`a picture that does not come holds the click ${PRESS_PICTURE_WAIT_MS} ms at most`, async () => {
    const { card, routed, done } = holdSetUp();
    click(card);
    expect(routed).toEqual([]);
    await vi.waitFor(() => expect(routed).toEqual([card]), { timeout: PRESS_PICTURE_WAIT_MS * 3 });
    done();
  });

  it('a card drawn again meanwhile is clicked in its place', async () => {
    const { card, routed, launched, openings, done } = holdSetUp();
    click(card);
    card.remove();
    const again = linkTo('/channel/5/chaine-5');
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalled());
    launched.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(routed).toEqual([again]));
    done();
  });

  it('another press drops the held one: its link is the router’s, the channel’s opening dropped and never clicked', async () => {
    const { card, routed, launched, openings, done } = holdSetUp();
    click(card);
    const search = linkTo('/search');
    click(search);
    expect(routed).toEqual([search]);
    expect(openings.drop).toHaveBeenCalledWith('channel:5');
    launched.dispatchEvent(new Event('playing'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(routed).toEqual([search]);
    done();
  });

  it('a viewer gone elsewhere during the hold (back) drops the opening, and the held click is not made', async () => {
    const { card, routed, launched, openings, done } = holdSetUp();
    const before = location.href;
    click(card);
    history.pushState(null, '', '/account');
    await vi.waitFor(() => expect(openings.launch).toHaveBeenCalled());
    launched.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(openings.drop).toHaveBeenCalledWith('channel:5'));
    expect(routed).toEqual([]);
    history.replaceState(null, '', before);
    done();
  });
});
