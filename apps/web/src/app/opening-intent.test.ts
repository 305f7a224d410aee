import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import type { OpeningSource, Openings } from '@playz/player';
import { createQueryClient, queryKeys } from '@playz/queries';
import {
  createOpeningIntent,
  LAUNCH_CHECK_MS,
  LAUNCHED_CLASS,
  listenForOpeningPress,
  OPENING_DWELL_MS,
} from './opening-intent';

// Decision 044: a card the viewer stays on gets its opening (spec 2 §4 resume point, access to play).

const subscriber = { logged: true, hasFullAccess: true, productAccess: [], purchases: [] };
const visitor = { logged: false, hasFullAccess: false, productAccess: [], purchases: [] };

function setUp(options: { customer?: object; content?: object } = {}) {
  const content = { id: 1001, seriesID: null, contentType: 'Film', playbackTime: null, duration: 5400 };
  const getContent = vi.fn(async () => ({ Content: { ...content, ...options.content } }));
  const getContentOpening = vi.fn(async () => ({
    AdaptiveStream: { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' },
  }));
  const api = { getContent, getContentOpening } as unknown as ApiClient;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appData, { Customer: options.customer ?? subscriber });
  const prepared: { key: string; source: () => Promise<OpeningSource | null> }[] = [];
  const openings: Openings = {
    prepare: (key, source) => void prepared.push({ key, source }),
    launch: () => false,
    take: () => null,
    drop: vi.fn(),
  };
  const launch = vi.fn((_key: string, place: (video: HTMLVideoElement) => void) => {
    place(launched);
    return true;
  });
  const launched = document.createElement('video');
  openings.launch = launch;
  const opening = createOpeningIntent({ api, queryClient }, openings);
  return { intent: opening.intent, opening, openings, prepared, getContent, getContentOpening, launch, launched };
}

describe('opening intent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prepares the opening of the card the viewer stays on, and only that one', async () => {
    const { intent, prepared, getContentOpening } = setUp();
    intent('/content/1002/le-passage');
    vi.advanceTimersByTime(OPENING_DWELL_MS / 2);
    intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared.map((entry) => entry.key)).toEqual(['1001@0']);
    // The opening itself is asked only when the openings start it.
    expect(getContentOpening).not.toHaveBeenCalled();
    const opened = await prepared[0]!.source();
    expect(getContentOpening).toHaveBeenCalledWith({ params: { id: '1001' }, query: { target: 'player_dash' } });
    expect(opened).toEqual({
      stream: { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' },
      startTime: undefined,
    });
  });

  it('opens where the viewer would resume (spec 2 §4), the key the player page will ask for', async () => {
    const { intent, prepared } = setUp({ content: { playbackTime: 754 } });
    intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared.map((entry) => entry.key)).toEqual(['1001@754']);
    expect((await prepared[0]!.source())?.startTime).toBe(754);
  });

  it('prepares nothing for a visitor, an episode, a programme or a page that does not play', async () => {
    for (const setup of [
      setUp({ customer: visitor }),
      setUp({ content: { seriesID: 7 } }),
      setUp({ content: { contentType: 'Programme' } }),
    ]) {
      setup.intent('/content/1001/l-ete-indien');
      await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
      expect(setup.prepared).toEqual([]);
    }
    const { intent, prepared, getContent } = setUp();
    for (const path of ['/channel/5', '/content/1001/purchased', '/series/3/s']) intent(path);
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared).toEqual([]);
    expect(getContent).not.toHaveBeenCalled();
  });

  it('a press on the card plays its opening at once where the player’s stage will be; another card’s press does nothing', async () => {
    const { opening, launch, launched } = setUp();
    launched.setAttribute('aria-hidden', 'true');
    launched.style.opacity = '0';
    opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(opening.press('/content/1002/le-passage')).toBe(false);
    expect(launch).not.toHaveBeenCalled();
    expect(opening.press('/content/1001/l-ete-indien')).toBe(true);
    expect(launch).toHaveBeenCalledWith('1001@0', expect.any(Function));
    // Out of hiding, in the stage's place (player.css), in the accessibility tree.
    expect(launched.className).toBe(LAUNCHED_CLASS);
    expect(launched.getAttribute('style')).toBeNull();
    expect(launched.getAttribute('aria-hidden')).toBeNull();
  });

  it('a press stops an opening still waiting for its dwell or reading its content (a tap is quicker)', async () => {
    const { opening, prepared } = setUp();
    opening.intent('/content/1001/l-ete-indien');
    opening.press('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS * 2);
    expect(prepared).toEqual([]);
    // Pressed while its content was being read.
    const slow = setUp();
    let answer: (value: unknown) => void = () => {};
    const reading = new Promise((resolve) => (answer = resolve));
    slow.getContent.mockImplementationOnce(async () => {
      await reading;
      return { Content: { id: 1001, seriesID: null, contentType: 'Film', playbackTime: null, duration: 5400 } };
    });
    slow.opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    slow.opening.press('/content/1001/l-ete-indien');
    answer(null);
    await vi.advanceTimersByTimeAsync(10);
    expect(slow.prepared).toEqual([]);
  });

  it('a launched opening whose page did not open stops', async () => {
    const { opening, openings } = setUp();
    opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(opening.press('/content/1001/l-ete-indien')).toBe(true);
    await vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS);
    // jsdom's location stayed where it was: the press opened nothing.
    expect(openings.drop).toHaveBeenCalledWith('1001@0');
  });

  it('going back or forward stops what was launched or prepared', async () => {
    const { opening, launch } = setUp();
    opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    opening.cancel();
    expect(opening.press('/content/1001/l-ete-indien')).toBe(false);
    expect(launch).not.toHaveBeenCalled();
  });
});

describe('listenForOpeningPress', () => {
  it('hears a plain press on a link of the site, before the router, and no press that opens a new tab', () => {
    const pressed: string[] = [];
    const stop = listenForOpeningPress(document, (pathname) => pressed.push(pathname));
    const link = document.createElement('a');
    link.href = '/content/1001/l-ete-indien';
    link.innerHTML = '<img alt="">';
    document.body.append(link);
    link.firstElementChild!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    const away = document.createElement('a');
    away.href = 'https://www.example.org/content/1001/x';
    document.body.append(away);
    away.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    stop();
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(pressed).toEqual(['/content/1001/l-ete-indien']);
    document.body.innerHTML = '';
  });
});
