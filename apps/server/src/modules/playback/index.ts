import fp from 'fastify-plugin';
import type { Access } from '@playz/domain';
import { registerApiCalls, registerStreamRoutes } from '../../plugins/api-scope';
import type { CustomerAuth } from '../../lib/access';
import { createParentalProofs } from '../../sessions/parental-proof';
import { accessOfCustomer } from './customer-access';
import { registerDeviceLeaseRoutes } from './device-lease.routes';
import { createDevicePlaces } from './device-places';
import { registerMediaGrantRoute } from './media-grant.routes';
import { registerMediaRoutes } from './media.routes';
import { parentalGateOf, type ParentalGate } from './parental-gate';
import { createFirstSegments, createPageOpening, type PageOpeningStream } from './page-opening';
import { createViewerOf, registerPlaybackRoutes } from './playback.routes';
import { createPlaybackService, type PlaybackService } from './playback.service';
import { createStreamCalls } from './stream-calls';

export type { StreamRequest } from './playback.service';
export { assertParentalGate, type ParentalGate } from './parental-gate';

declare module 'fastify' {
  interface FastifyInstance {
    playback: {
      service: PlaybackService;
      /** Everything a customer may watch now (spec 3 §4 Access rules). */
      accessOf(customerId: number): Promise<Access[]>;
      /** The same for a request's session; none for a visitor. */
      accessOfSession(session: { id: string; customerId: number } | null): Promise<readonly Access[]>;
      /**
       * What the caller's parental code asks of a rated content or programme, with the proof the
       * call carries (decision 059); none for a visitor or an account without a code. The live
       * channel's stream asks it of the programme on air (decision 064).
       */
      parentalGateOf(caller: CustomerAuth | null, proof: string | undefined): Promise<ParentalGate | null>;
      /**
       * A content's opening for its player page's HTML (decisions 044 and 111): the grant of
       * `/url/opening`, under its counts, or null when the viewer may not have one.
       */
      /**
       * Who asks, read once: their product access and what their parental code asks (with the
       * proof a call carries, decision 059). A page's stand-in (decision 139) needs both.
       */
      viewerOf(
        caller: CustomerAuth,
        proof?: string,
      ): Promise<{ access: readonly Access[]; parental: ParentalGate | null }>;
      pageOpening(
        caller: CustomerAuth,
        rawId: string,
        target: string,
        startSeconds: number,
      ): Promise<PageOpeningStream | null>;
    };
  }
}

/**
 * Playback (spec 2 §4, §7): content streams and their URLs, formats, downloads (decision 023), the
 * devices limit (decision 018), and the media files behind signed grants (decision 022).
 */
export default fp(
  async (app) => {
    const { config, clips, signer, leases, authority, now, checkResponses, mediaRoot } = app;
    const { segmentGrantSeconds, publicUrl } = config;
    const repo = app.catalogue.rows;
    const accessOf = async (customerId: number) =>
      accessOfCustomer(await app.accounts.service.customerById(customerId), now());
    const playback = createPlaybackService({
      ...{ repo, clips, signer, leases, authority, now, drmProxies: config.drmProxies },
      // Replay and start-over play a programme of a channel: the live module's (decision 022).
      programmeStream: (input) => app.live.streams.programmeStream(input),
    });
    // Content URLs, TV URL, formats and downloads (spec 2 §7, decision 023).
    const streamCalls = createStreamCalls({
      ...{ repo, clips, playback, signer, mediaRoot, publicUrl, now },
      ...{ leases, authority, segmentGrantSeconds },
    });
    // Proofs of the parental code are checked with the key the accounts sign them with (decision 059).
    const proofs = createParentalProofs(app.streamSecret);
    const viewer = createViewerOf({ accounts: app.accounts.service, proofs, now });
    app.decorate('playback', {
      service: playback,
      accessOf,
      accessOfSession: async (session) => (session ? accessOf(session.customerId) : []),
      parentalGateOf: async (caller, proof) =>
        parentalGateOf(caller ? await app.accounts.service.customerById(caller.customerId) : null, caller, proof, {
          proofs,
          nowSeconds: Math.floor(now().getTime() / 1000),
        }),
      viewerOf: viewer,
      pageOpening: createPageOpening({
        playback,
        viewer,
        limiter: app.limiter,
        now,
        firstSegments: createFirstSegments({ signer, mediaRoot, segmentGrantSeconds, now }),
      }),
    });
    await registerApiCalls(app, (api) => {
      const accounts = app.accounts.service;
      registerPlaybackRoutes(api, {
        ...{ playback, streamCalls, accounts, limiter: app.limiter, checkResponses, now },
        listItemToPlay: app.catalogue.listItemToPlay,
      });
      const places = createDevicePlaces({ leases, authority, sessions: app.sessions });
      registerDeviceLeaseRoutes(api, { leases, authority, places, checkResponses });
    });
    await registerStreamRoutes(app, (media) => {
      registerMediaRoutes(media, { mediaRoot, signer, authority, segmentGrantSeconds, now });
      // nginx's check before it serves a segment itself (deploy/nginx, decision 038).
      registerMediaGrantRoute(media, { signer, authority, now });
      streamCalls.registerMedia(media);
    });
    // The streams playing, sampled once a minute for the health charts (decision 116): once across
    // the nodes with Redis (the leases are shared there), on each node's timer without it. Test apps
    // take their samples themselves on their fake clocks: a timer's row written in the middle of a
    // test would change the tables it counts (the security checks count every table's rows).
    if (config.env !== 'test')
      app.jobs.add({
        name: 'stream-counts',
        everyMs: 60_000,
        firstRunAfterMs: 60_000,
        run: () => app.streamHistory.sample(),
      });
  },
  {
    name: 'playz-playback',
    dependencies: ['playz-streaming', 'playz-jobs', 'playz-catalogue', 'playz-accounts'],
  },
);
