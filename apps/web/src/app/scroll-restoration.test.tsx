import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { createTestRouter } from '@/test/test-router';
import { ScrollRestoration } from './scroll-restoration';

/** The page's vertical scroll, as jsdom (no layout) cannot keep it. */
let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => void (scrollY = y));

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});
afterEach(() => vi.restoreAllMocks());

function Page() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <main>
      <h1>{location.pathname}</h1>
      <Link to="/series">series</Link>
      <Link to="/series#episodes">episodes</Link>
      <button type="button" onClick={() => void navigate('/series/season-2', { preventScrollReset: true })}>
        season 2
      </button>
      <section id="episodes">episodes of {location.pathname}</section>
    </main>
  );
}

function renderPages(path = '/') {
  const { element, router } = createTestRouter(
    path,
    <>
      <Page />
      <ScrollRestoration />
    </>,
  );
  render(element);
  return router;
}

/** Where the page was scrolled to last; `null` if the navigation left the scroll as it was. */
const lastScroll = () => scrollTo.mock.calls.at(-1)?.[1] ?? null;

describe("the scroll on a navigation, as react-router's ScrollRestoration (decision 132)", () => {
  it('opens a new page at the top', () => {
    renderPages();
    scrollY = 900;
    fireEvent.click(screen.getByRole('link', { name: 'series' }));
    expect(screen.getByRole('heading', { name: '/series' })).toBeInTheDocument();
    expect(lastScroll()).toBe(0);
  });

  it('brings back the position a page had on back and forward', async () => {
    const router = renderPages();
    scrollY = 900;
    fireEvent.click(screen.getByRole('link', { name: 'series' }));
    scrollY = 300;
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { name: '/' })).toBeInTheDocument();
    expect(lastScroll()).toBe(900);
    await act(() => router.navigate(1));
    expect(screen.getByRole('heading', { name: '/series' })).toBeInTheDocument();
    expect(lastScroll()).toBe(300);
  });

  it("shows the element a new page's hash names", () => {
    const scrolledIntoView: string[] = [];
    // jsdom has no scrollIntoView.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledIntoView.push(this.textContent ?? '');
    };
    onTestFinished(() => void delete (Element.prototype as Partial<Element>).scrollIntoView);
    renderPages();
    scrollY = 900;
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'episodes' }));
    expect(scrolledIntoView).toEqual(['episodes of /series']);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the scroll when the navigation asks to (preventScrollReset, a series season tab)', () => {
    renderPages('/series');
    scrollY = 900;
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'season 2' }));
    expect(screen.getByRole('heading', { name: '/series/season-2' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('saves the positions for a reload as the page is left (pagehide)', () => {
    const router = renderPages('/series');
    const key = router.state.location.key;
    scrollY = 450;
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}')).toMatchObject({ [key]: 450 });
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
