import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import { createQueryClient, queryKeys } from '@playz/queries';
import { listenForNavigationIntent, POINTER_DWELL_MS, prefetchPageData } from './navigation-intent';

// Decision 033 addendum: a player page's code and first read load while the viewer points at or
// focuses its link (spec 2 §2, the content player opened from a card), not after the click.

function addLink(href: string): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = href;
  link.innerHTML = '<span class="card-title">L’été indien</span>';
  document.body.append(link);
  return link;
}
const pointAt = (element: Element) => element.dispatchEvent(new Event('pointerover', { bubbles: true }));
const focus = (element: Element) => element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));

describe('navigation intent', () => {
  let stop: () => void = () => {};
  let seen: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    stop = listenForNavigationIntent(document, (pathname) => seen.push(pathname));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('a focused link (keyboard, remote) at once; a pointer once it has rested on the link', () => {
    const film = addLink('/content/1001/l-ete-indien');
    const channel = addLink('/channel/5');
    focus(channel);
    expect(seen).toEqual(['/channel/5']);
    pointAt(film.firstElementChild!);
    vi.advanceTimersByTime(POINTER_DWELL_MS - 1);
    expect(seen).toEqual(['/channel/5']);
    // Moving within the same link does not start the wait again.
    pointAt(film);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['/channel/5', '/content/1001/l-ete-indien']);
  });

  it('a pointer sweeping across a row means only the link it stops on', () => {
    const links = ['/content/1/a', '/content/2/b', '/content/3/c'].map(addLink);
    for (const link of links) {
      pointAt(link);
      vi.advanceTimersByTime(POINTER_DWELL_MS / 2);
    }
    vi.advanceTimersByTime(POINTER_DWELL_MS);
    expect(seen).toEqual(['/content/3/c']);
    // Leaving a link for the page around it cancels the wait.
    pointAt(links[0]!);
    pointAt(document.body);
    vi.advanceTimersByTime(POINTER_DWELL_MS * 2);
    expect(seen).toEqual(['/content/3/c']);
  });

  it('a mouse means a link once it moves on it, once: not a link the page puts under a resting mouse', () => {
    const film = addLink('/content/1001/l-ete-indien');
    const mouse = (type: string) => new PointerEvent(type, { bubbles: true, pointerType: 'mouse' });
    // A banner closed under the resting mouse: the card now under it was not chosen.
    film.dispatchEvent(mouse('pointerover'));
    vi.advanceTimersByTime(POINTER_DWELL_MS * 2);
    expect(seen).toEqual([]);
    film.dispatchEvent(mouse('pointermove'));
    vi.advanceTimersByTime(POINTER_DWELL_MS);
    expect(seen).toEqual(['/content/1001/l-ete-indien']);
    // Moving on over the same card says nothing new; leaving it and coming back does.
    film.dispatchEvent(mouse('pointermove'));
    vi.advanceTimersByTime(POINTER_DWELL_MS * 2);
    expect(seen).toHaveLength(1);
    document.body.dispatchEvent(mouse('pointermove'));
    film.dispatchEvent(mouse('pointermove'));
    vi.advanceTimersByTime(POINTER_DWELL_MS);
    expect(seen).toHaveLength(2);
  });

  it('ignores links to other sites and anything that is not a link, and stops when asked', () => {
    pointAt(addLink('https://www.example.org/content/1001/x'));
    const button = document.createElement('button');
    document.body.append(button);
    focus(button);
    vi.advanceTimersByTime(POINTER_DWELL_MS * 2);
    expect(seen).toEqual([]);
    stop();
    focus(addLink('/content/1001/l-ete-indien'));
    expect(seen).toEqual([]);
  });
});

describe('prefetchPageData', () => {
  /** An API client that answers GET /content/{id} and records any other call it is asked. */
  function contentOnlyApi() {
    const getContent = vi.fn(async ({ params }: { params: { id: string } }) => ({
      Content: { id: Number(params.id), title: 'L’été indien' },
    }));
    const unexpected: string[] = [];
    const api = new Proxy({} as object, {
      get(_target, name) {
        if (name === 'getContent') return getContent;
        unexpected.push(String(name));
        return vi.fn(async () => ({}));
      },
    }) as unknown as ApiClient;
    return { api, getContent, unexpected };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('asks for a content page’s content (spec 2 §7 GET /content/{id}) into the page’s own query, and nothing else', async () => {
    const { api, getContent, unexpected } = contentOnlyApi();
    const queryClient = createQueryClient();
    prefetchPageData('/content/1001/l-ete-indien', { api, queryClient });
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.content('1001'))).toBeDefined());
    expect(getContent).toHaveBeenCalledTimes(1);
    expect(getContent.mock.calls[0]![0].params).toEqual({ id: '1001' });
    expect(queryClient.getQueryData(queryKeys.content('1001'))).toEqual({ id: 1001, title: 'L’été indien' });
    // No stream URL (a device place, decision 018), no other read.
    expect(unexpected).toEqual([]);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.content('1001')]);
    // Still fresh for the app's query client: a second intent asks nothing.
    prefetchPageData('/content/1001/l-ete-indien', { api, queryClient });
    await settle();
    expect(getContent).toHaveBeenCalledTimes(1);
  });

  it('asks a channel page’s list of channels (spec 2 §7 GET /channels) into the page’s own query, never its stream (decision 138)', async () => {
    const getChannels = vi.fn(async () => ({ Channels: [{ channelID: 5 }] }));
    const asked: string[] = [];
    const api = new Proxy({} as object, {
      get(_target, name) {
        asked.push(String(name));
        return getChannels;
      },
    }) as unknown as ApiClient;
    const queryClient = createQueryClient();
    for (const path of ['/channel/5/mini-z', '/channel/5', '/channels']) prefetchPageData(path, { api, queryClient });
    await vi.waitFor(() => expect(queryClient.getQueryData(['channels'])).toEqual([{ channelID: 5 }]));
    // Asked once (the list stays fresh 10 s), and nothing else: no stream URL, no device place.
    expect(asked).toEqual(['getChannels']);
  });

  it('asks nothing for pages that are not a player’s (a purchase confirmation, a series)', async () => {
    const { api, getContent, unexpected } = contentOnlyApi();
    const queryClient = createQueryClient();
    for (const path of ['/channel/x', '/series/3/s', '/content/abc/x', '/content/1001/purchased', '/'])
      prefetchPageData(path, { api, queryClient });
    await settle();
    expect(getContent).not.toHaveBeenCalled();
    expect(unexpected).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
