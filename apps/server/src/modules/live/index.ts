import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Access } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { DeviceLeases } from '../playback/device-leases';
import type { StreamAuthority } from '../playback/stream-authority';
import type { StreamSigner } from '../playback/stream-signing';
import { createLiveClips } from './live-clips';
import { createLiveGrantCache } from './live-grant-cache';
import { createLiveHotPath, type LiveHotPathDeps } from './live-hot-path';
import { createLiveManifests } from './live-manifests.service';
import { registerLiveMediaRoutes } from './live-media.routes';
import { createLiveRepository } from './live.repository';
import { registerLiveRoutes } from './live.routes';
import { createLiveStreams } from './live-streams.service';
import { readIngestState } from './ingest/ingest-state';
import type { IngestLog } from './ingest/ingest-supervisor';
import { ingestStarters, startIngests } from './ingest/start-ingests';

/**
 * Live TV (decision 022): playlist channels assembled from the VOD library by their guide, start-over
 * and replay from the same segments (docs/decisions/022). Other modules use `streams`.
 */
export function createLiveModule(deps: {
  db: Kysely<Database>;
  mediaRoot: string;
  signer: StreamSigner;
  leases: DeviceLeases;
  authority: StreamAuthority;
  segmentGrantSeconds: number;
  now?: () => Date;
}) {
  const repo = createLiveRepository(deps.db);
  const clips = createLiveClips(deps.mediaRoot);
  const streams = createLiveStreams({ repo, clips, ...deps });
  const manifests = createLiveManifests({ repo, clips, ...deps });
  const grants = createLiveGrantCache(deps.signer);
  return {
    streams,
    /** A Stream channel's encoder state, read from the shared media folder; null for others. */
    async streamStateOf(channel: { id: number; channel_type: string; stream_url?: string | null }) {
      if (channel.channel_type !== 'Stream' || channel.stream_url) return null;
      // The wall clock, not `now`: it is compared with the files' own times.
      return readIngestState(deps.mediaRoot, channel.id, Date.now());
    },
    /** Starts the encoders of Stream channels (LIVE_INGEST on this node); stop them on close. */
    startIngests: (ffmpegPath: string | null, log: IngestLog) =>
      startIngests({ db: deps.db, mediaRoot: deps.mediaRoot, ffmpegPath, log }),
    /** The encoders to start, for a node that starts each only while it holds its lock (decision 038). */
    ingestStarters: (ffmpegPath: string | null, log: IngestLog) =>
      ingestStarters({ db: deps.db, mediaRoot: deps.mediaRoot, ffmpegPath, log }),
    registerApi(
      api: FastifyInstance,
      accessOf: (session: { id: string; customerId: number } | null) => Promise<readonly Access[]>,
      checkResponses: boolean,
    ) {
      registerLiveRoutes(api, { streams, accessOf, checkResponses });
    },
    registerMedia(app: FastifyInstance) {
      registerLiveMediaRoutes(app, { grants, authority: deps.authority, manifests, now: deps.now });
    },
    /** Manifest reloads answered from memory before Fastify (decision 039). */
    hotPath(http: Pick<LiveHotPathDeps, 'headersOf' | 'observe'>) {
      return createLiveHotPath({ ...http, grants, authority: deps.authority, manifests, now: deps.now });
    },
  };
}
export type { IngestSupervisor } from './ingest/ingest-supervisor';
export type { IngestStarter } from './ingest/start-ingests';
