import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import { queryKeys } from '@playz/queries';
import { listenForNavigationIntent, prefetchPageData } from './navigation-intent';

// Decision 033 addendum: a player page's code and first read load while the viewer points at or
// focuses its link (spec 2 §2, the content player opened from a card), not after the click.

function addLink(href: string): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = href;
  link.innerHTML = '<span class="card-title">L’été indien</span>';
  document.body.append(link);
  return link;
}

describe('navigation intent', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('reports a link’s path once, whether pointed at (from a child) or focused', () => {
    const seen: string[] = [];
    stop = listenForNavigationIntent(document, (pathname) => seen.push(pathname));
    const film = addLink('/content/1001/l-ete-indien');
    const channel = addLink('/channel/5');
    film.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    film.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    channel.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(seen).toEqual(['/content/1001/l-ete-indien', '/channel/5']);
  });

  it('ignores links to other sites and anything that is not a link', () => {
    const seen: string[] = [];
    stop = listenForNavigationIntent(document, (pathname) => seen.push(pathname));
    addLink('https://www.example.org/content/1001/x').dispatchEvent(new Event('pointerover', { bubbles: true }));
    const button = document.createElement('button');
    document.body.append(button);
    button.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(seen).toEqual([]);
  });

  it('stops listening when asked', () => {
    const seen: string[] = [];
    listenForNavigationIntent(document, (pathname) => seen.push(pathname))();
    addLink('/content/1001/l-ete-indien').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(seen).toEqual([]);
  });
});

describe('prefetchPageData', () => {
  /** An API client that answers GET /content/{id} and fails the test on any other call. */
  function contentOnlyApi() {
    const getContent = vi.fn(async ({ params }: { params: { id: string } }) => ({
      Content: { id: Number(params.id), title: 'L’été indien' },
    }));
    const api = new Proxy({ getContent } as object, {
      get(target, name) {
        if (name === 'getContent') return getContent;
        throw new Error(`unexpected API call: ${String(name)}`);
      },
    }) as unknown as ApiClient;
    return { api, getContent };
  }

  it('asks for a content page’s content (spec 2 §7 GET /content/{id}) into the page’s own query', async () => {
    const { api, getContent } = contentOnlyApi();
    const queryClient = new QueryClient();
    prefetchPageData('/content/1001/l-ete-indien', { api, queryClient });
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.content('1001'))).toBeDefined());
    expect(getContent).toHaveBeenCalledTimes(1);
    expect(getContent.mock.calls[0]![0].params).toEqual({ id: '1001' });
    expect(queryClient.getQueryData(queryKeys.content('1001'))).toEqual({ id: 1001, title: 'L’été indien' });
  });

  it('never asks for a stream URL (a device place, decision 018) nor anything for other pages', async () => {
    const { api, getContent } = contentOnlyApi();
    const queryClient = new QueryClient();
    for (const path of ['/channel/5', '/series/3/s', '/content/abc/x', '/content/1001/purchased/more', '/'])
      prefetchPageData(path, { api, queryClient });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getContent).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
