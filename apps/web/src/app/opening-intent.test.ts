import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import { LAUNCH_CHECK_MS, OPENING_DWELL_MS } from '@playz/player';
import { recordingOpenings } from '@playz/player/testing';
import { createQueryClient, queryKeys } from '@playz/queries';
import { createLinkOpeningIntent, LAUNCHED_CLASS, listenForOpeningPress } from './opening-intent';

// Decision 044 on the web: the links the viewer points at (the rules of an opening itself are
// tested with @playz/player's createOpeningIntent and @playz/queries' contentOpening).

function setUp(content: object = {}) {
  const getContent = vi.fn(async () => ({
    Content: { id: 1001, seriesID: null, contentType: 'Film', playbackTime: null, duration: 5400, ...content },
  }));
  const api = { getContent, getContentOpening: vi.fn() } as unknown as ApiClient;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appData, {
    Customer: { logged: true, hasFullAccess: true, productAccess: [], purchases: [] },
  });
  const { openings, prepared, launched } = recordingOpenings();
  return { opening: createLinkOpeningIntent({ api, queryClient }, openings), openings, prepared, getContent, launched };
}

describe('link opening intent (web)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a film’s page link gets its opening; a channel, a purchase confirmation or a series page none', async () => {
    const { opening, prepared, getContent } = setUp();
    for (const path of ['/channel/5', '/content/1001/purchased', '/series/3/s']) {
      opening.intent(path);
      await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    }
    expect(getContent).not.toHaveBeenCalled();
    opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared).toEqual(['1001@0']);
  });

  it('an episode’s page link gets its opening; its /content/ link none (that page is the episode route)', async () => {
    const { opening, prepared } = setUp({ id: 2001, contentType: 'Episode', seriesID: 7 });
    opening.intent('/content/2001/episode-1');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared).toEqual([]);
    opening.intent('/series/7/les-voisins/season/70/saison-1/episode/2001/episode-1');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(prepared).toEqual(['2001@0']);
  });

  it('the press plays it at once where the player’s stage will be, and stops it if that page did not open', async () => {
    const { opening, openings, launched } = setUp();
    launched.setAttribute('aria-hidden', 'true');
    launched.style.opacity = '0';
    opening.intent('/content/1001/l-ete-indien');
    await vi.advanceTimersByTimeAsync(OPENING_DWELL_MS);
    expect(opening.press('/channel/5')).toBe(false);
    expect(opening.press('/content/1001/l-ete-indien')).toBe(true);
    // Out of hiding, in the stage's place (player.css), in the accessibility tree.
    expect(launched.className).toBe(LAUNCHED_CLASS);
    expect(launched.getAttribute('style')).toBeNull();
    expect(launched.getAttribute('aria-hidden')).toBeNull();
    await vi.advanceTimersByTimeAsync(LAUNCH_CHECK_MS);
    // jsdom's location stayed where it was: the press opened nothing.
    expect(openings.drop).toHaveBeenCalledWith('1001@0');
  });
});

describe('a press on a channel’s link (decision 140)', () => {
  it('is the channel start’s once its chunk came with the link’s intent; before that, the page’s', async () => {
    const pressChannelLink = vi.fn(() => true);
    const load = vi.fn(async () => ({ pressChannelLink }));
    const { openings } = recordingOpenings();
    const services = { api: {} as ApiClient, queryClient: createQueryClient() };
    const opening = createLinkOpeningIntent(services, openings, load);
    expect(opening.press('/channel/5/mini-z')).toBe(false);
    opening.intent('/content/1001/l-ete-indien');
    expect(load).not.toHaveBeenCalled();
    opening.intent('/channel/5/mini-z');
    opening.intent('/channel/6/tempo');
    expect(load).toHaveBeenCalledTimes(1);
    const click = new MouseEvent('click');
    await vi.waitFor(() => expect(opening.press('/channel/5/mini-z', click)).toBe(true));
    // With the click, which the channel's start may hold until its picture (decision 143).
    expect(pressChannelLink).toHaveBeenCalledWith('/channel/5/mini-z', services, { openings }, click);
  });
});

describe('listenForOpeningPress', () => {
  it('hears a plain press on a link of the site, before the router, and no press that opens a new tab', () => {
    const pressed: string[] = [];
    const clicks: MouseEvent[] = [];
    const stop = listenForOpeningPress(document, (pathname, click) => {
      pressed.push(pathname);
      clicks.push(click);
    });
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
    expect(clicks[0]?.target).toBe(link.firstElementChild);
    document.body.innerHTML = '';
  });
});
