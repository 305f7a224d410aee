import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoClip } from '@playz/media';
import { DEMO_CHANNELS, DEMO_CLIP_KEYS, DEMO_FILMS, DEMO_SERIES, type DemoClipKey } from './demo-catalogue';
import { channelLogoSvg } from './channel-logo';
import type { Artwork, SeedMedia } from './seed';
import type { DrmKeyStore } from '../../modules/drm/drm-keys';
import { ensureProtectedClip } from './protected-media';

export type MediaProgress = (p: { step: string; done: number; total: number }) => void;

/** Clip length used when media generation is skipped (tests): 10 segments of 3.2 s. */
const SKIPPED_CLIP_SECONDS = 32;

async function writeChannelLogos(mediaRoot: string): Promise<Map<number, string>> {
  const dir = path.join(mediaRoot, 'art');
  await fs.mkdir(dir, { recursive: true });
  const logos = new Map<number, string>();
  for (const c of DEMO_CHANNELS) {
    const relative = `art/channel-${c.id}.svg`;
    await fs.writeFile(path.join(mediaRoot, relative), channelLogoSvg(c.name, c.color));
    logos.set(c.id, relative);
  }
  return logos;
}

/**
 * Generates (first start) or finds (later starts) the demo clips and per-title artwork, and
 * answers the seed's questions about them. With `skip`, nothing is generated and artwork is null.
 */
export async function prepareDemoMedia(opts: {
  mediaRoot: string;
  skip: boolean;
  ffmpegPath: string | null;
  onProgress?: MediaProgress;
  /** Content keys of the encrypted demo clips (decision 024). */
  keys?: DrmKeyStore;
}): Promise<SeedMedia> {
  if (opts.skip) {
    return {
      clip: () => ({ poster: null, portrait: null, backdrop: null, preview: null, duration: SKIPPED_CLIP_SECONDS }),
      title: () => null,
      channelLogo: () => null,
    };
  }
  // Loaded only when media is made: tests and benchmarks that skip it never load the toolchain.
  const { ensureDemoMedia, renderTitleArtwork } = await import('@playz/media');
  const clips = await ensureDemoMedia(opts.mediaRoot, {
    onProgress: opts.onProgress,
    ...(opts.ffmpegPath ? { ffmpegPath: opts.ffmpegPath } : {}),
  });
  const byKey = new Map<string, DemoClip>(clips.map((c) => [c.key, c]));
  const clipOf = (key: DemoClipKey) => {
    const clip = byKey.get(key);
    if (!clip) throw new Error(`demo clip ${key} is missing after generation`);
    return clip;
  };
  for (const key of DEMO_CLIP_KEYS) clipOf(key);

  const titled = [
    ...DEMO_FILMS.map((f) => ({ key: `film-${f.id}`, title: f.title, clip: f.clip, hue: f.hue })),
    ...DEMO_SERIES.map((s) => ({ key: `series-${s.id}`, title: s.name, clip: s.clip, hue: s.hue })),
  ];
  const titleArt = new Map<string, Artwork>();
  for (const [i, t] of titled.entries()) {
    opts.onProgress?.({ step: 'artwork', done: i, total: titled.length });
    const made = await renderTitleArtwork({
      clip: clipOf(t.clip),
      mediaRoot: opts.mediaRoot,
      title: t.title,
      hue: t.hue,
      outDir: `art/${t.key}`,
      ...(opts.ffmpegPath ? { ffmpegPath: opts.ffmpegPath } : {}),
    });
    titleArt.set(t.key, { poster: made.posterPath, portrait: made.portraitPath, backdrop: null, preview: null });
  }
  opts.onProgress?.({ step: 'artwork', done: titled.length, total: titled.length });
  const logos = await writeChannelLogos(opts.mediaRoot);
  // The DRM demo (decision 024): an encrypted copy of the protected films' clips.
  if (opts.keys) {
    for (const film of DEMO_FILMS.filter((f) => f.isProtected)) {
      opts.onProgress?.({ step: `${film.clip}: encryption`, done: 0, total: 1 });
      await ensureProtectedClip(opts.mediaRoot, clipOf(film.clip), opts.keys);
    }
  }

  return {
    clip: (key) => {
      const c = clipOf(key);
      // The clean frame: the clip's own posters carry the clip's name, not the title's.
      return {
        poster: c.posterFramePath,
        portrait: c.posterFramePath,
        backdrop: c.posterFramePath,
        preview: c.previewPath,
        duration: c.durationSec,
      };
    },
    title: (key) => titleArt.get(key) ?? null,
    channelLogo: (id) => logos.get(id) ?? null,
  };
}
