import type { FastifyInstance } from 'fastify';
import { endpoints, type Content } from '@playz/api-contract';
import type { CustomerAuth } from '../../lib/access';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AccountsService } from '../accounts';
import type { PlaybackService } from './playback.service';
import { accessOfCustomer } from './customer-access';
import { parentalGateOf } from './parental-gate';
import { createParentalProofs } from '../../sessions/parental-proof';
import type { StreamCalls } from './stream-calls';

/**
 * Openings (decision 044), counted per customer (a new log-in is no new count). A customer may
 * ask OPENING_CONTENT_RULE.max of one content in ten minutes, unless they then play it with a
 * device place (its View stream clears the count): at four segments at most each, a film cannot be
 * watched through openings. Pointing at many cards is browsing; OPENING_CUSTOMER_RULE only bounds
 * a client that hammers.
 */
export const OPENING_CONTENT_RULE: RateLimitRule = { max: 3, windowMs: 10 * 60_000 };
export const OPENING_CUSTOMER_RULE: RateLimitRule = { max: 30, windowMs: 60_000 };
/**
 * A View stream clears a count that has openings in it at most twice per window (decision 044
 * addendum): any device holding the account's place could otherwise clear it at will, and a
 * device refused its place watched the film in openings.
 */
export const OPENING_CLEAR_RULE: RateLimitRule = { max: 2, windowMs: OPENING_CONTENT_RULE.windowMs };
const openingCountKey = (customerId: number, rawId: string) =>
  `opening:${customerId}:${/^\d{1,15}$/.test(rawId) ? Number(rawId) : rawId}`;

/** The counts an opening is asked under, per customer: all openings, and this content's. */
export const openingChecks = (customerId: number, rawId: string) => [
  { key: `opening:${customerId}`, rule: OPENING_CUSTOMER_RULE },
  { key: openingCountKey(customerId, rawId), rule: OPENING_CONTENT_RULE },
];

/**
 * Who asks (null for a visitor), their product access (none for a visitor) and what their
 * parental code asks of a rated content, with the proof the call carries (decision 059).
 */
export function createViewerOf(deps: {
  accounts: Pick<AccountsService, 'customerById'>;
  proofs: ReturnType<typeof createParentalProofs>;
  now?: (() => Date) | undefined;
}) {
  return async (caller: CustomerAuth | null, parentalProof?: string) => {
    const customer = caller ? await deps.accounts.customerById(caller.customerId) : null;
    // One instant, the app's, for the proof and the purchases' validity alike.
    const now = deps.now?.() ?? new Date();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const parental = parentalGateOf(customer, caller, parentalProof, { proofs: deps.proofs, nowSeconds });
    return { access: accessOfCustomer(customer, now), customer: caller, parental };
  };
}

export function registerPlaybackRoutes(
  app: FastifyInstance,
  deps: {
    playback: PlaybackService;
    streamCalls: StreamCalls;
    accounts: AccountsService;
    limiter: RateLimiter;
    /** The content a list plays now, with the viewer's progress (the catalogue's, decision 057). */
    listItemToPlay(rawId: string, viewer: CustomerAuth | null, contentId?: number): Promise<Content>;
    checkResponses: boolean;
    now?: () => Date;
  },
) {
  const opts = { checkResponses: deps.checkResponses };
  const { urls, downloads } = deps.streamCalls;
  // Proofs of the parental code are checked with the key the accounts sign them with (decision 059).
  const proofs = createParentalProofs(app.streamSecret);
  const viewer = createViewerOf({ accounts: deps.accounts, proofs, now: deps.now });

  /** A content's View or Preview stream, the players' own call (/content/ or /content-list/). */
  const adaptiveStream = async (
    rawId: string,
    caller: CustomerAuth | null,
    query: {
      product_usage?: 'View' | 'Preview';
      target?: string;
      drm_provider?: string;
      schedule_id?: number;
      parental_proof?: string;
    },
  ) => {
    const AdaptiveStream = await deps.playback.getAdaptiveStream({
      rawId,
      usage: query.product_usage ?? 'View',
      target: query.target,
      ...(await viewer(caller, query.parental_proof)),
      scheduleId: query.schedule_id,
      drmProvider: query.drm_provider,
      // The players' own call: a preview is the ladder's first segments (decision 022).
      preview: 'segments',
    });
    // Playing it with a place: the openings asked of it were the viewer choosing (decision 044).
    if (AdaptiveStream.usage === 'View' && caller) {
      const key = openingCountKey(caller.customerId, rawId);
      const asked = (await deps.limiter.count(key, OPENING_CONTENT_RULE)) > 0;
      if (asked && (await deps.limiter.hit(`${key}:cleared`, OPENING_CLEAR_RULE)).allowed)
        await deps.limiter.reset(key);
    }
    return AdaptiveStream;
  };
  registerEndpoint(
    app,
    endpoints.getContentAdaptiveUrl,
    async ({ auth, params, query }) => ({ AdaptiveStream: await adaptiveStream(params.id, auth.customer, query) }),
    opts,
  );

  // spec 2 §7 /content-list/{id}/url/adaptive and /url: a list plays as one (decision 057), its
  // stream is the content the viewer is at, under that content's entitlement and device place.
  registerEndpoint(
    app,
    endpoints.getContentListAdaptiveUrl,
    async ({ auth, params, query }) => {
      const Content = await deps.listItemToPlay(params.id, auth.customer, query.content_id);
      return { AdaptiveStream: await adaptiveStream(String(Content.contentID), auth.customer, query), Content };
    },
    opts,
  );

  // The first seconds of a content, before the press (decision 044): for a signed-in viewer only.
  registerEndpoint(
    app,
    endpoints.getContentOpening,
    async ({ auth, params, query }) => {
      const checks = openingChecks(auth.customerId, params.id);
      await countAttempts(deps.limiter, checks, (deps.now?.() ?? new Date()).getTime());
      const input = { rawId: params.id, target: query.target, ...(await viewer(auth)), customer: auth };
      return { AdaptiveStream: await deps.playback.getOpeningStream(input, query.start ?? 0) };
    },
    opts,
  );

  // spec 2 §7 /content/{id}/url, /url/tv, /url/formats (docs/decisions/023).
  const streamInput = async (
    id: string,
    query: { product_usage?: 'View' | 'Preview'; target?: string; parental_proof?: string },
    caller: CustomerAuth | null,
  ) => ({
    ...{ rawId: id, usage: query.product_usage ?? 'View', target: query.target },
    ...(await viewer(caller, query.parental_proof)),
  });
  /**
   * The content a list plays now (or `content_id`) and its stream's input: that content's own
   * entitlement, kids rule and parental proof (decision 057 addendum).
   */
  const listStreamInput = async (
    listId: string,
    query: Parameters<typeof streamInput>[1] & { content_id?: number },
    caller: CustomerAuth | null,
  ) => {
    const Content = await deps.listItemToPlay(listId, caller, query.content_id);
    return { Content, input: await streamInput(String(Content.contentID), query, caller) };
  };
  registerEndpoint(
    app,
    endpoints.getContentUrls,
    async ({ auth, params, query }) => ({
      ContentUrls: await urls.contentUrls(await streamInput(params.id, query, auth.customer)),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentListUrls,
    async ({ auth, params, query }) => {
      const { Content, input } = await listStreamInput(params.id, query, auth.customer);
      return { ContentUrls: await urls.contentUrls(input), Content };
    },
    opts,
  );
  // spec 2 §7 /content-list/{id}/url/tv and /url/formats: the content the list plays now, under
  // its own entitlement, kids rule and parental proof (decision 057 addendum).
  registerEndpoint(
    app,
    endpoints.getContentListTvUrl,
    async ({ auth, params, query }) => {
      const { Content, input } = await listStreamInput(params.id, query, auth.customer);
      return { ContentUrl: await urls.tvUrl(input), Content };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentListFormats,
    async ({ auth, params, query }) => {
      const { Content, input } = await listStreamInput(params.id, query, auth.customer);
      return { ...(await urls.formats(input)), Content };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentTvUrl,
    async ({ auth, params, query }) => ({
      ContentUrl: await urls.tvUrl(await streamInput(params.id, query, auth.customer)),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentFormats,
    async ({ auth, params, query }) => urls.formats(await streamInput(params.id, query, auth.customer)),
    opts,
  );

  // spec 2 §7 /content/{id}/download and /contents/download (docs/decisions/023).
  // A rated content's download takes the parental code's proof as its stream does (decision 059).
  const downloadInput = async (
    query: { product_usage?: 'View' | 'Download' | 'Preview'; quality?: string; parental_proof?: string },
    caller: CustomerAuth | null,
  ) => ({
    ...{ usage: query.product_usage ?? 'View', quality: query.quality ? Number(query.quality) : undefined },
    ...(await viewer(caller, query.parental_proof)),
  });
  registerEndpoint(
    app,
    endpoints.getContentDownload,
    async ({ auth, params, query }) => ({
      DownloadData: await downloads.getDownload({ rawId: params.id, ...(await downloadInput(query, auth.customer)) }),
    }),
    opts,
  );
  // spec 2 §7 /content-list/{id}/download: the content the list plays now (or content_id), one at
  // a time as it plays, with the parental code's proof of that content (decision 057 addendum).
  registerEndpoint(
    app,
    endpoints.getContentListDownload,
    async ({ auth, params, query }) => {
      const Content = await deps.listItemToPlay(params.id, auth.customer, query.content_id);
      const DownloadData = await downloads.getDownload({
        rawId: String(Content.contentID),
        ...(await downloadInput(query, auth.customer)),
      });
      return { DownloadData, Content };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContentsDownload,
    async ({ auth, query }) =>
      downloads.getDownloads({ contents: query.contents, ...(await downloadInput(query, auth.customer)) }),
    opts,
  );
}
