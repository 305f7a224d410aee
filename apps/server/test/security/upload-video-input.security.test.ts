import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importVideo } from '../../src/modules/catalogue/import-video';
import { createTestApp, type TestApp } from '../test-app';

/**
 * An editor's upload is made into a content by the media job (decision 094), whose ffmpeg picks a
 * demuxer from the file's bytes. A "video" that is a text file starting #EXTM3U would be opened as
 * an HLS playlist and the files it names read: the job would encode a video the server holds (or
 * an address only the server reaches) into a content the editor publishes. The upload is opened
 * only as a video container from a local file (`videoInputOptions`, decision 114 addendum).
 * Pass rule: the job refuses it and makes no content and no clip; the same video sent itself is
 * imported (the control).
 */
let t: TestApp;
let work: string;
let serverOwn: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'playz-upload-input-'));
  t = await createTestApp();
  // A video of the server's own (a clip of another content, say), 2 s, as an MPEG-TS segment.
  serverOwn = path.join(t.config.dataDir, 'server-own.ts');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', serverOwn],
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const clipsDir = () => path.join(t.config.dataDir, 'media', 'clips');
const importedClips = () =>
  existsSync(clipsDir()) ? readdirSync(clipsDir()).filter((d) => d.startsWith('imported-')) : [];
const contents = async () => (await t.database.db.selectFrom('contents').select('id').execute()).length;

describe('decision 094 security: an uploaded video is opened as a video, never as a playlist', () => {
  it('an HLS playlist naming a video of the server is refused by the media job: no content, no clip', async () => {
    const upload = path.join(work, 'film.mp4');
    writeFileSync(upload, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${serverOwn}\n#EXT-X-ENDLIST\n`);
    const before = await contents();
    await expect(
      importVideo(t.database.db, path.join(t.config.dataDir, 'media'), {
        file: upload,
        title: 'Pas un film',
        description: '',
        type: 'Film',
      }),
    ).rejects.toThrow();
    expect(await contents()).toBe(before);
    expect(importedClips()).toEqual([]);
  });

  it('the control: the same video sent itself is imported', async () => {
    const made = await importVideo(t.database.db, path.join(t.config.dataDir, 'media'), {
      file: serverOwn,
      title: 'Un film',
      description: '',
      type: 'Film',
    });
    expect(made.contentId).toBeGreaterThan(0);
    expect(importedClips()).toEqual([made.clipKey]);
  });
});
