import type { Page } from 'playwright-core';

/** The route table and dialog names as the /test page lists them (spec 1 §2), read from its links. */
export interface ListedRoutes {
  /** Route patterns ('/content/:contentId/:slug') with the sample href /test gives each. */
  pages: { pattern: string; href: string }[];
  /** Dialog routes ('/customer/login') and markers ('logout-confirm'), without their '#'. */
  dialogs: string[];
  markers: string[];
}

export async function readTestPage(page: Page): Promise<ListedRoutes> {
  await page.goto('/test');
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  const linksIn = (section: string) =>
    main
      .locator(`section[aria-labelledby="${section}"] a`)
      .evaluateAll((links) => links.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
  const pages = (await linksIn('test-pages')).map(({ text, href }) => ({ pattern: text, href }));
  const names = async (section: string) => (await linksIn(section)).map(({ text }) => text.replace(/^#/, ''));
  return { pages, dialogs: await names('test-dialogs'), markers: await names('test-markers') };
}

const matcherOf = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
const depthOf = (pattern: string) => pattern.split('/').length;

/**
 * Fixed paths first, then parameterised ones from the shortest: by the time a season or an
 * episode route comes, the pages before it have shown real links to one.
 */
export function visitOrder(pages: ListedRoutes['pages']) {
  const isFixed = (pattern: string) => !pattern.includes(':');
  return [...pages].sort(
    (a, b) => Number(isFixed(b.pattern)) - Number(isFixed(a.pattern)) || depthOf(a.pattern) - depthOf(b.pattern),
  );
}

/**
 * A path to visit for a route: a real one the app linked to on an earlier screen (an existing
 * content, series, episode), else one of `samples` (routes no screen links to), else the sample
 * path /test gives, which shows whatever the app shows for an unknown id.
 */
export function pathFor(
  route: { pattern: string; href: string },
  seen: Set<string>,
  samples: Record<string, string> = {},
): string {
  if (!route.pattern.includes(':')) return route.pattern;
  const matcher = matcherOf(route.pattern);
  return [...seen].find((path) => matcher.test(path)) ?? samples[route.pattern] ?? route.href;
}

/**
 * Adds the pathnames of the page's links to the service (cards, menus, tabs) to `seen`, with
 * their parent paths: an episode link also gives its season's path. The /test page's own links
 * are sample paths with made-up ids, not real ones: they are left out.
 */
export async function collectLinks(page: Page, seen: Set<string>) {
  if (new URL(page.url()).pathname === '/test') return;
  const paths = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const path of paths) {
    const segments = path.split('/');
    for (let end = 2; end <= segments.length; end++) seen.add(segments.slice(0, end).join('/'));
  }
}
