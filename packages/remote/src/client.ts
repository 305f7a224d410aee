import {
  parseServerFrame,
  type ForwardedAction,
  type RemoteActionInputOf,
  type RemoteActionName,
  type RemoteDevice,
  type RemoteDeviceType,
  type RemoteEvent,
  type RemoteEventDataOf,
  type RemoteEventName,
  type RemoteNotifyDataOf,
  type RemoteNotifyName,
} from './envelope';
import { nextDelay, type Backoff } from './backoff';

/** The part of the WebSocket API the client uses: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface RemoteClientOptions {
  /** e.g. `wss://playz.fr/api/1.2/remote/socket` (see remoteSocketUrl). */
  url: string;
  /** `window.WebSocket` in browsers; `ws`'s WebSocket in Node 20, which has no global one. */
  WebSocket: WebSocketConstructor;
  /** Server: a screen that is driven (TV). Client: a phone that drives. */
  type: RemoteDeviceType;
  udid: string;
  platform?: RemoteDevice['platform'];
  name?: string;
  /** The TV's device token when it has no cookie; sent in the first frame, never in the URL. */
  token?: string;
  locale?: string;
  backoff?: Partial<Backoff>;
  /** Tests: a random source for the jitter. */
  random?: () => number;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

type Handlers = {
  [N in RemoteEventName]: (data: RemoteEventDataOf<N>, device: string | undefined) => void;
} & {
  /** On a screen: an action a linked phone sent (play, pause, seek, push...). */
  action: (action: ForwardedAction) => void;
  state: (state: ConnectionState) => void;
};
export type RemoteClientEvent = keyof Handlers;

export interface RemoteClient {
  readonly state: ConnectionState;
  /** The screens last listed by the server (phones). */
  readonly devices: readonly RemoteDevice[];
  /** The screen this phone drives now, or null. */
  readonly linked: RemoteDevice | null;
  on<E extends RemoteClientEvent>(event: E, handler: Handlers[E]): () => void;
  /** Any action; false when the socket is not open (nothing is queued: stale commands mislead). */
  send<N extends RemoteActionName>(action: N, data: RemoteActionInputOf<N>): boolean;
  /** A screen's onNotify* event to its linked phones (use createThrottle for time updates). */
  notify<N extends RemoteNotifyName>(event: N, data: RemoteNotifyDataOf<N>): boolean;
  /** Links to a screen, and again whenever it comes back, until unlink(). */
  link(udid: string, grant?: string): void;
  unlink(): void;
  /** The phone's page is hidden: the server keeps the link and stops the time updates. */
  pause(): void;
  resume(): void;
  close(): void;
}

/** The socket's address on the server that serves `origin` (http → ws, https → wss). */
export function remoteSocketUrl(origin: string): string {
  const url = new URL('/api/1.2/remote/socket', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

const OPEN = 1;

/**
 * The remote-control client for browsers and Node (spec 2 §4 Remote control, §7 WebSocket):
 * registers, keeps the device list, links, sends actions and receives events. It reconnects with
 * exponential backoff and jitter, registers again, pauses again if it was paused, and links again
 * to the screen it was linked to as soon as that screen is listed again ("a paused client
 * re-links to the same device when it reappears").
 */
export function createRemoteClient(options: RemoteClientOptions): RemoteClient {
  const listeners = new Map<RemoteClientEvent, Set<(...args: never[]) => void>>();
  let socket: WebSocketLike | null = null;
  let state: ConnectionState = 'connecting';
  let devices: RemoteDevice[] = [];
  let linked: RemoteDevice | null = null;
  let wanted: { udid: string; grant: string | undefined } | null = null;
  let paused = false;
  let closedByUser = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const emit = (event: RemoteClientEvent, ...args: unknown[]) => {
    for (const handler of listeners.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  };
  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    emit('state', next);
  };
  const raw = (frame: object) => {
    if (socket?.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };
  const sendLink = () => wanted && raw({ action: 'linkServerDevice', data: wanted });

  function onEvent(frame: RemoteEvent) {
    switch (frame.event) {
      case 'onDeviceRegistered':
        attempt = 0;
        setState('open');
        if (paused) raw({ action: 'pause', data: {} });
        sendLink();
        break;
      case 'onServerDevicesListUpdated':
        devices = frame.data.devices;
        // The wanted screen is back (it restarted, or this phone came back): link again.
        if (wanted && linked?.udid !== wanted.udid && devices.some((d) => d.udid === wanted!.udid)) sendLink();
        break;
      case 'onServerDeviceLinked':
        linked = frame.data.device;
        break;
      case 'onServerDeviceUnlinked':
        if (linked?.udid === frame.data.udid) linked = null;
        // Asked by this phone, or the session ended: stop wanting it. Gone: wait for it.
        if (frame.data.reason !== 'gone' && wanted?.udid === frame.data.udid) wanted = null;
        break;
      default:
        break;
    }
    emit(frame.event, frame.data, frame.device);
  }

  function connect() {
    retry = null;
    setState('connecting');
    const ws = new options.WebSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      ws.send(
        JSON.stringify({
          action: 'registerDevice',
          data: {
            type: options.type,
            udid: options.udid,
            platform: options.platform ?? 'Web',
            ...(options.name !== undefined ? { name: options.name } : {}),
            ...(options.token !== undefined ? { token: options.token } : {}),
            ...(options.locale !== undefined ? { locale: options.locale } : {}),
          },
        }),
      );
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      const frame = parseServerFrame(message.data);
      if (!frame) return;
      if ('action' in frame) emit('action', frame);
      else onEvent(frame);
    };
    ws.onerror = () => {};
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      linked = null;
      // 4401: the session is over (log-out, password change): reconnecting cannot help.
      if (closedByUser || event.code === 4401) {
        setState('closed');
        return;
      }
      setState('connecting');
      retry = setTimeout(connect, nextDelay(attempt++, options.backoff, options.random));
    };
  }

  connect();

  return {
    get state() {
      return state;
    },
    get devices() {
      return devices;
    },
    get linked() {
      return linked;
    },
    on(event, handler) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(handler as (...args: never[]) => void);
      return () => set.delete(handler as (...args: never[]) => void);
    },
    send: (action, data) => raw({ action, data }),
    notify: (event, data) => raw({ event, data }),
    link(udid, grant) {
      wanted = { udid, grant };
      sendLink();
    },
    unlink() {
      wanted = null;
      raw({ action: 'unlinkServerDevice', data: {} });
    },
    pause() {
      paused = true;
      raw({ action: 'pause', data: {} });
    },
    resume() {
      paused = false;
      raw({ action: 'resume', data: {} });
    },
    close() {
      closedByUser = true;
      if (retry) clearTimeout(retry);
      const ws = socket;
      if (ws) ws.close(1000);
      else setState('closed');
    },
  };
}
