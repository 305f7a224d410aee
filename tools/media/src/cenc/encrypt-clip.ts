import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encryptInitSegment, type InitInfo } from './cenc-init';
import { encryptMediaSegment } from './cenc-segment';

/** DASH identifiers of CENC and of ClearKey (DASH-IF IOP, W3C common PSSH). */
const MP4_PROTECTION = 'urn:mpeg:dash:mp4protection:2011';
const CLEARKEY_DASH_UUID = 'urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e';

export const kidToUuid = (kid: Buffer) =>
  kid.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The clip's MPD with CENC and ClearKey ContentProtection in every adaptation set. */
export function protectMpd(mpd: string, kid: Buffer): string {
  const uuid = kidToUuid(kid);
  const protection =
    `\n\t\t\t<ContentProtection schemeIdUri="${MP4_PROTECTION}" value="cenc" cenc:default_KID="${uuid}"/>` +
    `\n\t\t\t<ContentProtection schemeIdUri="${CLEARKEY_DASH_UUID}" value="ClearKey1.0"/>`;
  return (
    mpd
      .replace(/<MPD /, '<MPD xmlns:cenc="urn:mpeg:cenc:2013" ')
      // Subtitles (decision 068) stay in the clear: WebVTT files, not samples a key could open.
      .replace(/(<AdaptationSet [^>]*>)/g, (tag) => (/contentType="text"/.test(tag) ? tag : `${tag}${protection}`))
  );
}

/**
 * Writes a CENC-encrypted copy of a packaged clip folder (DRM, decision 024: ffmpeg cannot write
 * fragmented CENC, MEDIA-NOTES): init segments get sinf/tenc and a ClearKey pssh, media segments
 * senc/saiz/saio, the MPD its ContentProtection. Playlists are copied as they are. Built in a
 * temp folder renamed into place, so a finished folder is whole.
 */
export async function encryptClipFolder(sourceDir: string, targetDir: string, key: Buffer, kid: Buffer): Promise<void> {
  const work = `${targetDir}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
  await mkdir(work, { recursive: true });
  try {
    const names = await readdir(sourceDir);
    const infos = new Map<string, InitInfo>();
    for (const name of names.filter((n) => /^init-stream\d+\.m4s$/.test(n))) {
      const { init, info } = encryptInitSegment(await readFile(join(sourceDir, name)), kid);
      infos.set(/\d+/.exec(name)![0], info);
      await writeFile(join(work, name), init);
    }
    for (const name of names) {
      const chunk = /^chunk-stream(\d+)-\d+\.m4s$/.exec(name);
      if (chunk) {
        const info = infos.get(chunk[1]!);
        if (!info) throw new Error(`cenc: no init segment for ${name}`);
        await writeFile(join(work, name), encryptMediaSegment(await readFile(join(sourceDir, name)), key, info));
      } else if (name === 'manifest.mpd') {
        await writeFile(join(work, name), protectMpd(await readFile(join(sourceDir, name), 'utf8'), kid));
      } else if (name.endsWith('.m3u8') || name.endsWith('.vtt'))
        await copyFile(join(sourceDir, name), join(work, name));
    }
    await rm(targetDir, { recursive: true, force: true });
    await rename(work, targetDir);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
