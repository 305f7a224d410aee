import type { AdaptiveStream } from '@playz/api-contract';
import { selectStream } from '@playz/domain';
import type {
  Engine,
  EngineDrm,
  EngineError,
  EngineEvents,
  EngineFactory,
  EnginePreload,
  EngineVideoTrack,
} from './engine';
import type { TakenOpening } from './openings';
import {
  languageStorageKey,
  readLanguagePreference,
  writeLanguagePreference,
  type LanguagePreference,
  type SubtitleStyle,
} from './language-preference';
import { MIME_TYPES, sourceTypeOf } from './mime-type';
import { readQualityPreference, writeQualityPreference, type QualityPreference } from './quality-preference';
import { defaultEngineFactory } from './engine-factory';

/** The states of spec 2 §4 the web player shows (fullscreen belongs to the page, not the engine). */
export interface PlayerState {
  paused: boolean;
  loading: boolean;
  seeking: boolean;
  muted: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  quality: QualityPreference;
  /** Height of the track on screen, when known. */
  activeHeight: number | null;
  /** A live window (channel, start-over still airing): time is air time, the end moves. */
  live: boolean;
  /** Where the viewer may seek (0 to duration for a VOD; the window for live). */
  seekStart: number;
  seekEnd: number;
  /** Audio languages and subtitles (decision 068); absent from players that have none to give. */
  languages?: PlayerLanguages;
}

/** A language the viewer may choose: its tag and the stream's name for it. */
export interface LanguageOption {
  language: string;
  label: string | null;
}

export interface PlayerLanguages {
  audio: LanguageOption[];
  /** The audio language playing, null before the stream says. */
  audioLanguage: string | null;
  subtitles: LanguageOption[];
  /** The subtitles shown; null when off. */
  subtitleLanguage: string | null;
  subtitleStyle: SubtitleStyle;
}

export interface QualityTrack {
  height: number;
  width: number;
  bandwidth: number;
  active: boolean;
}

export type PlayerError = EngineError;
export type PlayResult = 'playing' | 'muted' | 'blocked';

export interface PlayerOptions {
  onState?: (state: PlayerState) => void;
  onError?: (error: PlayerError) => void;
  /** Where the quality preference lives; defaults to localStorage. */
  storage?: Storage | null;
  logger?: Pick<Console, 'error'>;
  /** Replaced in tests; the default loads Shaka on first use. */
  engineFactory?: EngineFactory;
  /**
   * An opening taken over (decision 044): `video` is its element, paused on the first frame;
   * the first load continues its engine under the stream's own grant instead of loading anew.
   */
  opening?: TakenOpening | null;
  /**
   * Whose subtitle and audio choices these are (decision 069): the profile's id. They are kept on
   * the device under it, so each viewer of a family finds their own.
   */
  viewer?: string | null;
  /**
   * The viewer changed a subtitle or audio choice (a button, a key, the phone remote): the new
   * whole preference, for the app to save on the server too (decision 081). Not called for
   * `adoptLanguages`.
   */
  onLanguagesChosen?: (preference: LanguagePreference) => void;
  /**
   * A warm standby (decision 119): the likeliest next stream (the first of `preload`'s list) is
   * loaded into a second, muted media element kept out of the page, paused on its first frame, so
   * a zap onto it is a swap of elements and a play. Only where the device can hold two decoders.
   */
  standby?: boolean;
  /**
   * The element on screen changed (a standby shown by a zap): it now holds the old one's place in
   * the page, and the page's references to the element follow it.
   */
  onVideo?: (video: HTMLVideoElement) => void;
}

/** Where to start: a media time, or the start of the seekable window (a start-over). */
export type StartPosition = number | 'window-start';

/** A live stream farther than this behind its newest segment is "not live" (back-to-live shows). */
export const LIVE_EDGE_TOLERANCE_SECONDS = 12;

/** What the player plays: a stream answer of the API (spec 2 §3 AdaptiveStream), or its parts. */
export type PlayerSource = Pick<AdaptiveStream, 'url' | 'type'> & Partial<Pick<AdaptiveStream, 'contentProtection'>>;

/**
 * A live preload older than this is fetched again: its manifest's window has moved on, and a
 * zap onto it would start that far behind the live edge (live windows are 2 minutes, decision 022).
 */
export const PRELOAD_MAX_AGE_MS = 20_000;

/**
 * A standby (decision 119) older than this is loaded again: paused, it falls behind the live edge
 * by the time it waits, and a zap shows it from where it stands.
 */
export const STANDBY_MAX_AGE_MS = 10_000;

export interface Player {
  load(stream: PlayerSource, start?: StartPosition): Promise<void>;
  /**
   * A channel change: the next stream into the same engine and media element (no new player,
   * no new MediaSource pipeline), from its preload when there is one, then plays.
   */
  zap(stream: PlayerSource, start?: StartPosition): Promise<PlayResult>;
  /**
   * Keeps these streams fetched ahead (a channel's neighbours): manifest and first segments
   * now, so a zap onto one starts from data already here. Streams preloaded before and not in
   * the list are dropped. The stream on screen is never preloaded again.
   */
  preload(streams: readonly PlayerSource[]): void;
  /** Jumps to the newest segment of a live stream. */
  seekToLiveEdge(): void;
  /** Plays; when the browser refuses sound without a gesture, plays muted instead (spec: autoplay muted). */
  play(): Promise<PlayResult>;
  pause(): void;
  seek(time: number): void;
  setMuted(muted: boolean): void;
  setQuality(quality: QualityPreference): void;
  /** Plays this audio language (decision 068) and remembers it for the viewer. */
  setAudioLanguage(language: string): void;
  /** Shows these subtitles, or none with null, and remembers it for the viewer. */
  setSubtitleLanguage(language: string | null): void;
  /** How subtitles look (size, background), remembered for the viewer. */
  setSubtitleStyle(style: Partial<SubtitleStyle>): void;
  /**
   * The viewer's choices as found elsewhere (the server's copy of the profile's, decision 081; a
   * cast sender's): kept on the device as well and applied to the stream playing now.
   */
  adoptLanguages(preference: LanguagePreference): void;
  /** The viewer's remembered choices (what the next load applies). */
  getLanguagePreference(): LanguagePreference;
  getTracks(): QualityTrack[];
  getState(): PlayerState;
  destroy(): Promise<void>;
}

/**
 * The commands a screen gives the player: the web app today; the TV app and the phone remote
 * drive the same ones. Nothing of React or the page in it.
 */
export type PlayerCommands = Pick<
  Player,
  | 'play'
  | 'pause'
  | 'seek'
  | 'seekToLiveEdge'
  | 'zap'
  | 'preload'
  | 'setMuted'
  | 'setQuality'
  | 'setAudioLanguage'
  | 'setSubtitleLanguage'
  | 'setSubtitleStyle'
>;

const KEY_SYSTEMS = { ClearKey: 'org.w3.clearkey', Widevine: 'com.widevine.alpha', FairPlay: 'com.apple.fps' } as const;

/** spec 2 §3 DRM content protection, as the engine needs it. */
function drmOf(protection: AdaptiveStream['contentProtection'] | undefined): EngineDrm | null {
  if (!protection) return null;
  return {
    keySystem: KEY_SYSTEMS[protection.DrmType],
    licenseUrl: protection.DrmLicenseUrl,
    tokenUrl: protection.DrmLicenseTokenUrl,
    certificateUrl: protection.DrmCertificateUrl,
    contentAccessMode: protection.ContentAccessMode,
    contentSecurityId: protection.ContentSecurityID,
    usageContext: protection.UsageContext,
  };
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** A stream held ready in a second element (decision 119), and how far its load has got. */
interface Standby {
  element: HTMLVideoElement;
  engine: Promise<Engine> | null;
  /** The engine once made: a zap swaps only onto a standby whose engine exists. */
  ready: Engine | null;
  url: string | null;
  /** When its load started: a paused live stream falls behind its live edge from then on. */
  at: number;
  state: 'loading' | 'ready' | 'failed';
  loaded: Promise<boolean>;
  token: number;
}

/**
 * A standby's element is in the page beside the one on screen, unseen and out of the layout: a
 * browser keeps the first frame of a visible document's paused video decoded, where a detached one
 * is suspended and decodes again at play (measured, decision 119).
 */
function conceal(element: HTMLVideoElement): void {
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, { position: 'absolute', inset: '0', opacity: '0', pointerEvents: 'none' });
}

function reveal(element: HTMLVideoElement): void {
  element.removeAttribute('aria-hidden');
  for (const property of ['position', 'inset', 'opacity', 'pointer-events']) element.style.removeProperty(property);
}

/** The standby's element: muted and unseen until a zap shows it. */
function standbyElement(like: HTMLVideoElement): HTMLVideoElement {
  const element = document.createElement('video');
  element.className = like.className;
  element.muted = true;
  element.playsInline = true;
  element.preload = 'auto';
  conceal(element);
  return element;
}

export function createPlayer(shownVideo: HTMLVideoElement, options: PlayerOptions = {}): Player {
  /** The element on screen: a zap onto the standby swaps it (decision 119). */
  let video = shownVideo;
  const logger = options.logger ?? console;
  const engineFactory = options.engineFactory ?? defaultEngineFactory;
  let engine: Engine | null = null;
  let destroyed = false;
  let loadToken = 0;
  let loading = false;
  let buffering = false;
  let quality = readQualityPreference(options.storage);
  const languageKey = languageStorageKey(options.viewer);
  let languages: LanguagePreference = readLanguagePreference(languageKey, options.storage);
  /** Whether the stream on screen has had its languages applied (a choice adopted later applies at once). */
  let streamReady = false;
  /** The url on screen (or being loaded): never preloaded as well. */
  let currentUrl: string | null = null;
  /** The streams the page wants fetched ahead, and what the engine fetched for them, by url. */
  let wanted: readonly PlayerSource[] = [];
  const preloads = new Map<string, { at: number; engine: Engine; preload: Promise<EnginePreload | null> }>();
  let refreshTimer: ReturnType<typeof setInterval> | null = null;

  function tracks(): QualityTrack[] {
    const byHeight = new Map<number, EngineVideoTrack>();
    for (const track of engine?.getVideoTracks() ?? []) {
      const known = byHeight.get(track.height);
      // One entry per height: the active one wins, else the highest bitrate.
      if (!known || track.active || (!known.active && track.bandwidth > known.bandwidth))
        byHeight.set(track.height, track);
    }
    return [...byHeight.values()].sort((a, b) => b.height - a.height).map((track) => ({ ...track }));
  }

  function state(): PlayerState {
    const active = tracks().find((track) => track.active);
    const range = engine?.getSeekRange() ?? null;
    const duration = finite(video.duration);
    return {
      live: engine?.isLive() ?? false,
      seekStart: range?.start ?? 0,
      seekEnd: range?.end ?? duration,
      paused: video.paused,
      loading: loading || buffering,
      seeking: video.seeking,
      muted: video.muted,
      ended: video.ended,
      currentTime: finite(video.currentTime),
      duration: finite(video.duration),
      quality,
      activeHeight: active?.height ?? (video.videoHeight || null),
      languages: languageState(),
    };
  }

  function languageState(): PlayerLanguages {
    const audio = engine?.getAudioLanguages() ?? [];
    const subtitles = engine?.getTextLanguages() ?? [];
    return {
      audio: audio.map(({ language, label }) => ({ language, label })),
      audioLanguage: audio.find((track) => track.active)?.language ?? null,
      subtitles: subtitles.map(({ language, label }) => ({ language, label })),
      subtitleLanguage: subtitles.find((track) => track.active)?.language ?? null,
      subtitleStyle: languages.style,
    };
  }

  /** The subtitles' look is the page's CSS, read from the element (decision 069). */
  function applySubtitleStyle(): void {
    video.dataset.subtitleSize = languages.style.size;
    video.dataset.subtitleBackground = languages.style.background;
  }
  applySubtitleStyle();

  /**
   * The viewer's languages on a stream just loaded: their audio language when the stream has it
   * (else the stream's own default), their subtitles when it has them (else none).
   */
  function applyLanguages(): void {
    if (!engine) return;
    streamReady = true;
    const audio = languages.audio;
    if (audio && engine.getAudioLanguages().some((track) => track.language === audio)) {
      engine.selectAudioLanguage(audio);
    }
    const text = languages.text;
    engine.selectTextLanguage(text && engine.getTextLanguages().some((track) => track.language === text) ? text : null);
  }

  function rememberLanguages(next: Partial<LanguagePreference>): void {
    languages = { ...languages, ...next };
    writeLanguagePreference(languageKey, languages, options.storage);
  }

  function chosen(next: Partial<LanguagePreference>): void {
    rememberLanguages(next);
    options.onLanguagesChosen?.(languages);
  }

  function emit(): void {
    if (!destroyed) options.onState?.(state());
  }

  function report(error: PlayerError): void {
    // Web player errors are only logged (spec 2 §4); the page may still show a message.
    logger.error('[player]', error.code, error.message, error.cause ?? '');
    options.onError?.(error);
  }

  function applyQuality(): void {
    if (!engine) return;
    if (quality === 'auto') {
      engine.setAdaptive(true);
      return;
    }
    // Sort by height descending, take the first at or under the preference (spec 2 §4).
    const candidates = tracks().map((track) => ({ ...track, url: String(track.height) }));
    const chosen = selectStream(candidates, quality);
    if (!chosen) {
      engine.setAdaptive(true);
      return;
    }
    engine.setAdaptive(false);
    engine.selectVideoTrack(chosen);
  }

  const onMediaEvent = (event: Event) => {
    if (event.type === 'canplay' || event.type === 'playing') {
      loading = false;
      buffering = false;
    }
    if (event.type === 'waiting') buffering = true;
    emit();
  };
  const mediaEvents = [
    'play',
    'pause',
    'playing',
    'waiting',
    'canplay',
    'seeking',
    'seeked',
    'timeupdate',
    'durationchange',
    'loadedmetadata',
    'volumechange',
    'ended',
  ];
  for (const type of mediaEvents) video.addEventListener(type, onMediaEvent);

  /** The warm standby (decision 119): a second element and engine, or none where the device cannot. */
  let standby: Standby | null = options.standby ? emptyStandby() : null;

  function emptyStandby(): Standby {
    return {
      element: standbyElement(video),
      engine: null,
      ready: null,
      url: null,
      at: 0,
      state: 'failed',
      loaded: Promise.resolve(false),
      token: 0,
    };
  }

  /** The stream the standby should hold: the first wanted one not on screen. */
  function standbyStream(): PlayerSource | null {
    return wanted.find((stream) => sourceTypeOf(stream) !== 'video' && stream.url !== currentUrl) ?? null;
  }

  /**
   * Loads the stream into the standby's element, muted and paused: Shaka fetches the manifest and
   * its first segments and the element decodes the first frame, out of the page. Its grant is the
   * one the page asked for the neighbour, under the device place this device already holds: the
   * standby takes no place of its own (decision 119).
   */
  function loadStandby(slot: Standby, stream: PlayerSource): void {
    const token = ++slot.token;
    const element = slot.element;
    slot.url = stream.url;
    slot.at = Date.now();
    slot.state = 'loading';
    element.muted = true;
    element.pause();
    // After the element on screen: the page's first video stays the one it shows.
    if (!element.isConnected) video.after(element);
    if (!slot.engine) {
      slot.engine = engineFactory('shaka', element, eventsOf(element));
      slot.engine.then(
        (made) => void (slot.ready = made),
        () => undefined,
      );
    }
    const made = slot.engine;
    slot.loaded = (async () => {
      const standbyEngine = await made;
      if (token !== slot.token) return false;
      const type = sourceTypeOf(stream);
      await standbyEngine.load(stream.url, MIME_TYPES[type], undefined, drmOf(stream.contentProtection), null);
      return true;
    })().then(
      (ok) => {
        if (token === slot.token && ok) slot.state = slot.state === 'loading' ? 'ready' : slot.state;
        return ok && slot.state !== 'failed';
      },
      () => {
        if (token === slot.token) slot.state = 'failed';
        return false;
      },
    );
  }

  /** The standby in line with what is wanted: the likeliest next stream, loaded again when stale. */
  function syncStandby(): void {
    const slot = standby;
    if (!slot || destroyed || !streamReady) return;
    const next = standbyStream();
    if (!next || (slot.url === next.url && Date.now() - slot.at < STANDBY_MAX_AGE_MS)) return;
    loadStandby(slot, next);
  }

  /**
   * A zap onto the standby: its element takes the shown one's place in the page, with the
   * viewer's sound, and plays; the element left holds the stream it showed, paused, as the next
   * standby (a zap back finds it there), until the page wants another one.
   */
  function showStandby(slot: Standby, shownEngine: Engine, stream: PlayerSource): Promise<PlayResult> {
    const token = ++loadToken;
    const previous = video;
    const previousEngine = engine;
    const previousUrl = currentUrl;
    const next = slot.element;
    next.className = previous.className;
    next.volume = previous.volume;
    next.muted = previous.muted;
    if (!next.isConnected) video.after(next);
    reveal(next);
    conceal(previous);
    // The one shown first in the page, as before: the element left moves behind it (paused, it
    // loses nothing by the move; the one shown is not moved, which would pause it).
    if (previous.parentNode) next.after(previous);
    for (const type of mediaEvents) {
      previous.removeEventListener(type, onMediaEvent);
      next.addEventListener(type, onMediaEvent);
    }
    previous.pause();
    previous.muted = true;
    video = next;
    engine = shownEngine;
    currentUrl = stream.url;
    // The streams wanted were the last channel's neighbours: the page names the new one's (after
    // it has started); until then nothing is loaded beside the channel starting.
    wanted = [];
    streamReady = false;
    loading = true;
    opening = null;
    standby =
      previousEngine?.kind === 'shaka'
        ? {
            element: previous,
            engine: Promise.resolve(previousEngine),
            ready: previousEngine,
            url: previousUrl,
            at: Date.now(),
            state: 'ready',
            loaded: Promise.resolve(true),
            token: 0,
          }
        : emptyStandby();
    if (previousEngine && previousEngine.kind !== 'shaka') void previousEngine.destroy().catch(() => undefined);
    applySubtitleStyle();
    options.onVideo?.(next);
    emit();
    const loaded = slot.loaded;
    return (async () => {
      // Not ready yet: it goes on where it got to; refused (a failed standby): the plain way.
      const ok = await loaded;
      if (token !== loadToken || destroyed) return 'blocked';
      if (!ok) return zapLoading(stream, undefined);
      applyQuality();
      applyLanguages();
      syncPreloads();
      const result = await play();
      return token === loadToken && !destroyed ? result : 'blocked';
    })();
  }

  function dropPreload(url: string): void {
    const entry = preloads.get(url);
    if (!entry) return;
    preloads.delete(url);
    void entry.preload.then((preload) => preload?.destroy()).catch(() => undefined);
  }

  /**
   * Brings the preloads in line with what is wanted: new ones started, stale live ones fetched
   * again, those no longer wanted dropped. Only a Shaka engine preloads; before the first load
   * there is none yet, and the first load ends by calling this.
   */
  function syncPreloads(): void {
    const current = engine;
    const wantedUrls = new Set(wanted.map((stream) => stream.url));
    for (const url of [...preloads.keys()]) {
      const entry = preloads.get(url)!;
      if (!wantedUrls.has(url) || url === currentUrl || entry.engine !== current) dropPreload(url);
    }
    syncStandby();
    if (destroyed || current?.kind !== 'shaka') return;
    const now = Date.now();
    // The standby's stream is held whole in its element: no preload of it as well.
    const held = standby ? standbyStream()?.url : undefined;
    for (const stream of wanted) {
      const type = sourceTypeOf(stream);
      if (type === 'video' || stream.url === currentUrl || stream.url === held) continue;
      const known = preloads.get(stream.url);
      if (known && now - known.at < PRELOAD_MAX_AGE_MS) continue;
      if (known) dropPreload(stream.url);
      const preload = current.preload(stream.url, MIME_TYPES[type], drmOf(stream.contentProtection)).catch(() => null);
      preloads.set(stream.url, { at: now, engine: current, preload });
    }
  }

  /** The preload of this url by the engine in use, taken out of the list (a preload is used once). */
  async function takePreload(url: string, current: Engine): Promise<EnginePreload | null> {
    const entry = preloads.get(url);
    if (!entry) return null;
    preloads.delete(url);
    const preload = await entry.preload;
    if (entry.engine === current && Date.now() - entry.at < PRELOAD_MAX_AGE_MS) return preload;
    void preload?.destroy().catch(() => undefined);
    return null;
  }

  /**
   * The events of an engine on `element`: reported while that element is on screen; a standby's
   * fatal error only drops the standby (the zap then loads the plain way).
   */
  function eventsOf(element: HTMLVideoElement): EngineEvents {
    return {
      onError: (error) => {
        if (element === video) report(error);
        else if (error.fatal && standby?.element === element) standby.state = 'failed';
      },
      onTracksChanged: () => {
        if (element === video) emit();
      },
      onBuffering: (value) => {
        if (element !== video) return;
        buffering = value;
        emit();
      },
    };
  }
  const engineEvents = eventsOf(video);
  async function ensureEngine(kind: Engine['kind']): Promise<Engine> {
    if (engine?.kind === kind) return engine;
    // Preloads belong to the engine that made them.
    for (const url of [...preloads.keys()]) dropPreload(url);
    if (engine) await engine.destroy();
    engine = await engineFactory(kind, video, eventsOf(video));
    return engine;
  }

  // An opening's engine is this player's from the start; its first load goes on with it.
  let opening = options.opening ?? null;
  if (opening) {
    engine = opening.engine;
    opening.listen(engineEvents);
  }

  /**
   * The first load of an opening taken over (decision 044): the picture is already there, so
   * nothing is loaded; the engine goes on under the stream's grant (asked now, not awaited: the
   * opening's own segments cover the seconds it takes), then fetches ahead as usual.
   */
  function continueOpening(current: Engine, stream: PlayerSource, token: number): void {
    // A live channel's first visit loaded the page's own View stream (decision 138): nothing to
    // continue, the engine only fetches ahead as usual from now on.
    const continued = opening?.url === stream.url ? Promise.resolve() : current.continueWith(stream.url);
    opening = null;
    loading = false;
    continued.then(
      () => {
        if (token === loadToken && !destroyed) current.limitAhead(null);
      },
      (error: Partial<EngineError> & { message?: string }) => {
        if (token !== loadToken || destroyed) return;
        report({
          code: error.code ?? 'opening',
          message: error.message ?? 'stream refused',
          fatal: true,
          cause: error,
        });
      },
    );
    applyQuality();
    applyLanguages();
    syncPreloads();
    emit();
  }

  async function load(stream: PlayerSource, start?: StartPosition): Promise<void> {
    // The window's start: 0, which engines clamp to the first seekable instant (a live window
    // starts later than 0; seeking after load would race the engine's own live-edge start).
    const startTime = start === 'window-start' ? 0 : start;
    const token = ++loadToken;
    loading = true;
    streamReady = false;
    currentUrl = stream.url;
    emit();
    const type = sourceTypeOf(stream);
    if (opening && engine === opening.engine && type !== 'video') {
      continueOpening(engine, stream, token);
      return;
    }
    opening = null;
    try {
      const current = await ensureEngine(type === 'video' ? 'native' : 'shaka');
      if (token !== loadToken || destroyed) return;
      // A preload starts where the stream starts by default (the live edge, a VOD's start).
      const preloaded = start === undefined ? await takePreload(stream.url, current) : null;
      if (start !== undefined) dropPreload(stream.url);
      if (token !== loadToken || destroyed) {
        void preloaded?.destroy().catch(() => undefined);
        return;
      }
      await current.load(stream.url, MIME_TYPES[type], startTime, drmOf(stream.contentProtection), preloaded);
      if (token !== loadToken || destroyed) return;
      applyQuality();
      applyLanguages();
      // The neighbours are fetched once the stream on screen has what it needs.
      syncPreloads();
    } catch (error) {
      if (token !== loadToken || destroyed) return;
      loading = false;
      const engineError = error as Partial<EngineError>;
      report({
        code: engineError.code ?? 'load',
        message: engineError.message ?? 'The video could not be loaded',
        fatal: true,
        cause: engineError.cause ?? error,
      });
    }
    emit();
  }

  async function play(): Promise<PlayResult> {
    try {
      await video.play();
      return 'playing';
    } catch (error) {
      if ((error as DOMException)?.name !== 'NotAllowedError' || video.muted) {
        if ((error as DOMException)?.name !== 'AbortError' && (error as DOMException)?.name !== 'NotAllowedError') {
          report({ code: 'play', message: (error as Error)?.message ?? 'play failed', fatal: false, cause: error });
        }
        return 'blocked';
      }
    }
    // Autoplay with sound was refused: browsers allow it muted (spec: autoplay muted).
    video.muted = true;
    try {
      await video.play();
      return 'muted';
    } catch {
      return 'blocked';
    }
  }

  /** A zap the plain way: the next stream loaded into the engine on screen (from its preload if any), then played. */
  async function zapLoading(stream: PlayerSource, start: StartPosition | undefined): Promise<PlayResult> {
    const token = loadToken + 1;
    await load(stream, start);
    // A later zap (the viewer pressed on) owns the element now: this one does not play it.
    if (token !== loadToken || destroyed || !engine) return 'blocked';
    return play();
  }

  return {
    load,
    play,

    zap(stream, start) {
      const slot = standby;
      // Decided at once, before any wait: the page's references follow the element swapped in.
      if (
        slot?.ready &&
        start === undefined &&
        slot.url === stream.url &&
        slot.state !== 'failed' &&
        Date.now() - slot.at < STANDBY_MAX_AGE_MS
      ) {
        return showStandby(slot, slot.ready, stream);
      }
      return zapLoading(stream, start);
    },

    preload(streams) {
      wanted = [...streams];
      syncPreloads();
      // Live windows move: what is preloaded is fetched again before it is too old to use.
      if (!refreshTimer && wanted.length > 0 && !destroyed) {
        refreshTimer = setInterval(syncPreloads, (standby ? STANDBY_MAX_AGE_MS : PRELOAD_MAX_AGE_MS) / 2);
      } else if (refreshTimer && wanted.length === 0) {
        clearInterval(refreshTimer);
        refreshTimer = null;
      }
    },

    pause() {
      video.pause();
    },

    seek(time) {
      const range = engine?.getSeekRange() ?? null;
      const duration = finite(video.duration);
      const [low, high] = range ? [range.start, range.end] : [0, duration > 0 ? duration : Infinity];
      video.currentTime = Math.max(low, Math.min(time, high));
      emit();
    },

    seekToLiveEdge() {
      const range = engine?.getSeekRange();
      if (!range || !engine?.isLive()) return;
      video.currentTime = range.end;
      emit();
    },

    setMuted(muted) {
      video.muted = muted;
      emit();
    },

    setQuality(preference) {
      quality = writeQualityPreference(preference, options.storage);
      applyQuality();
      emit();
    },

    setAudioLanguage(language) {
      chosen({ audio: language });
      engine?.selectAudioLanguage(language);
      emit();
    },

    setSubtitleLanguage(language) {
      chosen({ text: language });
      engine?.selectTextLanguage(language);
      emit();
    },

    setSubtitleStyle(style) {
      chosen({ style: { ...languages.style, ...style } });
      applySubtitleStyle();
      emit();
    },

    adoptLanguages(preference) {
      rememberLanguages({ audio: preference.audio, text: preference.text, style: { ...preference.style } });
      applySubtitleStyle();
      // Nothing to apply before the first load: the load applies them.
      if (engine && streamReady) applyLanguages();
      emit();
    },

    getLanguagePreference: () => ({ ...languages, style: { ...languages.style } }),

    getTracks: tracks,
    getState: state,

    async destroy() {
      destroyed = true;
      loadToken++;
      if (refreshTimer) clearInterval(refreshTimer);
      for (const url of [...preloads.keys()]) dropPreload(url);
      // The standby goes with the player (the viewer left it): its engine and element.
      const slot = standby;
      standby = null;
      if (slot) {
        slot.token++;
        slot.element.remove();
        void slot.engine?.then((made) => made.destroy()).catch(() => undefined);
      }
      for (const type of mediaEvents) video.removeEventListener(type, onMediaEvent);
      const current = engine;
      engine = null;
      if (current) await current.destroy();
    },
  };
}
