import fp from 'fastify-plugin';
import type { Access } from '@playz/domain';
import { registerApiCalls, registerStreamRoutes } from '../../plugins/api-scope';
import { accessOfCustomer } from './customer-access';
import { registerDeviceLeaseRoutes } from './device-lease.routes';
import { createDevicePlaces } from './device-places';
import { registerMediaGrantRoute } from './media-grant.routes';
import { registerMediaRoutes } from './media.routes';
import { registerPlaybackRoutes } from './playback.routes';
import { createPlaybackService, type PlaybackService } from './playback.service';
import { createStreamCalls } from './stream-calls';

export type { StreamRequest } from './playback.service';

declare module 'fastify' {
  interface FastifyInstance {
    playback: {
      service: PlaybackService;
      /** Everything a customer may watch now (spec 3 §4 Access rules). */
      accessOf(customerId: number): Promise<Access[]>;
      /** The same for a request's session; none for a visitor. */
      accessOfSession(session: { id: string; customerId: number } | null): Promise<readonly Access[]>;
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
    app.decorate('playback', {
      service: playback,
      accessOf,
      accessOfSession: async (session) => (session ? accessOf(session.customerId) : []),
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
  },
  { name: 'playz-playback', dependencies: ['playz-streaming', 'playz-catalogue', 'playz-accounts'] },
);
