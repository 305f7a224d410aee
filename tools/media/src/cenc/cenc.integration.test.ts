import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoClipSpec } from '../demo-clip';
import { ensureDemoMedia } from '../demo-media';
import { locateFfmpeg, type FfmpegBinaries } from '../ffmpeg-binary';
import { captureProcessOutput } from '../run-ffmpeg';
import { encryptClipFolder } from './encrypt-clip';

// Checked with decoders this project did not write (decision 024): ffmpeg decrypts with the key to
// the very frames of the clear clip, ffprobe reads the pssh; Chromium's EME plays it in e2e.
const spec: DemoClipSpec = {
  key: 'vault',
  title: 'Coffre',
  pattern: 'city',
  toneHz: 440,
  durationSec: 6.4,
  width: 854,
  height: 480,
  fps: 25,
  segmentSec: 3.2,
  renditions: [{ height: 270, videoKbps: 300 }],
};
const KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const KID = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');

let binaries: FfmpegBinaries;
let mediaRoot: string;
beforeAll(async () => {
  binaries = locateFfmpeg();
  mediaRoot = await mkdtemp(join(tmpdir(), 'playz-cenc-'));
  await ensureDemoMedia(mediaRoot, { clips: [spec] });
  await encryptClipFolder(join(mediaRoot, 'clips/vault'), join(mediaRoot, 'clips/vault-cenc'), KEY, KID);
}, 120_000);
afterAll(async () => {
  if (mediaRoot) await rm(mediaRoot, { recursive: true, force: true });
});

/** init + first segment of a stream, as one file ffmpeg can read. */
async function joined(folder: string, stream: number): Promise<string> {
  const dir = join(mediaRoot, 'clips', folder);
  const file = join(mediaRoot, `${folder}-${stream}.mp4`);
  const parts = [`init-stream${stream}.m4s`, `chunk-stream${stream}-00001.m4s`];
  await writeFile(file, Buffer.concat(await Promise.all(parts.map((p) => readFile(join(dir, p))))));
  return file;
}

async function frameHashes(file: string, key?: string): Promise<string> {
  const args = [...(key ? ['-decryption_key', key] : []), '-v', 'error', '-i', file, '-f', 'framemd5', '-'];
  const { stdout } = await captureProcessOutput(binaries.ffmpeg, args);
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .join('\n');
}

describe('CENC encryptor (decision 024: cenc, AES-CTR, over the pipeline’s fMP4)', () => {
  for (const [stream, kind] of [
    [0, 'video (AVC subsamples)'],
    [1, 'audio (whole samples)'],
  ] as const) {
    it(`ffmpeg decrypts the ${kind} to the clear clip's exact frames with the key, not without`, async () => {
      const clear = await frameHashes(await joined('vault', stream));
      const encrypted = await joined('vault-cenc', stream);
      expect(clear.split('\n').length).toBeGreaterThan(10);
      expect(await frameHashes(encrypted, KEY.toString('hex'))).toBe(clear);
      expect(await frameHashes(encrypted, 'ffffffffffffffffffffffffffffffff')).not.toBe(clear);
    });
  }

  it('ffprobe reads the pssh of the encrypted init segment, and none in the clear one', async () => {
    const probe = async (file: string) =>
      (await captureProcessOutput(binaries.ffprobe!, ['-v', 'error', '-show_streams', file])).stdout;
    expect(await probe(await joined('vault-cenc', 0))).toContain('side_data_type=Encryption initialization data');
    expect(await probe(await joined('vault', 0))).not.toContain('Encryption initialization data');
  });

  it('the MPD announces CENC with the key id and ClearKey', async () => {
    const mpd = await readFile(join(mediaRoot, 'clips/vault-cenc/manifest.mpd'), 'utf8');
    expect(mpd).toContain('cenc:default_KID="01234567-89ab-cdef-0123-456789abcdef"');
    expect(mpd).toContain('schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e"');
    expect(mpd.match(/<ContentProtection /g)).toHaveLength(4);
  });
});
