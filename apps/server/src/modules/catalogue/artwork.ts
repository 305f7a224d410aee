import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiErrorNumber, PayloadTooLargeError, apiError } from '@playz/domain';
import { ARTWORK_MAX_BYTES } from '@playz/api-contract/admin';
import { buildOwnPosterArgs } from './import-video';

/** The smallest picture taken (decision 113): below it the 1280x720 the apps show would be a blur. */
export const ARTWORK_MIN_WIDTH = 640;
export const ARTWORK_MIN_HEIGHT = 360;

export type ArtworkKind = 'poster' | 'backdrop';
export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * The picture's type and dimensions read from its bytes, never from its name or the type the
 * browser claims (decision 113): an HTML page named poster.jpg is not a picture. Null when it is
 * none of JPEG, PNG or WebP, or its header is cut.
 */
export function sniffImage(bytes: Buffer): { type: ImageType; width: number; height: number } | null {
  // PNG: the signature, then the IHDR chunk's width and height.
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return bytes.toString('latin1', 12, 16) === 'IHDR'
      ? { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
      : null;
  // JPEG: SOI, then the segments up to a start-of-frame marker, which holds the dimensions.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 <= bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      const startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (startOfFrame) return { type: 'jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      at += 2 + length;
    }
    return null;
  }
  // WebP: RIFF....WEBP, then a lossy (VP8), lossless (VP8L) or extended (VP8X) header.
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8 ')
      return { type: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = bytes.readUInt32LE(21);
      return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X')
      return { type: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * Refuses what is not a picture to take, with the catalogue's error 3 (decision 113): with HTTP
 * 413 past the cap, 400 for the rest (decision 115).
 */
export function checkArtwork(bytes: Buffer) {
  if (bytes.length > ARTWORK_MAX_BYTES) throw new PayloadTooLargeError();
  if (bytes.length === 0) throw apiError(ApiErrorNumber.BadParameter);
  const image = sniffImage(bytes);
  if (!image || image.width < ARTWORK_MIN_WIDTH || image.height < ARTWORK_MIN_HEIGHT)
    throw apiError(ApiErrorNumber.BadParameter);
  return image;
}

/** What a content's image fields point to after an upload: paths under the media folder. */
export type ArtworkPaths = { poster: string; portrait: string } | { backdrop: string };

/**
 * Turns an editor's picture into the files the apps read (decision 113), as the operator import
 * makes them from a picture (decision 094): a poster gives the 16:9 landscape (1280x720) and the
 * 2:3 portrait (600x900), a backdrop a 1280x720 frame, all JPEG. Each file is named by a hash of
 * its bytes under `artwork/<owner>/`, so a new picture is a new address and no cache keeps the old.
 */
export async function makeArtwork(input: {
  bytes: Buffer;
  kind: ArtworkKind;
  mediaRoot: string;
  /** `content-12`, `series-3`, `event-4`: the folder under `artwork/`. */
  owner: string;
  ffmpegPath?: string | null;
}): Promise<ArtworkPaths> {
  const media = await import('@playz/media');
  const binaries = media.locateFfmpeg(input.ffmpegPath ?? undefined);
  const relDir = `artwork/${input.owner}`;
  const dir = path.join(input.mediaRoot, relDir);
  const work = path.join(dir, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(work, { recursive: true });
  try {
    const source = path.join(work, 'source');
    await writeFile(source, input.bytes);
    const run = (args: string[]) => media.runFfmpeg(args, { ffmpegPath: binaries.ffmpeg });
    const outputs: Record<string, string> = {};
    if (input.kind === 'poster') {
      outputs.poster = path.join(work, 'poster.jpg');
      outputs.portrait = path.join(work, 'portrait.jpg');
      await run(buildOwnPosterArgs({ input: source, landscapeOut: outputs.poster, portraitOut: outputs.portrait }));
    } else {
      outputs.backdrop = path.join(work, 'backdrop.jpg');
      await run([
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source],
        ...['-vf', 'scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720'],
        ...['-frames:v', '1', '-q:v', '3', outputs.backdrop],
      ]);
    }
    const paths: Record<string, string> = {};
    for (const [field, file] of Object.entries(outputs)) {
      const hash = createHash('sha256')
        .update(await readFile(file))
        .digest('hex')
        .slice(0, 16);
      const name = `${field}-${hash}.jpg`;
      await rename(file, path.join(dir, name));
      paths[field] = `${relDir}/${name}`;
    }
    return paths as ArtworkPaths;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
