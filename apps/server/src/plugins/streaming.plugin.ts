import path from 'node:path';
import fp from 'fastify-plugin';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import type { Access } from '@playz/domain';
import { createRedisNodeBus } from '../lib/node-bus';
import { registerStreamRoutes } from './api-scope';
import { registerStreamPreflight } from './stream-preflight';
import { createClipCatalog, type ClipCatalog } from '../streaming/clip-catalog';
import { createDeviceLeaseRepository } from '../streaming/device-lease.repository';
import { createRedisDeviceLeaseStore } from '../streaming/device-lease-redis-store';
import { createMemoryDeviceLeaseStore, type DeviceLeaseStore } from '../streaming/device-lease-store';
import { createDeviceLeases, type DeviceLeases } from '../streaming/device-leases';
import { createStreamAuthority, type AuthorityEvent, type StreamAuthority } from '../streaming/stream-authority';
import { createStreamHistory, type StreamHistory } from '../streaming/stream-history';
import { createStreamSigner, type StreamSigner } from '../streaming/stream-signing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the media files are (DATA_DIR/media). */
    mediaRoot: string;
    /** The clips of the media folder, by content. */
    clips: ClipCatalog;
    /** Signs and reads stream grants (decision 022). */
    signer: StreamSigner;
    /** Simultaneous View streams per account (spec 1 §6 devices-limit dialog, decision 018). */
    leases: DeviceLeases;
    leaseStore: DeviceLeaseStore;
    /** The concurrent streams sampled each minute and read back for the health charts (decision 116). */
    streamHistory: StreamHistory;
    /** Whether a stream's session may still play it (decision 022). */
    authority: StreamAuthority;
  }
}

/**
 * The calls a playing device already makes every few seconds: saving its resume point (spec 2
 * §7 playback/status). They double as the lease heartbeat, so players need no extra call.
 */
const HEARTBEATS = new Set(
  [endpoints.setContentPlaybackStatus, endpoints.setEpisodePlaybackStatus, endpoints.setContentListPlaybackStatus].map(
    (e) => `${API_BASE_PATH}${e.path}`,
  ),
);

export interface StreamingOptions {
  /** The grants' signer when not the HMAC one of the stream secret (the signing benchmark's). */
  signer?: StreamSigner;
  /** What a customer may watch now (the accounts module's answer, read at call time). */
  accessOf(customerId: number): Promise<readonly Access[]>;
}

/**
 * What every stream shares: grants, device places and the authority that ends a stream when its
 * session, entitlement or place goes. With several nodes a stop, a refusal or an ended session
 * seen by one reaches the others through Redis (decision 022 addendum).
 */
export const streamingPlugin = fp<StreamingOptions>(
  async (app, opts) => {
    const { now } = app;
    const mediaRoot = path.join(app.config.dataDir, 'media');
    const liveSessions = createDeviceLeaseRepository(app.db, now).liveSessions;
    const leaseStore = app.redis ? createRedisDeviceLeaseStore(app.redis) : createMemoryDeviceLeaseStore();
    const leases = createDeviceLeases({
      store: leaseStore,
      limit: app.config.maxSimultaneousDevices,
      liveSessions,
      now,
    });
    // Every way a session ends frees its device place at once (decision 018). A failed release is
    // logged, not the caller's failure: the take's own check and the 3-minute lease catch it.
    app.events.on('session.ended', (scope) =>
      leases
        .sessionsEnded(scope)
        .catch((error: unknown) => app.log.error({ err: error }, 'device lease release failed')),
    );
    // On the app itself, before any module's calls are registered, so every scope has it.
    app.addHook('preHandler', async (request) => {
      if (!request.session || !HEARTBEATS.has(request.routeOptions.url ?? '')) return;
      // The resume point matters more than the lease: a store outage must not lose it.
      await leases.renew(request.session.customerId, request.session.id).catch((error: unknown) => {
        request.log.error({ err: error }, 'device lease renewal failed');
      });
    });
    const bus = app.redis
      ? await createRedisNodeBus<AuthorityEvent & { node: string }>(app.redis, 'stream-authority', (error) =>
          app.log.error({ err: error }, 'stream authority bus'),
        )
      : undefined;
    if (bus) app.addHook('onClose', () => bus.close());
    const authority = createStreamAuthority({ liveSessions, accessOf: opts.accessOf, leases, bus, now });
    app.events.on('session.ended', (scope) => authority.sessionsEnded(scope));
    // New rights, or fewer: each stream of the customer is checked again at its next manifest and
    // segment, so a refund or an expiry ends playback within a segment, not at the next check.
    app.events.on('subscription.changed', ({ customerId }) => authority.rightsChanged(customerId));
    app.decorate('mediaRoot', mediaRoot);
    app.decorate('clips', createClipCatalog(mediaRoot));
    app.decorate('signer', opts.signer ?? createStreamSigner(app.streamSecret));
    app.decorate('leases', leases);
    app.decorate('leaseStore', leaseStore);
    // Redis leases are the whole deployment's: one sample a minute counts every node's streams.
    app.decorate('streamHistory', createStreamHistory({ db: app.db, store: leaseStore, shared: !!app.redis, now }));
    app.decorate('authority', authority);
    // Players of other origins ask before ranged GETs and licence posts (decision 051).
    await registerStreamRoutes(app, registerStreamPreflight);
  },
  { name: 'playz-streaming', dependencies: ['playz-sessions'] },
);
