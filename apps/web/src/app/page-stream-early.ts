import type { AdaptiveStream } from '@playz/api-contract';
import { openings as pageOpenings, type Openings } from '@playz/player';
import { webCommonParams } from '@/lib/common-params';
import { streamTarget } from '@/lib/device';
import { keepEarlyPageStream, launchOnceSettled, markPageOpening, playsOpening } from './page-opening-start';

/*
 * The film page's first script's own part (decision 131): only first-picture.ts imports this
 * module, so the landing's graph does not carry it; what the entry reads of it (the answer, whether
 * it launched) is kept in page-opening-start.ts, which both share.
 */

/** The API's base path (`API_BASE_PATH` of @playz/api-contract, whose index this script does not load). */
export const API_BASE = '/api/1.2';

/**
 * The URL of the player page's own View stream (`getContentAdaptiveUrl` with the app's common
 * parameters, spec 1 §7, as `contentStreamQuery` asks it with no airing and no parental proof:
 * a first visit holds none).
 */
export function pageStreamUrl(contentId: string, target: string, params: object = webCommonParams()): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, product_usage: 'View', target })) {
    if (value === undefined || value === null) continue;
    search.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return `${API_BASE}/content/${encodeURIComponent(contentId)}/url/adaptive?${search}`;
}

/**
 * The film page's first script asks the page's own View stream (decision 131): the same call the
 * entry would make once its whole graph is evaluated (decision 120), made a few hundred ms sooner.
 * The answer takes the device place (spec 1 §6) as before; the entry's query takes the answer
 * (`takeEarlyPageStream`), so there is still one `/url/adaptive` call per visit. When it grants
 * the View, the opening is launched here once its first frame is decoded, where the page's stage
 * will be, while the viewer is still on the page (decision 044/111: only on the View grant).
 */
export function askPageStreamEarly(
  doc: Document,
  opening: { key: string; contentId: string },
  options: {
    openings?: Openings;
    target?: string;
    fetchImpl?: typeof fetch;
    stillHere?: () => boolean;
  } = {},
): Promise<AdaptiveStream | null> {
  const openings = options.openings ?? pageOpenings;
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  markPageOpening('view-asked');
  const answer = doFetch(pageStreamUrl(opening.contentId, options.target ?? streamTarget()), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((reply) => reply.json() as Promise<{ Error?: { Number?: number }; Response?: { AdaptiveStream?: unknown } }>)
    .then((envelope) =>
      envelope?.Error?.Number === 0
        ? ((envelope.Response?.AdaptiveStream as AdaptiveStream | undefined) ?? null)
        : null,
    )
    .catch(() => null);
  keepEarlyPageStream(doc, opening.contentId, answer);
  void answer.then((data) => {
    if (!playsOpening(data)) return;
    launchOnceSettled(openings, opening.key, options.stillHere);
  });
  return answer;
}
