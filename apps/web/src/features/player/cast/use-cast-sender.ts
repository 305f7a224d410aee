import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  CAST_NAMESPACE,
  castContentType,
  readMediaStatus,
  type CastCommand,
  type CastEditTracks,
  type CastLanguages,
  type CastMediaStatus,
  type CastStatusGrant,
} from '@/lib/cast-protocol';
import {
  officialCastFramework,
  type CastFramework,
  type CastFrameworkSource,
  type CastSessionLike,
} from './cast-framework';

/** Where the framework comes from: the official one, or a test's fake. */
export const CastFrameworkContext = createContext<CastFrameworkSource>(officialCastFramework);

/** What the page gives the player to cast (decision 070). */
export interface CastMedia {
  /** The receiver application (App.castAppId, decision 058). */
  appId: string;
  /** The viewer's language, handed to the receiver. */
  locale: string;
  /**
   * A grant for the receiver's resume reports, minted when casting starts; absent where nothing
   * is saved (a visitor, a preview).
   */
  statusGrant?: (() => Promise<CastStatusGrant | null>) | undefined;
}

export interface CastStream {
  url: string;
  type: 'hls' | 'dash' | 'video';
  title: string;
  poster: string | null | undefined;
  live: boolean;
}

/** spec 2 §4 Casting states: can cast, loading (connecting), casting. */
export type CastSenderState = 'unavailable' | 'can-cast' | 'loading' | 'casting';

export interface CastSender {
  state: CastSenderState;
  /** The receiver's name while casting ("Salon"). */
  deviceName: string | null;
  /** The receiver's playback as it last reported it (null until its first status). */
  remote: CastMediaStatus | null;
  prompt(): void;
  stop(): void;
  play(): void;
  pause(): void;
  seek(time: number): void;
  /** The viewer changed the subtitles, the audio or their look: the receiver follows (decision 081). */
  editTracks(edit: Omit<CastEditTracks, 'type' | 'requestId'>): void;
}

/** A command before its request number is given. */
type Unsent<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/** An address the receiver can fetch from its own origin: the page's relative URLs made absolute. */
const absolute = (url: string) => new URL(url, document.baseURI).href;

/**
 * The Google Cast sender of the web player (decision 070): the button shows only where the
 * framework reports a device; casting sends Playz's receiver a LOAD with the signed stream URL,
 * the title, the artwork, where the viewer is and a grant for the resume reports; the receiver's
 * statuses are mirrored; when casting stops, `onEnd` gets the receiver's last position so the page
 * plays on from there.
 */
export function useCastSender(options: {
  media: CastMedia | undefined;
  stream: CastStream;
  /** The local player's position, where the receiver starts. */
  position: () => number;
  /** The viewer's subtitle and audio choices, which the receiver applies at LOAD (decision 081). */
  languages?: () => CastLanguages | null;
  /** Casting started: the local player pauses. */
  onStart: () => void;
  /** Casting ended: the local player plays on from `time` (null when the receiver never reported). */
  onEnd: (time: number | null) => void;
}): CastSender {
  const source = useContext(CastFrameworkContext);
  const appId = options.media?.appId ?? null;
  const latest = useRef(options);
  latest.current = options;
  const [framework, setFramework] = useState<CastFramework | null>(null);
  const [state, setState] = useState<CastSenderState>('unavailable');
  const [deviceName, setDeviceName] = useState<string | null>(null);
  const [remote, setRemote] = useState<CastMediaStatus | null>(null);
  // The session the LOAD went to, its listener's unsubscribe, and the receiver's last position.
  const loaded = useRef<{ session: CastSessionLike; stopListening: () => void; time: number | null } | null>(null);
  const requestId = useRef(0);

  // Devices first: the framework is loaded only once the browser reaches one.
  useEffect(() => {
    if (!appId) return;
    let cancelled = false;
    let requested = false;
    const stopWatching = source.watchDevices(appId, (available) => {
      if (!available || requested) return;
      requested = true;
      void source.load(appId).then((loadedFramework) => {
        if (!cancelled) setFramework(loadedFramework);
      });
    });
    return () => {
      cancelled = true;
      stopWatching();
    };
  }, [appId, source]);

  const send = useCallback((command: Unsent<CastCommand>) => {
    const session = loaded.current?.session;
    if (!session) return;
    requestId.current += 1;
    void session.sendMessage(CAST_NAMESPACE, { ...command, requestId: requestId.current }).catch(() => undefined);
  }, []);

  const finish = useCallback(() => {
    const current = loaded.current;
    if (!current) return;
    loaded.current = null;
    current.stopListening();
    setDeviceName(null);
    setRemote(null);
    latest.current.onEnd(current.time);
  }, []);

  /** The session is connected: the receiver gets the LOAD (once per session). */
  const loadOnReceiver = useCallback(
    async (connected: CastFramework) => {
      const session = connected.currentSession();
      if (!session || loaded.current?.session === session) return;
      const stopListening = session.onMessage(CAST_NAMESPACE, (message) => {
        const status = readMediaStatus(message);
        if (!status || loaded.current?.session !== session) return;
        loaded.current.time = status.currentTime;
        setRemote(status);
      });
      loaded.current = { session, stopListening, time: null };
      setDeviceName(session.deviceName());
      const { stream, media, position, languages } = latest.current;
      const startAt = stream.live ? 0 : position();
      latest.current.onStart();
      // Without a grant the receiver plays without reporting: casting is worth more than a resume point.
      const status = await (media?.statusGrant?.() ?? Promise.resolve(null)).catch(() => null);
      if (loaded.current?.session !== session) return;
      send({
        type: 'LOAD',
        media: {
          contentId: absolute(stream.url),
          contentType: castContentType(stream.type),
          streamType: stream.live ? 'LIVE' : 'BUFFERED',
          metadata: { title: stream.title, images: stream.poster ? [{ url: absolute(stream.poster) }] : [] },
        },
        currentTime: startAt,
        autoplay: true,
        customData: { locale: media?.locale ?? 'fr', status, languages: languages?.() ?? null },
      });
    },
    [send],
  );

  useEffect(() => {
    if (!framework) return;
    const follow = (castState: ReturnType<CastFramework['getCastState']>) => {
      if (castState === 'CONNECTED') {
        setState('casting');
        void loadOnReceiver(framework);
        return;
      }
      finish();
      setState(castState === 'CONNECTING' ? 'loading' : castState === 'NOT_CONNECTED' ? 'can-cast' : 'unavailable');
    };
    follow(framework.getCastState());
    const stopFollowing = framework.onCastStateChange(follow);
    return () => {
      stopFollowing();
      finish();
    };
  }, [framework, loadOnReceiver, finish]);

  return {
    state,
    deviceName,
    remote,
    prompt: () => {
      if (!framework) return;
      // The state change (CONNECTED) sends the LOAD; a closed picker changes nothing.
      void framework.requestSession().catch(() => undefined);
    },
    stop: () => {
      framework?.endCurrentSession(true);
      finish();
    },
    play: () => send({ type: 'PLAY' }),
    pause: () => send({ type: 'PAUSE' }),
    seek: (time: number) => send({ type: 'SEEK', currentTime: time }),
    editTracks: (edit) => send({ type: 'EDIT_TRACKS_INFO', ...edit }),
  };
}
