import fp from 'fastify-plugin';
import { registerApiCalls, registerStreamRoutes } from '../../plugins/api-scope';
import { superviseIngestsOnce } from './ingest/ingest-leadership';
import { readIngestState, type StreamState } from './ingest/ingest-state';
import type { IngestSupervisor } from './ingest/ingest-supervisor';
import { ingestStarters, startIngests } from './ingest/start-ingests';
import { createLiveClips } from './live-clips';
import { createLiveEventStreams } from './live-event-streams';
import { createLiveGrantCache } from './live-grant-cache';
import { createLiveHotPath } from './live-hot-path';
import { createLiveManifests } from './live-manifests.service';
import { createLiveSegmentHotPath, createSegmentFiles, LIVE_SEGMENT_FILES } from './live-segment-hot-path';
import { registerLiveMediaRoutes } from './live-media.routes';
import { createLiveRepository } from './live.repository';
import { registerLiveEventRoutes, registerLiveRoutes } from './live.routes';
import { createLiveStandIn, type LiveStandInOf } from './live-stand-in';
import { createLiveStreams, type LiveStreams } from './live-streams.service';

export type { IngestSupervisor } from './ingest/ingest-supervisor';
export type { LiveStandIn, LiveStandInTrack } from './live-stand-in';

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      streams: LiveStreams;
      /**
       * A channel page's stand-in picture for its HTML (decision 139): the segment its player will
       * start in, under an opening's grant, or null where the page would not play at once.
       */
      standIn: LiveStandInOf;
      /** A Stream channel's encoder state, read from the shared media folder; null for others. */
      streamStateOf(channel: {
        id: number;
        channel_type: string;
        stream_url?: string | null;
      }): Promise<StreamState | null>;
      /** The Stream channels' encoders running on this node (for /metrics). */
      ingests(): readonly IngestSupervisor[];
      /** Live manifest reloads answered from memory before routing (decision 039), for /metrics. */
      servedFromMemory(): number;
      /** Live segments answered from memory before routing (decision 126), for /metrics. */
      segmentsServedFromMemory(): number;
      /** Resolves once what reloads and segments started reading behind them (decisions 112, 126) is done (tests). */
      settled(): Promise<void>;
      /** Guide reads made ahead of the reloads, and the spans a timer keeps fresh (decision 121, tests). */
      guideReadsBehind(): { started: number; watched: number };
    };
  }
}

/**
 * Live TV (decision 022): playlist channels assembled from the VOD library by their guide, start-over
 * and replay from the same segments, live events, and the Stream channels' encoders (decision 041).
 */
export default fp(
  async (app) => {
    const { db, mediaRoot, signer, leases, authority, now, checkResponses, config } = app;
    const segmentGrantSeconds = config.segmentGrantSeconds;
    const repo = createLiveRepository(db);
    const clips = createLiveClips(mediaRoot);
    const streams = createLiveStreams({ repo, clips, mediaRoot, signer, leases, authority, now });
    const manifests = createLiveManifests({ repo, clips, signer, segmentGrantSeconds, now });
    const grants = createLiveGrantCache(signer);
    // A live event plays its channel, its replay or its countdown media.
    const events = createLiveEventStreams({
      getLiveEvent: (rawId) => app.catalogue.getLiveEvent(rawId),
      channelStream: streams.channelStream,
      contentStream: (input) => app.playback.service.getAdaptiveStream(input),
    });
    const accessOf = app.playback.accessOfSession;
    const liveHeaders = app.securityHeaders.headersOfRoute('/live/*');
    const hotPath = createLiveHotPath({
      headers: liveHeaders,
      requestIdOf: app.requestIdOf,
      observe: (seconds) => app.metrics.observeRequest('/live/*', 'GET', 200, seconds),
      ...{ grants, authority, manifests, now },
    });
    app.addHotRoute(hotPath.answer);
    // Live segments too, once checked and read (decision 126): the files of a window, shared.
    const segmentFiles = createSegmentFiles({ root: mediaRoot, ...LIVE_SEGMENT_FILES });
    const segmentHotPath = createLiveSegmentHotPath({
      headers: liveHeaders,
      requestIdOf: app.requestIdOf,
      observe: app.metrics.latencyRecorder('/live/*', 'GET', 200),
      ...{ grants, authority, manifests, files: segmentFiles, now },
    });
    app.addHotRoute(segmentHotPath.answer);
    // Stream channels' encoders on the nodes LIVE_INGEST allows; with Redis each channel's on one
    // of them only, the holder of its lock (decision 038); stopped with the server.
    let ingests: () => readonly IngestSupervisor[] = () => [];
    let stopIngests = async () => {};
    const ingestDeps = { db, mediaRoot, ffmpegPath: config.ffmpegPath, log: app.log };
    if (config.liveIngest && app.redis) {
      const supervised = superviseIngestsOnce(app.redis, await ingestStarters(ingestDeps), {
        onError: (error) => app.log.error({ err: error }, 'live ingest lock'),
      });
      ingests = supervised.running;
      stopIngests = supervised.stop;
    } else if (config.liveIngest) {
      const started = await startIngests(ingestDeps);
      ingests = () => started;
      stopIngests = async () => void (await Promise.all(started.map((ingest) => ingest.stop())));
    }
    // Shutdown calls it first (main.ts), so no encoder restarts during the drain; close calls it
    // again, a no-op then. It resolves once every encoder has exited (decision 048).
    app.decorate('stopChildProcesses', () => stopIngests());
    app.addHook('onClose', async () => stopIngests());
    app.addHook('onClose', async () => manifests.close());
    app.decorate('live', {
      streams,
      standIn: createLiveStandIn({
        ...{ repo, signer, now, viewerOf: app.playback.viewerOf },
        segmentAt: manifests.segmentAt,
      }),
      async streamStateOf(channel) {
        if (channel.channel_type !== 'Stream' || channel.stream_url) return null;
        // The wall clock, not `now`: it is compared with the files' own times.
        return readIngestState(mediaRoot, channel.id, Date.now());
      },
      ingests: () => ingests(),
      servedFromMemory: hotPath.served,
      segmentsServedFromMemory: segmentHotPath.served,
      settled: async () => void (await Promise.all([authority.settled(), manifests.settled(), segmentFiles.settled()])),
      guideReadsBehind: manifests.guideReadsBehind,
    });
    await registerApiCalls(app, (api) => {
      registerLiveRoutes(api, { streams, accessOf, parentalGateOf: app.playback.parentalGateOf, checkResponses });
      registerLiveEventRoutes(api, { liveEventStream: events.liveEventStream, accessOf, checkResponses });
    });
    await registerStreamRoutes(app, (media) =>
      registerLiveMediaRoutes(media, { grants, authority, manifests, mediaRoot, now }),
    );
  },
  { name: 'playz-live', dependencies: ['playz-streaming', 'playz-metrics', 'playz-playback'] },
);
