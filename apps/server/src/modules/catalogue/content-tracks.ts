import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { AUDIO_MAX_BYTES, SUBTITLE_MAX_BYTES, type AdminContentTracks } from '@playz/api-contract/admin';
import type { ClipAudioTrack, DemoClip } from '@playz/media';
import type { Database } from '../../db/schema';
import type { DeskAudit } from './catalogue-desk';

/** The queue of the packaging job: subtitles and protection put into a content's ladder (decision 114). */
export const PACKAGE_JOB = 'media-package';

export interface PackageJobData {
  contentId: number;
  rev: number;
}

type TrackRow = Selectable<Database['content_tracks']>;
type PackagingRow = Selectable<Database['content_packaging']>;

/** The encrypted copy of a packaging is its folder with this suffix, as the demo's (`city-cenc`). */
const PROTECTED_SUFFIX = '-cenc';

/**
 * What a subtitle file is, read from its bytes (decision 114), never from its name or the type a
 * browser claims: WebVTT by its `WEBVTT` header, SubRip by a first cue's number and timing line.
 * Null for anything else (a picture, an HTML page, a Word document named .srt).
 */
export function sniffSubtitle(bytes: Buffer): 'webvtt' | 'subrip' | null {
  // No NUL byte in a text file: a binary file goes no further (UTF-16 subtitles are not taken).
  if (bytes.includes(0)) return null;
  const text = bytes
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return 'webvtt';
  if (/^\s*\d+[ \t]*\r?\n\d{1,2}:\d{2}:\d{2}[,.]\d{3}[ \t]*-->[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{3}/.test(text))
    return 'subrip';
  return null;
}

/**
 * The longest line taken: a subtitle line is a few dozen characters, and ffmpeg's WebVTT reader
 * takes time in the square of a line's length (a 1 MB line: over a minute of CPU, measured).
 */
export const SUBTITLE_MAX_LINE = 1000;

/** The catalogue's error 3 for a file that is not a subtitle to take (empty, too big, unreadable). */
export function checkSubtitle(bytes: Buffer): 'webvtt' | 'subrip' {
  if (bytes.length === 0 || bytes.length > SUBTITLE_MAX_BYTES) throw apiError(ApiErrorNumber.BadParameter);
  const type = sniffSubtitle(bytes);
  if (!type) throw apiError(ApiErrorNumber.BadParameter);
  let lineStart = 0;
  for (let at = bytes.indexOf(10); ; at = bytes.indexOf(10, at + 1)) {
    const end = at === -1 ? bytes.length : at;
    if (end - lineStart > SUBTITLE_MAX_LINE) throw apiError(ApiErrorNumber.BadParameter);
    if (at === -1) return type;
    lineStart = at + 1;
  }
}

/** Links a file where the filesystem allows (segments are megabytes, never rewritten), else copies it. */
const linkOrCopy = (from: string, to: string) => link(from, to).catch(() => copyFile(from, to));

/**
 * The editors' subtitles and protection of uploaded contents (decision 114). A change is a new
 * packaging revision: its row is written (audited) and the packaging job queued; the job makes a
 * new clip folder from the media job's ladder (segments linked, manifests rewritten with the
 * subtitles, encrypted when protected) and points the content at it. A folder never changes once
 * written — every node keeps clips and manifests in memory (decision 068) — so a new address per
 * revision is how a change reaches the viewers, as a new picture does (decision 113).
 */
export function createContentTracksDesk(deps: {
  db: Kysely<Database>;
  mediaRoot: string;
  /** Where the subtitles sent are kept, made WebVTT (outside the media folder). */
  tracksDir: string;
  now: () => Date;
  afterChange: () => Promise<void>;
  enqueue: (data: PackageJobData, id: string) => Promise<void>;
  /** The content key of a clip, made and kept by the DRM key store (decision 024). */
  keyFor: (clipKey: string) => { kid: string; key: string };
  ffmpegPath?: string | null;
}) {
  const { db } = deps;
  const stamp = () => deps.now().toISOString();
  const trackFile = (id: string) => path.join(deps.tracksDir, `${id}.vtt`);
  /** An audio language's file as the editor sent it, and its AAC segments once the job encoded them. */
  const audioSource = (id: string) => path.join(deps.tracksDir, `${id}.audio`);
  const audioEncoded = (id: string) => path.join(deps.tracksDir, `${id}-aac`);
  const dropTrackFiles = (id: string) =>
    Promise.all(
      [trackFile(id), audioSource(id), audioEncoded(id)].map((file) => rm(file, { recursive: true, force: true })),
    );

  async function viewOf(contentId: number, within: Kysely<Database> = db): Promise<AdminContentTracks> {
    const tracks = await within
      .selectFrom('content_tracks')
      .selectAll()
      .where('content_id', '=', contentId)
      // In the order they were added: each addition is a later revision.
      .orderBy('rev')
      .orderBy('id')
      .execute();
    const packaging = await within
      .selectFrom('content_packaging')
      .selectAll()
      .where('content_id', '=', contentId)
      .executeTakeFirst();
    const content = await within
      .selectFrom('contents')
      .select('clip_key')
      .where('id', '=', contentId)
      .executeTakeFirst();
    return {
      tracks: tracks.map((row) => ({
        id: row.id,
        kind: row.kind,
        language: row.language,
        label: row.label,
        state: row.state,
        error: row.error,
        createdBy: row.created_by,
        createdAt: row.created_at,
      })),
      packaging: {
        protected: packaging?.protected === 1,
        protectedLive: Boolean(content?.clip_key?.endsWith(PROTECTED_SUFFIX)),
        state: packaging?.state ?? 'ready',
        progress: packaging?.progress ?? 100,
        error: packaging?.error ?? null,
      },
    };
  }

  /** Only an uploaded content the desk edits (an editorial row, a ladder of the media job). */
  async function editable(contentId: number, within: Kysely<Database> = db) {
    const row = await within
      .selectFrom('contents')
      .innerJoin('content_editorial', 'content_editorial.content_id', 'contents.id')
      .select('contents.clip_key')
      .where('contents.id', '=', contentId)
      .executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
    if (!row.clip_key) throw apiError(ApiErrorNumber.BadParameter);
    return row.clip_key;
  }

  /** A track an editor sent, waiting for the revision's packaging job (subtitles and audio alike). */
  async function queueTrack(
    trx: Kysely<Database>,
    rev: number,
    track: { id: string; contentId: number; kind: 'subtitle' | 'audio'; language: string; by: string },
    label: string,
  ) {
    await trx
      .insertInto('content_tracks')
      .values({
        ...{ id: track.id, content_id: track.contentId, kind: track.kind, language: track.language, label },
        ...{ state: 'queued', rev, removed_rev: null, error: null, created_by: track.by },
        ...{ created_at: stamp(), updated_at: stamp() },
      })
      .execute();
  }

  /**
   * One change as a new packaging revision, audited in its transaction; then the job is queued.
   * Answers the tracks as they are now (the job's state included).
   */
  async function revise(
    contentId: number,
    apply: (trx: Kysely<Database>, rev: number) => Promise<void>,
    audit: DeskAudit,
  ): Promise<AdminContentTracks> {
    const { rev, after } = await db.transaction().execute(async (trx) => {
      const clipKey = await editable(contentId, trx);
      const before = await viewOf(contentId, trx);
      // The first revision's row, then the revision taken in one statement: two editors at once
      // each get their own (the update waits for the other's row lock on PostgreSQL).
      await trx
        .insertInto('content_packaging')
        .values({
          content_id: contentId,
          // The media job's ladder: every revision is made from it.
          base_clip_key: clipKey,
          protected: 0,
          rev: 0,
          applied_rev: 0,
          state: 'queued',
          progress: 0,
          error: null,
          updated_at: stamp(),
        })
        .onConflict((oc) => oc.column('content_id').doNothing())
        .execute();
      await trx
        .updateTable('content_packaging')
        .set({ rev: sql<number>`rev + 1`, state: 'queued', progress: 0, error: null, updated_at: stamp() })
        .where('content_id', '=', contentId)
        .execute();
      const { rev: next } = await trx
        .selectFrom('content_packaging')
        .select('rev')
        .where('content_id', '=', contentId)
        .executeTakeFirstOrThrow();
      await apply(trx, next);
      const view = await viewOf(contentId, trx);
      await audit(trx, { before, after: view });
      return { rev: next, after: view };
    });
    await deps.enqueue({ contentId, rev }, `package-${contentId}-${rev}`);
    return after;
  }

  /** Subtitle file made WebVTT by ffmpeg (SubRip converted, a Windows-1252 file read as such). */
  async function toWebVtt(bytes: Buffer, id: string): Promise<string> {
    const media = await import('@playz/media');
    const binaries = media.locateFfmpeg(deps.ffmpegPath ?? undefined);
    const work = path.join(deps.tracksDir, `.tmp-${id}`);
    await mkdir(work, { recursive: true });
    try {
      const source = path.join(work, 'source');
      await writeFile(source, bytes);
      const out = path.join(work, 'out.vtt');
      const charset = media.subtitleCharset(bytes);
      await media
        .runFfmpeg(
          [
            ...['-hide_banner', '-loglevel', 'error'],
            ...media.buildSubtitleArgs({ input: source, out, charset: charset === 'UTF-8' ? null : charset }),
          ],
          { ffmpegPath: binaries.ffmpeg },
        )
        // A file that looks like a subtitle but that ffmpeg cannot read is the editor's, not ours.
        .catch(() => {
          throw apiError(ApiErrorNumber.BadParameter);
        });
      const vtt = await readFile(out, 'utf8').catch(() => '');
      // No cue read: nothing for the viewers to see, the file is refused.
      if (!/^WEBVTT/.test(vtt) || !vtt.includes('-->')) throw apiError(ApiErrorNumber.BadParameter);
      return vtt;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * An audio language's AAC segments (decision 114): encoded once from the file the editor sent,
   * at the base ladder's segment length and the film's duration, kept beside the file so a later
   * revision links them again rather than encoding anew. Written in a work folder, then renamed.
   */
  async function encodedAudio(track: TrackRow, durationSec: number): Promise<string> {
    const dir = audioEncoded(track.id);
    if (
      await readdir(dir).then(
        (names) => names.includes('manifest.mpd'),
        () => false,
      )
    )
      return dir;
    const media = await import('@playz/media');
    const binaries = media.locateFfmpeg(deps.ffmpegPath ?? undefined);
    const work = `${dir}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
    await mkdir(work, { recursive: true });
    try {
      await media.runFfmpeg(
        [
          ...['-hide_banner', '-loglevel', 'error'],
          ...media.buildAudioTrackArgs({
            input: audioSource(track.id),
            outDir: work,
            durationSec,
            language: track.language,
          }),
        ],
        { ffmpegPath: binaries.ffmpeg },
      );
      await rm(dir, { recursive: true, force: true });
      await rename(work, dir);
      return dir;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** The job's state on the packaging row, and on the tracks it carries. */
  const setPackaging = (contentId: number, patch: Partial<PackagingRow>) =>
    db
      .updateTable('content_packaging')
      .set({ ...patch, updated_at: stamp() })
      .where('content_id', '=', contentId)
      .execute();

  /**
   * Makes revision `rev`'s folder: the base ladder's segments linked, its manifests with the
   * subtitles of the revision, the WebVTT files and their one-segment playlists, clip.json last;
   * then, protected, its CENC copy. Answers the clip key viewers are to play.
   */
  async function buildRevision(base: DemoClip, rev: number, tracks: TrackRow[], protect: boolean): Promise<string> {
    const media = await import('@playz/media');
    const clipsRoot = path.join(deps.mediaRoot, 'clips');
    const key = `${base.key}-r${rev}`;
    const relDir = `clips/${key}`;
    const baseDir = path.join(clipsRoot, base.key);
    const work = path.join(clipsRoot, `.tmp-${key}-${process.pid}-${randomBytes(3).toString('hex')}`);
    await mkdir(work, { recursive: true });
    try {
      for (const name of await readdir(baseDir)) {
        // Manifests are rewritten below; pictures and the preview stay the base folder's (clip.json names them).
        if (name === 'clip.json' || name === media.HLS_MASTER_NAME || name === media.MPD_NAME) continue;
        if (/\.(m4s|m3u8|vtt)$/.test(name)) await linkOrCopy(path.join(baseDir, name), path.join(work, name));
      }
      const baseSubtitles = base.subtitles ?? [];
      const renditions = base.renditions.length;
      let nextId = Math.max(
        renditions + (base.audio?.length ?? 1) - 1,
        ...(base.audio ?? []).map((a) => a.id),
        ...baseSubtitles.map((s) => s.id),
      );
      const subtitles = baseSubtitles.map((s) => ({ ...s, path: `${relDir}/${path.basename(s.path)}` }));
      const baseAudio = base.audio ?? [];
      const addedAudio: { track: ClipAudioTrack; representation: string }[] = [];
      for (const track of tracks) {
        const id = ++nextId;
        if (track.kind === 'audio') {
          // Its own representation beside the linked ladder: init-stream<id> and chunk-stream<id>-N.
          const encoded = await encodedAudio(track, base.durationSec);
          for (const name of await readdir(encoded)) {
            const target = media.audioFileNameFor(name, id);
            if (!target) continue;
            if (name.endsWith('.m3u8'))
              await writeFile(
                path.join(work, target),
                media.audioPlaylistFor(await readFile(path.join(encoded, name), 'utf8'), id),
              );
            else await linkOrCopy(path.join(encoded, name), path.join(work, target));
          }
          const representation = media.audioRepresentationFor(
            await readFile(path.join(encoded, media.MPD_NAME), 'utf8'),
            id,
          );
          addedAudio.push({ track: { id, language: track.language, label: track.label }, representation });
          continue;
        }
        const name = media.subtitleFileName(id);
        await copyFile(trackFile(track.id), path.join(work, name));
        await writeFile(path.join(work, `media_${id}.m3u8`), media.buildSubtitlePlaylist(name, base.durationSec));
        subtitles.push({ id, language: track.language, label: track.label, path: `${relDir}/${name}` });
      }
      const master = await readFile(path.join(baseDir, media.HLS_MASTER_NAME), 'utf8');
      const mpd = await readFile(path.join(baseDir, media.MPD_NAME), 'utf8');
      // Audio first, after the ladder's own languages; then the subtitles, replaced, after it.
      const audioTracks = addedAudio.map((a) => a.track);
      await writeFile(
        path.join(work, media.HLS_MASTER_NAME),
        media.replaceHlsSubtitles(media.addHlsAudio(master, audioTracks), subtitles),
      );
      await writeFile(
        path.join(work, media.MPD_NAME),
        media.replaceMpdSubtitles(media.addMpdAudio(mpd, addedAudio), subtitles),
      );
      const clip: DemoClip = {
        ...base,
        key,
        hlsPath: `${relDir}/${media.HLS_MASTER_NAME}`,
        dashPath: `${relDir}/${media.MPD_NAME}`,
        ...(base.audio || audioTracks.length ? { audio: [...baseAudio, ...audioTracks] } : {}),
        subtitles,
      };
      // clip.json last: its presence means the clip is complete (streaming/clip-catalog.ts).
      await writeFile(path.join(work, 'clip.json'), `${JSON.stringify(clip, null, 2)}\n`);
      await rm(path.join(clipsRoot, key), { recursive: true, force: true });
      await rename(work, path.join(clipsRoot, key));
      if (!protect) return key;

      // The demo's protected media (db/seed/protected-media.ts): CENC over the clear folder, ClearKey.
      const cencKey = `${key}${PROTECTED_SUFFIX}`;
      const { kid, key: secret } = deps.keyFor(cencKey);
      const { encryptClipFolder } = await import('@playz/media/cenc');
      const cencDir = path.join(clipsRoot, cencKey);
      await encryptClipFolder(path.join(clipsRoot, key), cencDir, Buffer.from(secret, 'hex'), Buffer.from(kid, 'hex'));
      const copy: DemoClip = {
        ...clip,
        key: cencKey,
        hlsPath: `clips/${cencKey}/${media.HLS_MASTER_NAME}`,
        dashPath: `clips/${cencKey}/${media.MPD_NAME}`,
        subtitles: subtitles.map((s) => ({ ...s, path: `clips/${cencKey}/${path.basename(s.path)}` })),
        protection: { scheme: 'cenc', kid },
      };
      await writeFile(path.join(cencDir, 'clip.json'), `${JSON.stringify(copy, null, 2)}\n`);
      return cencKey;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    tracks: (contentId: number) => editable(contentId).then(() => viewOf(contentId)),

    /**
     * A subtitle an editor sent (decision 114): checked by its bytes, made WebVTT by ffmpeg in the
     * request (a few kB, bounded by the cap), kept under the data folder, then a packaging
     * revision puts it in the manifests.
     */
    async addSubtitle(
      contentId: number,
      input: { language: string; label: string; bytes: Buffer; by: string },
      audit: DeskAudit,
    ) {
      checkSubtitle(input.bytes);
      // A content the desk does not edit is refused before ffmpeg runs.
      await editable(contentId);
      const id = randomBytes(8).toString('hex');
      await mkdir(deps.tracksDir, { recursive: true });
      const vtt = await toWebVtt(input.bytes, id);
      await writeFile(trackFile(id), vtt);
      const media = await import('@playz/media');
      try {
        return await revise(
          contentId,
          (trx, rev) =>
            queueTrack(
              trx,
              rev,
              { id, contentId, kind: 'subtitle', language: input.language, by: input.by },
              input.label || media.languageLabel(input.language),
            ),
          audit,
        );
      } catch (error) {
        await rm(trackFile(id), { force: true });
        throw error;
      }
    },

    /**
     * An audio language an editor sent (decision 114): an audio file, or a video whose sound is
     * taken, its type read by ffprobe from the bytes (a file with no audio stream is refused), kept
     * as sent under the data folder; the packaging job encodes it to AAC and adds it to the manifests.
     */
    async addAudio(
      contentId: number,
      input: { language: string; label: string; bytes: Buffer; by: string },
      audit: DeskAudit,
    ) {
      if (input.bytes.length === 0 || input.bytes.length > AUDIO_MAX_BYTES) throw apiError(ApiErrorNumber.BadParameter);
      await editable(contentId);
      const id = randomBytes(8).toString('hex');
      await mkdir(deps.tracksDir, { recursive: true });
      const media = await import('@playz/media');
      try {
        await writeFile(audioSource(id), input.bytes);
        const probed = await media.probeAudio(audioSource(id), media.locateFfmpeg(deps.ffmpegPath ?? undefined));
        if (!probed) throw apiError(ApiErrorNumber.BadParameter);
        return await revise(
          contentId,
          (trx, rev) =>
            queueTrack(
              trx,
              rev,
              { id, contentId, kind: 'audio', language: input.language, by: input.by },
              input.label || media.languageLabel(input.language),
            ),
          audit,
        );
      } catch (error) {
        await dropTrackFiles(id);
        throw error;
      }
    },

    /** The kind of a content's track (the audit names what was removed), null when unknown. */
    async kindOf(contentId: number, trackId: string) {
      const row = await db
        .selectFrom('content_tracks')
        .select('kind')
        .where('id', '=', trackId)
        .where('content_id', '=', contentId)
        .executeTakeFirst();
      return row?.kind ?? null;
    },

    /** A subtitle taken out: the next revision is made without it, then its row goes (decision 114). */
    removeTrack(contentId: number, trackId: string, audit: DeskAudit) {
      return revise(
        contentId,
        async (trx, rev) => {
          const done = await trx
            .updateTable('content_tracks')
            .set({ state: 'removing', removed_rev: rev, updated_at: stamp() })
            .where('id', '=', trackId)
            .where('content_id', '=', contentId)
            .where('removed_rev', 'is', null)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw apiError(ApiErrorNumber.NotFound);
        },
        audit,
      );
    },

    /** Protection on or off: the next revision is encrypted, or the clear copy again (decision 114). */
    async setProtection(contentId: number, on: boolean, audit: DeskAudit) {
      return revise(
        contentId,
        async (trx) => {
          await trx
            .updateTable('content_packaging')
            .set({ protected: on ? 1 : 0 })
            .where('content_id', '=', contentId)
            .execute();
        },
        audit,
      );
    },

    /**
     * The packaging job (decision 114). A revision another has overtaken does nothing (the later
     * one carries every change); the viewers are moved to a revision's folder only if no later
     * one is live already, in the transaction that marks its tracks ready and drops removed ones.
     */
    async runPackageJob(data: PackageJobData) {
      const row = await db
        .selectFrom('content_packaging')
        .selectAll()
        .where('content_id', '=', data.contentId)
        .executeTakeFirst();
      if (!row || row.rev !== data.rev || row.applied_rev >= data.rev) return;
      await setPackaging(data.contentId, { state: 'processing', progress: 10, error: null });
      const carried = (track: TrackRow) => track.rev <= data.rev;
      try {
        const base = JSON.parse(
          await readFile(path.join(deps.mediaRoot, 'clips', row.base_clip_key, 'clip.json'), 'utf8'),
        ) as DemoClip;
        const rows = await db
          .selectFrom('content_tracks')
          .selectAll()
          .where('content_id', '=', data.contentId)
          .orderBy('rev')
          .orderBy('id')
          .execute();
        const kept = rows.filter((t) => carried(t) && (t.removed_rev === null || t.removed_rev > data.rev));
        const starting = kept.filter((t) => t.state !== 'ready').map((t) => t.id);
        if (starting.length)
          await db
            .updateTable('content_tracks')
            .set({ state: 'processing', updated_at: stamp() })
            .where('id', 'in', starting)
            .execute();
        const clipKey = await buildRevision(base, data.rev, kept, row.protected === 1);
        const applied = await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('content_packaging')
            .set({ applied_rev: data.rev, updated_at: stamp() })
            .where('content_id', '=', data.contentId)
            .where('applied_rev', '<', data.rev)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return false;
          await trx.updateTable('contents').set({ clip_key: clipKey }).where('id', '=', data.contentId).execute();
          await trx
            .updateTable('content_tracks')
            .set({ state: 'ready', error: null, updated_at: stamp() })
            .where('content_id', '=', data.contentId)
            .where('rev', '<=', data.rev)
            .where('removed_rev', 'is', null)
            .execute();
          await trx
            .deleteFrom('content_tracks')
            .where('content_id', '=', data.contentId)
            .where('removed_rev', '<=', data.rev)
            .execute();
          // Ready unless another revision was asked for meanwhile (its job follows).
          await trx
            .updateTable('content_packaging')
            .set({ state: 'ready', progress: 100, error: null })
            .where('content_id', '=', data.contentId)
            .where('rev', '=', data.rev)
            .execute();
          return true;
        });
        if (!applied) return;
        for (const gone of rows.filter((t) => t.removed_rev !== null && t.removed_rev <= data.rev))
          await dropTrackFiles(gone.id);
        // What viewers play changed: the content's row names another clip (decision 013's version).
        await deps.afterChange();
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await setPackaging(data.contentId, { state: 'failed', error: reason });
        await db
          .updateTable('content_tracks')
          .set({ state: 'failed', error: reason, updated_at: stamp() })
          .where('content_id', '=', data.contentId)
          .where('rev', '<=', data.rev)
          .where('state', 'in', ['queued', 'processing'])
          .execute();
        throw error;
      }
    },
  };
}

export type ContentTracksDesk = ReturnType<typeof createContentTracksDesk>;
