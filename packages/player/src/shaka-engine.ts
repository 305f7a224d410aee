import type {
  Engine,
  EngineDrm,
  EngineError,
  EngineEvents,
  EngineFactory,
  EnginePreload,
  EngineVideoTrack,
} from './engine';
import { fetchLicenceToken, withLicenceToken } from './licence-token';
import { loadShaka, type ShakaNamespace } from './shaka-load';
import { segmentGrantOf, withSegmentGrant } from './segment-grant';

type ShakaPlayer = InstanceType<ShakaNamespace['Player']>;
type PreloadManager = NonNullable<Awaited<ReturnType<ShakaPlayer['preload']>>>;
type ShakaConfiguration = ReturnType<ShakaPlayer['getConfiguration']>;

// Shaka codes that are not failures: a new load() or destroy() interrupted the previous one.
const LOAD_INTERRUPTED = 7000;
const SEVERITY_CRITICAL = 2;

/** How long an opening's continuation waits for the press's manifest (decision 044). */
const CONTINUATION_TIMEOUT_MS = 10_000;

/**
 * The bandwidth assumed before the first segment is measured: hls.js's default (500 kbit/s), so a
 * first visit starts on the smallest rendition, whose first segment comes and decodes soonest
 * (decision 033); the estimate then takes over after minTimeToSwitch.
 */
const START_BANDWIDTH_ESTIMATE = 500_000;

function toEngineError(error: unknown): EngineError {
  const detail = error as { code?: number; severity?: number; message?: string; data?: unknown } | null;
  if (detail && typeof detail.code === 'number') {
    return {
      code: detail.code,
      message: detail.message || `Shaka error ${detail.code}`,
      fatal: detail.severity === SEVERITY_CRITICAL,
      cause: error,
    };
  }
  return {
    code: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    fatal: true,
    cause: error,
  };
}

async function createShakaEngine(video: HTMLVideoElement, events: EngineEvents): Promise<Engine> {
  return createShakaEngineWith(await loadShaka(), video, events);
}

/** The DRM part of Shaka's configuration for one stream: its licence server and certificate. */
function drmConfiguration(drm: EngineDrm | null) {
  return {
    servers: drm ? { [drm.keySystem]: new URL(drm.licenseUrl, location.href).toString() } : {},
    advanced: drm?.certificateUrl ? { [drm.keySystem]: { serverCertificateUri: drm.certificateUrl } } : {},
  };
}

/** The Shaka engine over a given Shaka namespace (the real one is fetched lazily; tests pass a fake). */
export async function createShakaEngineWith(
  shaka: ShakaNamespace,
  video: HTMLVideoElement,
  events: EngineEvents,
): Promise<Engine> {
  if (!shaka.Player.isBrowserSupported()) {
    throw Object.assign(new Error('This browser cannot play adaptive streams'), { code: 'unsupported' });
  }
  const player: ShakaPlayer = new shaka.Player();
  // Attaching opens a MediaSource (tens of ms): the first load fetches its manifest and first
  // segments meanwhile (decision 033) and hands them over once the element is ready.
  const attached = player.attach(video);
  // Observed here: a failed attach is reported by the load that needs it.
  attached.catch(() => undefined);
  player.addEventListener('error', (event) => {
    const engineError = toEngineError((event as unknown as { detail: unknown }).detail);
    if (engineError.code !== LOAD_INTERRUPTED) events.onError(engineError);
  });
  player.addEventListener('adaptation', () => events.onTracksChanged());
  player.addEventListener('variantchanged', () => events.onTracksChanged());
  player.addEventListener('trackschanged', () => events.onTracksChanged());
  player.addEventListener('textchanged', () => events.onTracksChanged());
  player.addEventListener('texttrackvisibility', () => events.onTracksChanged());
  player.addEventListener('buffering', (event) =>
    events.onBuffering(Boolean((event as unknown as { buffering: boolean }).buffering)),
  );

  // The DRM step (spec 2 §7): one single-use token per licence request, fetched just before it.
  let drm: EngineDrm | null = null;
  const LICENSE = shaka.net.NetworkingEngine.RequestType.LICENSE;
  player.getNetworkingEngine()?.registerRequestFilter(async (type, request) => {
    if (type !== LICENSE || !drm) return;
    const token = await fetchLicenceToken(drm);
    request.uris = request.uris.map((uri) => withLicenceToken(uri, token));
  });

  // Decision 044: an opening's segments go on under the press's grant. `loadedGrant` is the grant
  // the stream's first segment came under (the opening's); `continuation` the press's grant, asked.
  let loadedGrant: string | null = null;
  let continuation: Promise<string | null> | null = null;
  const SEGMENT = shaka.net.NetworkingEngine.RequestType.SEGMENT;
  const MANIFEST = shaka.net.NetworkingEngine.RequestType.MANIFEST;
  player.getNetworkingEngine()?.registerRequestFilter(async (type, request) => {
    // HLS media playlists are fetched as manifests, under the segments' grant.
    if (type !== SEGMENT && type !== MANIFEST) return;
    const grant = segmentGrantOf(request.uris[0] ?? '');
    if (type === SEGMENT && !loadedGrant) loadedGrant = grant;
    if (!continuation || !grant || grant !== loadedGrant) return;
    // A request made while the press's manifest is on its way waits for it: past the opening's
    // range, the opening's grant would be refused.
    const next = await continuation;
    if (next) request.uris = request.uris.map((uri) => withSegmentGrant(uri, next));
  });
  const defaultBufferingGoal = player.getConfiguration().streaming.bufferingGoal;

  // Preloads this engine made: only those can be handed to its player's load().
  const managers = new WeakMap<EnginePreload, PreloadManager>();

  return {
    kind: 'shaka',
    async load(url, mimeType, startTime, protection, preloaded) {
      drm = protection ?? null;
      loadedGrant = null;
      continuation = null;
      player.configure({
        // No quality switch in the first seconds: a start that settles on one rendition first.
        // (The frozen pictures once blamed on early switches were Shaka 5.2 looking segments up
        // by floor((t - periodStart) / 3.2) in floating point: the live MPD and VOD manifests
        // now carry SegmentTimelines, decision 022.) Later switches keep Shaka's 8 s interval.
        // Shaka's useNetworkInformation (on by default) replaces the start estimate by the
        // browser's navigator.connection.downlink, a guess made before any byte of the stream: in
        // Chromium a first visit then started on the 900 kbit/s rendition (decision 120's trace),
        // whose first segment is twice the lowest's. The estimate measured from the stream's own
        // segments takes over as before.
        abr: { minTimeToSwitch: 8, defaultBandwidthEstimate: START_BANDWIDTH_ESTIMATE, useNetworkInformation: false },
        drm: {
          servers: drm ? { [drm.keySystem]: new URL(drm.licenseUrl, location.href).toString() } : {},
          advanced: drm?.certificateUrl ? { [drm.keySystem]: { serverCertificateUri: drm.certificateUrl } } : {},
        },
      });
      const manager = preloaded ? managers.get(preloaded) : undefined;
      // A failed preload is not handed over: its error would become this load's.
      const usable = manager && preloaded ? await preloaded.ready : false;
      try {
        if (manager && usable) {
          // The preload carries its own configuration (made from this player's, with its DRM):
          // load() takes it over, manifest and first segments included.
          await player.load(manager);
          return;
        }
        if (preloaded) void preloaded.destroy();
        // From the stream's own start (a VOD's start, the live edge), the manifest and first
        // segments are fetched while the element attaches, with the configuration set above (DRM
        // included), as a zap's preload is. A resume point loads the plain way: Shaka's preload
        // does not keep it. (An engine that cannot preload, src= playback, says so and loads plainly.)
        const early =
          startTime === undefined ? await player.preload(url, null, mimeType, undefined, true).catch(() => null) : null;
        await attached;
        if (early) await player.load(early);
        else await player.load(url, startTime ?? null, mimeType);
      } catch (error) {
        const engineError = toEngineError(error);
        if (engineError.code === LOAD_INTERRUPTED) return;
        throw engineError;
      }
    },
    async preload(url, mimeType, protection) {
      // The player's own settings (ABR, streaming) with this stream's DRM: a preload's
      // configuration replaces the player's when it is loaded.
      const current = player.getConfiguration();
      const config = { ...current, drm: { ...current.drm, ...drmConfiguration(protection ?? null) } };
      let manager: PreloadManager | null;
      try {
        manager = await player.preload(url, null, mimeType, config as ShakaConfiguration);
      } catch {
        return null;
      }
      if (!manager) return null;
      const preload: EnginePreload = {
        // Observed here, so a refused neighbour (a 403 manifest) is never an unhandled rejection.
        ready: manager.waitForFinish().then(
          () => true,
          () => false,
        ),
        destroy: async () => {
          await manager.destroy().catch(() => undefined);
        },
      };
      managers.set(preload, manager);
      return preload;
    },
    limitAhead(seconds) {
      player.configure({ streaming: { bufferingGoal: seconds ?? defaultBufferingGoal } });
    },
    async continueWith(url) {
      // The press's own manifest: asking it is the server's check of that stream (the device
      // place, the right to View); what it names is the grant the next segments need.
      const asked = (async () => {
        // Bounded: segments waiting on it must not wait forever (a refusal then recovers).
        const signal = AbortSignal.timeout(CONTINUATION_TIMEOUT_MS);
        const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', signal });
        const grant = response.ok ? segmentGrantOf(await response.text()) : null;
        if (!grant) {
          throw Object.assign(new Error(`The stream could not be continued (HTTP ${response.status})`), {
            code: response.ok ? 'opening' : response.status,
          });
        }
        return grant;
      })();
      // Requests waiting on it go on with the opening's grant when it fails (and are refused).
      continuation = asked.catch(() => null);
      await asked;
    },
    getVideoTracks(): EngineVideoTrack[] {
      return player
        .getVideoTracks()
        .filter((track) => track.height !== null)
        .map((track) => ({
          height: track.height ?? 0,
          width: track.width ?? 0,
          bandwidth: track.bandwidth,
          active: track.active,
        }));
    },
    setAdaptive(enabled) {
      player.configure({ abr: { enabled } });
    },
    selectVideoTrack(wanted) {
      const track = player.getVideoTracks().find((candidate) => candidate.height === wanted.height);
      // Keep a little buffer so the switch does not stall on a slow link.
      if (track) player.selectVideoTrack(track, true, 2);
    },
    getAudioLanguages() {
      return oneTrackPerLanguage(player.getAudioTracks());
    },
    selectAudioLanguage(language) {
      const track = player.getAudioTracks().find((candidate) => candidate.language === language);
      // Two segments kept: the sound changes within a few seconds without a stall.
      if (track && !track.active) player.selectAudioTrack(track, 6.4);
    },
    getTextLanguages() {
      return oneTrackPerLanguage(player.getTextTracks());
    },
    selectTextLanguage(language) {
      const track = language ? player.getTextTracks().find((candidate) => candidate.language === language) : null;
      player.selectTextTrack(track ?? null);
    },
    isLive: () => player.isLive(),
    getSeekRange() {
      const range = player.seekRange();
      return Number.isFinite(range.start) && Number.isFinite(range.end) ? range : null;
    },
    async destroy() {
      await player.destroy();
    },
  };
}

/** Shaka lists a language per variant or role: one entry each, the active one kept. */
function oneTrackPerLanguage(tracks: { language: string; label: string | null; active: boolean }[]) {
  const byLanguage = new Map<string, { language: string; label: string | null; active: boolean }>();
  for (const track of tracks) {
    const known = byLanguage.get(track.language);
    if (!known || (track.active && !known.active))
      byLanguage.set(track.language, { language: track.language, label: track.label, active: track.active });
  }
  return [...byLanguage.values()];
}

/** Plain files (mp4 teasers): the element plays them itself, with one "track". */
function createNativeEngine(video: HTMLVideoElement, events: EngineEvents): Engine {
  const onError = () => {
    const mediaError = video.error;
    events.onError({
      code: mediaError?.code ?? 'media',
      message: mediaError?.message || 'The video could not be played',
      fatal: true,
      cause: mediaError,
    });
  };
  video.addEventListener('error', onError);
  return {
    kind: 'native',
    async load(url, _mimeType, startTime) {
      video.src = url;
      if (startTime) video.currentTime = startTime;
      video.load();
    },
    getVideoTracks() {
      return video.videoHeight
        ? [{ height: video.videoHeight, width: video.videoWidth, bandwidth: 0, active: true }]
        : [];
    },
    setAdaptive() {},
    selectVideoTrack() {},
    // A teaser has one sound and no subtitles.
    getAudioLanguages: () => [],
    selectAudioLanguage() {},
    getTextLanguages: () => [],
    selectTextLanguage() {},
    // A plain file is fetched by the element itself: nothing to do ahead of it.
    preload: async () => null,
    limitAhead() {},
    // Openings are adaptive streams (decision 044): a plain file is never one.
    continueWith: async () => {
      throw Object.assign(new Error('A plain file cannot continue another stream'), { code: 'opening' });
    },
    isLive: () => false,
    getSeekRange: () => (Number.isFinite(video.duration) ? { start: 0, end: video.duration } : null),
    async destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

/** The engine for a stream's kind; pages reach it through engine-factory.ts, which loads this module on demand. */
export const createEngine: EngineFactory = async (kind, video, events) =>
  kind === 'shaka' ? createShakaEngine(video, events) : createNativeEngine(video, events);
