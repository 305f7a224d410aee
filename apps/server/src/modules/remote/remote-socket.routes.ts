import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { ApiErrorReason } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { SUPPORTED_LOCALES, translate } from '@playz/i18n';
import {
  mayBeTimeUpdate,
  parseDeviceFrame,
  type RemoteAction,
  readTimeUpdate,
  REMOTE_MAX_MESSAGE_BYTES,
  type RemoteActionDataOf,
} from '@playz/remote';
import { localizedApiMessage } from '../../lib/api-message';
import { parseOrigin, sameOrigin } from '../../lib/origin';
import { earlyLocale } from '../../plugins/common-params';
import { CLOSE_SESSION_ENDED, type Connection, type RemoteHub } from './remote-hub';

/** The socket's path under /api/1.2 (decision 034). */
export const REMOTE_SOCKET_PATH = '/remote/socket';
/** Frames past this are cut by the WebSocket library itself (close 1009), before any parsing. */
const HARD_MAX_PAYLOAD = 4 * REMOTE_MAX_MESSAGE_BYTES;
/** A socket has this long to send registerDevice. */
const REGISTER_WITHIN_MS = 10_000;
/**
 * Frames per second a socket may send: a screen sends 10 time updates a second (spec 2 §9) plus
 * its other events. Past FLOOD_REFUSE each frame is refused with an error event; past FLOOD_CLOSE
 * in one second the socket is closed (1008 policy violation).
 */
const FLOOD_REFUSE = 50;
const FLOOD_CLOSE = 200;
const PING_EVERY_MS = 30_000;

export interface SessionLookup {
  findValid(token: string): Promise<{ id: string; customerId: number } | null>;
  /** When the session started: it ends `sessionLifetimeMs` later (its expiry never moves). */
  startedAt(sessionId: string): Promise<string | undefined>;
}

/**
 * The cookie counts only when the page that opened the socket is ours (PUBLIC_URL's origin or
 * the one the request was sent to): a browser sends the cookie with a WebSocket opened by any
 * site, and without this check that site could drive the viewer's TV (cross-site WebSocket
 * hijacking). Token holders (TV apps) are not concerned: no other site knows their token.
 */
function cookieSessionOf(request: FastifyRequest, publicUrl: string) {
  const header = request.headers.origin;
  if (header !== undefined) {
    const origin = parseOrigin(header);
    const ours =
      sameOrigin(origin, parseOrigin(new URL(publicUrl).origin)) ||
      sameOrigin(origin, parseOrigin(`${request.protocol}://${request.host}`));
    if (!ours) return null;
  }
  return request.session;
}

/** spec 2 §7 Remote-control WebSocket at /api/1.2/remote/socket. */
export async function registerRemoteSocket(
  app: FastifyInstance,
  deps: {
    hub: RemoteHub;
    sessions: SessionLookup;
    /** How long a session lives from its start (it never moves): the socket closes then. */
    sessionLifetimeMs: number;
    cuidOf: (customerId: number) => Promise<string | null>;
    publicUrl: string;
    now?: () => number;
    /**
     * Whether this session may not send `route` to a screen ("send to TV" from a kids profile,
     * decision 064): asked before a push is relayed.
     */
    refusesPush?: (sessionId: string, route: string) => Promise<boolean>;
  },
) {
  const now = deps.now ?? (() => Date.now());
  await app.register(fastifyWebsocket, { options: { maxPayload: HARD_MAX_PAYLOAD } });

  // Anyone may open it (a visitor's cookie session is read); a device signs in with its first frame,
  // registerDevice, by that session or a token, and is refused there (11) without one.
  app.get(REMOTE_SOCKET_PATH, { websocket: true, config: { access: 'visitor' } }, (socket: WebSocket, request) => {
    const cookieSession = cookieSessionOf(request, deps.publicUrl);
    let locale = earlyLocale(request);
    let conn: Connection | null = null;
    let registering = false;
    let windowStart = now();
    let frames = 0;
    let alive = true;
    // Actions wait behind a push being checked (decision 064), so the screen gets them in order.
    let checking: Promise<void> = Promise.resolve();
    let waiting = 0;

    const sendError = (number: number, action: string | null) => {
      if (conn) return deps.hub.fail(conn, number, action);
      socket.send(
        JSON.stringify({ event: 'error', data: { number, message: localizedApiMessage(number, locale), action } }),
      );
    };

    const registerTimer = setTimeout(() => {
      if (!conn) socket.close(1008, 'registerDevice expected');
    }, REGISTER_WITHIN_MS);
    const ping = setInterval(() => {
      // No pong since the last ping: the device is gone without a close (a TV unplugged).
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PING_EVERY_MS);
    socket.on('pong', () => (alive = true));

    async function register(data: RemoteActionDataOf<'registerDevice'>) {
      registering = true;
      const asked = data.locale?.slice(0, 2).toLowerCase();
      if (asked && (SUPPORTED_LOCALES as readonly string[]).includes(asked)) locale = asked;
      const session = data.token ? await deps.sessions.findValid(data.token) : cookieSession;
      const cuid = session ? await deps.cuidOf(session.customerId) : null;
      if (!session || cuid === null) {
        sendError(ApiErrorNumber.AuthenticationFailed, 'registerDevice');
        socket.close(CLOSE_SESSION_ENDED, 'not logged');
        return;
      }
      const startedAt = await deps.sessions.startedAt(session.id);
      if (socket.readyState !== socket.OPEN) return;
      conn = deps.hub.register({
        sessionEndsAt: startedAt ? Date.parse(startedAt) + deps.sessionLifetimeMs : now(),
        socket,
        customerId: session.customerId,
        sessionId: session.id,
        locale,
        device: {
          udid: data.udid,
          platform: data.platform,
          type: data.type,
          name: data.name?.trim() || data.platform,
          cuid,
          host: null,
        },
      });
    }

    function onFrame(bytes: Buffer) {
      // A registered screen's time update, ten a second (spec 2 §9), is relayed as its bytes came.
      if (conn && mayBeTimeUpdate(bytes)) {
        const update = readTimeUpdate(bytes.toString('latin1'));
        if (update) return deps.hub.handleNotify(conn, 'onNotifyVideoTimeUpdate', update, bytes);
      }
      const parsed = parseDeviceFrame(bytes.toString('utf8'));
      if (!parsed.ok) return sendError(parsed.number, parsed.action);
      const frame = parsed.value;
      if (!conn) {
        if ('action' in frame && frame.action === 'registerDevice' && !registering)
          return void register(frame.data).catch((error: unknown) => {
            request.log.error({ err: error }, 'remote registration failed');
            sendError(ApiErrorNumber.InternalError, 'registerDevice');
            socket.close(1011, 'registration failed');
          });
        return sendError(ApiErrorNumber.AuthenticationFailed, 'action' in frame ? frame.action : frame.event);
      }
      // A session's lifetime may end while its socket is open: its next frame closes it.
      if (deps.hub.closeIfSessionOver(conn)) return;
      if ('action' in frame) handleAction(conn, frame);
      else deps.hub.handleNotify(conn, frame.event, frame.data);
    }

    /**
     * A push ("send to TV", spec 2 §7 requestHistoryPush / requestItemPush) is relayed once the
     * sender may send it: a kids profile does not hand the TV what it may not play itself (decision
     * 064), refused with 4 and Reason NotForKidsProfile as the API's calls are.
     */
    function handleAction(from: Connection, action: RemoteAction) {
      const route =
        action.action === 'requestHistoryPush' || action.action === 'requestItemPush' ? action.data.route : null;
      if ((route === null || !deps.refusesPush) && waiting === 0) return deps.hub.handleAction(from, action);
      waiting += 1;
      checking = checking
        .then(async () => {
          if (route !== null && deps.refusesPush && (await deps.refusesPush(from.sessionId, route))) {
            const message = translate(from.locale, 'errors.notForKidsProfile');
            const data = { number: ApiErrorNumber.Forbidden, message, action: action.action };
            return socket.send(
              JSON.stringify({ event: 'error', data: { ...data, reason: ApiErrorReason.NotForKidsProfile } }),
            );
          }
          deps.hub.handleAction(from, action);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'remote push check failed');
          sendError(ApiErrorNumber.InternalError, action.action);
        })
        .finally(() => (waiting -= 1));
    }

    socket.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const t = now();
      if (t - windowStart >= 1000) {
        windowStart = t;
        frames = 0;
      }
      frames += 1;
      if (frames > FLOOD_CLOSE) return socket.close(1008, 'too many messages');
      if (frames > FLOOD_REFUSE) return sendError(ApiErrorNumber.Forbidden, null);
      // ws hands a Buffer (its default binaryType): copying it would cost every frame.
      const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
      // Oversized and binary frames are refused, and the socket goes on serving (spec 2 §8: 3).
      if (isBinary || bytes.length > REMOTE_MAX_MESSAGE_BYTES) return sendError(ApiErrorNumber.BadParameter, null);
      try {
        onFrame(bytes);
      } catch (error) {
        request.log.error({ err: error }, 'remote frame failed');
        sendError(ApiErrorNumber.InternalError, null);
      }
    });

    socket.on('close', () => {
      clearTimeout(registerTimer);
      clearInterval(ping);
      if (conn) deps.hub.disconnect(conn);
    });
    socket.on('error', (error) => request.log.info({ err: error.message }, 'remote socket error'));
  });
}
