import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ingestDir } from './ingest-state';
import { createIngestSupervisor, type IngestLog, type IngestSupervisor } from './ingest-supervisor';

/**
 * Starts one supervised encoder per Stream channel without an imported URL (decision 038). The node
 * that runs them is chosen by LIVE_INGEST; every node serves them from the shared media folder.
 */
export async function startIngests(deps: IngestDeps): Promise<IngestSupervisor[]> {
  return (await ingestStarters(deps)).map((starter) => starter.start());
}

interface IngestDeps {
  db: Kysely<Database>;
  mediaRoot: string;
  ffmpegPath: string | null;
  log: IngestLog;
}

/** One starter per Stream channel: with REDIS_URL only the holder of its lock starts it (decision 038). */
export interface IngestStarter {
  channelId: number;
  start(): IngestSupervisor;
}

export async function ingestStarters(deps: IngestDeps): Promise<IngestStarter[]> {
  const channels = await deps.db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('channel_type', '=', 'Stream')
    .where((eb) => eb.or([eb('stream_url', 'is', null), eb('stream_url', '=', '')]))
    .execute();
  if (channels.length === 0) return [];
  // Loaded here only: a node that runs no encoder never resolves ffmpeg.
  const { buildLiveIngestArgs, dieWithParent, locateFfmpeg, locateFontFile } = await import('@playz/media');
  const ffmpeg = locateFfmpeg(deps.ffmpegPath ?? undefined).ffmpeg;
  const fontFile = locateFontFile();
  return channels.map((channel) => {
    const outDir = path.join(deps.mediaRoot, ingestDir(channel.id));
    // The kernel kills the encoder with the server, even a server killed by SIGKILL (decision 048).
    const command = dieWithParent(ffmpeg, buildLiveIngestArgs({ outDir, title: channel.name, fontFile }));
    const start = () =>
      createIngestSupervisor({
        channelId: channel.id,
        outDir,
        log: deps.log,
        spawn: () => {
          const child = spawn(command.file, command.args, { stdio: ['ignore', 'ignore', 'pipe'] });
          // ffmpeg writes only errors (-loglevel error): they go to the log, one line each.
          child.stderr?.on('data', (chunk: Buffer) =>
            deps.log.warn({ channelId: channel.id }, `live ingest: ${chunk.toString().trim().slice(0, 500)}`),
          );
          child.on('error', (error) => {
            deps.log.error({ channelId: channel.id, err: error }, 'live ingest: cannot start ffmpeg');
            // A process that never started sends no exit: send it, so the supervisor retries.
            if (child.pid === undefined) child.emit('exit', null, null);
          });
          return child;
        },
      });
    return { channelId: channel.id, start };
  });
}
