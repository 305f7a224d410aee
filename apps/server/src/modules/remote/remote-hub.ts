import { randomUUID } from 'node:crypto';
import type {
  ForwardedActionName,
  RemoteAction,
  RemoteActionDataOf,
  RemoteDevice,
  RemoteEventDataOf,
  RemoteNotifyName,
  RemoteServerEventName,
} from '@playz/remote';
import { ApiErrorNumber } from '@playz/domain';
import { localizedApiMessage } from '../../lib/api-message';
import type { SessionsEndedScope } from '../../sessions/sessions-ended';
import type { BusMessage, RemoteBus } from './remote-bus';
import { GUEST_GRANT_TTL_MS, type GrantSigner, type GuestGrant } from './remote-grant';

/** What the hub needs of a socket (the WebSocket route gives it; tests may give anything). */
export interface RemoteSocket {
  /** A frame's text, or its UTF-8 bytes sent as a text frame (`{ binary: false }`, as `ws` has it). */
  send(frame: string | Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
}

/** One registered socket of this node. */
export interface Connection {
  id: string;
  socket: RemoteSocket;
  customerId: number;
  sessionId: string;
  locale: string;
  device: RemoteDevice;
  /** The phone's page is hidden: no onNotify* events, and the link waits for a screen that went. */
  paused: boolean;
  linked: { owner: number; udid: string } | null;
  /** A paused phone whose screen went: linked again when the screen comes back (spec 2 §4). */
  waiting: { owner: number; udid: string } | null;
  /** The guest screen this phone holds a grant for (another account's, by code). */
  guest: GuestGrant | null;
  /** When the socket's session reaches its lifetime (ms): the socket closes then (decision 034). */
  sessionEndsAt: number;
  /**
   * Made once at registration for what a screen relays ten times a second (spec 2 §9): its key
   * in the link indexes (`owner:udid`) and the UTF-8 end of its events' frames (`,"device":"udid"}`).
   */
  screenKey: string;
  frameEnd: Buffer;
}

/** Every frame is JSON text: bytes too are sent as a text frame. */
const TEXT_FRAME = { binary: false };

/** A frame's bytes `{…}` with `end` (`,"device":…}`) in place of its closing brace. */
function withDevice(frame: Buffer, end: Buffer): Buffer {
  const out = Buffer.allocUnsafe(frame.length - 1 + end.length);
  frame.copy(out, 0, 0, frame.length - 1);
  end.copy(out, frame.length - 1);
  return out;
}

interface ScreenEntry {
  device: RemoteDevice;
  node: string;
  conn: string;
  seenAt: number;
}

/** Screens re-announce themselves this often; a node that stops (crash) loses its screens after 3. */
const HEARTBEAT_MS = 20_000;
const STALE_MS = 3 * HEARTBEAT_MS;
/** Close code of a socket whose session ended: the client must not reconnect with it. */
export const CLOSE_SESSION_ENDED = 4401;

/**
 * The remote-control hub of one API node (spec 2 §4, §7; decision 034): which screens exist
 * (all nodes' screens, learnt from the bus), which sockets this node holds, who is linked to
 * what. Every rule about who may see or drive which screen is here: a phone sees and drives its
 * own account's screens, and a guest screen only with a grant for its own account.
 */
export function createRemoteHub(deps: {
  bus: RemoteBus;
  grants: GrantSigner;
  /** Whether a session still exists (sockets close when theirs ended). */
  sessionAlive: (sessionId: string) => Promise<boolean>;
  onError: (error: unknown) => void;
  now?: () => number;
}) {
  const node = randomUUID();
  const now = deps.now ?? (() => Date.now());
  const local = new Map<string, Connection>();
  // Indexes of this node's sockets, so an event costs its own phones, not a walk of every socket.
  const byAccount = new Map<number, Set<Connection>>();
  /** Phones linked to, and guests holding a grant for, each screen (`owner:udid`). */
  const linkedTo = new Map<string, Set<Connection>>();
  const guestsOf = new Map<string, Set<Connection>>();
  const screenKey = (owner: number, udid: string) => `${owner}:${udid}`;
  const addTo = <K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = index.get(key) ?? new Set<Connection>();
    index.set(key, set);
    set.add(conn);
  };
  const removeFrom = <K>(index: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = index.get(key);
    if (!set?.delete(conn)) return;
    if (set.size === 0) index.delete(key);
  };
  const screens = new Map<number, Map<string, ScreenEntry>>();
  /** Phones linked to each screen of this node (any node's phones), by screen connection. */
  const phonesOf = new Map<string, Set<string>>();
  const { bus } = deps;

  const send = (conn: Connection, frame: object) => {
    try {
      conn.socket.send(JSON.stringify(frame), TEXT_FRAME);
    } catch (error) {
      deps.onError(error);
    }
  };
  const emit = <N extends RemoteServerEventName>(conn: Connection, event: N, data: RemoteEventDataOf<N>) =>
    send(conn, { event, data });
  const fail = (conn: Connection, number: number, action: string | null) =>
    emit(conn, 'error', { number, message: localizedApiMessage(number, conn.locale), action });

  const screenOf = (owner: number, udid: string) => screens.get(owner)?.get(udid);
  const localScreen = (owner: number, udid: string) => {
    const entry = screenOf(owner, udid);
    const conn = entry && entry.node === node ? local.get(entry.conn) : undefined;
    return conn?.device.type === 'Server' ? conn : undefined;
  };
  /**
   * When each host's sessions last ended (log-out, "log out the others", password change, deletion),
   * and when every account's did: a guest grant issued before is void (decision 034 addendum). Kept
   * per node, told to every node with the sessions' end; past a grant's 12 hours it matters no more.
   */
  const guestsRevokedAt = new Map<number, number>();
  let everyGuestRevokedAt = 0;
  const revoked = (grant: GuestGrant) =>
    grant.expiresAt - GUEST_GRANT_TTL_MS <= Math.max(everyGuestRevokedAt, guestsRevokedAt.get(grant.owner) ?? 0);
  function revokeGuests(scope: SessionsEndedScope) {
    const at = now();
    if (scope === 'every-account') everyGuestRevokedAt = at;
    else guestsRevokedAt.set(scope.customerId, at);
    for (const [owner, revokedAt] of guestsRevokedAt)
      if (revokedAt <= at - GUEST_GRANT_TTL_MS) guestsRevokedAt.delete(owner);
    for (const conn of local.values())
      if (conn.guest && revoked(conn.guest) && conn.linked?.owner === conn.guest.owner) unlinkPhone(conn, 'unlinked');
  }
  const liveGuest = (conn: Connection) =>
    conn.guest && conn.guest.expiresAt > now() && !revoked(conn.guest) ? conn.guest : null;

  /** A screen as this phone is shown it: a guest screen carries no account id, only its host. */
  const shownTo = (conn: Connection, owner: number, device: RemoteDevice): RemoteDevice =>
    owner === conn.customerId ? device : { ...device, cuid: null, host: device.udid };

  function devicesFor(conn: Connection): RemoteDevice[] {
    const own = [...(screens.get(conn.customerId)?.values() ?? [])].map((entry) => entry.device);
    const guest = liveGuest(conn);
    const guestScreen = guest && guest.owner !== conn.customerId ? screenOf(guest.owner, guest.udid) : undefined;
    const list = guestScreen ? [...own, shownTo(conn, guest!.owner, guestScreen.device)] : own;
    return list.sort((a, b) => a.name.localeCompare(b.name) || a.udid.localeCompare(b.udid));
  }

  const sendList = (conn: Connection) => emit(conn, 'onServerDevicesListUpdated', { devices: devicesFor(conn) });

  /** The phones of this node that may see screen (owner, udid): its account's and its guests. */
  const phonesSeeing = (owner: number, udid: string) => [
    ...new Set([
      ...[...(byAccount.get(owner) ?? [])].filter((c) => c.device.type === 'Client'),
      ...(guestsOf.get(screenKey(owner, udid)) ?? []),
    ]),
  ];

  function linkPhone(conn: Connection, owner: number, entry: ScreenEntry) {
    if (conn.linked && (conn.linked.owner !== owner || conn.linked.udid !== entry.device.udid)) unlinkPhone(conn, null);
    conn.linked = { owner, udid: entry.device.udid };
    addTo(linkedTo, screenKey(owner, entry.device.udid), conn);
    conn.waiting = null;
    emit(conn, 'onServerDeviceLinked', { device: shownTo(conn, owner, entry.device) });
    bus.publish({ t: 'phone-link', owner, udid: entry.device.udid, conn: conn.id, on: true });
  }

  function unlinkPhone(conn: Connection, reason: 'unlinked' | 'gone' | null) {
    const linked = conn.linked;
    if (!linked) return;
    conn.linked = null;
    removeFrom(linkedTo, screenKey(linked.owner, linked.udid), conn);
    bus.publish({ t: 'phone-link', owner: linked.owner, udid: linked.udid, conn: conn.id, on: false });
    if (reason) emit(conn, 'onServerDeviceUnlinked', { udid: linked.udid, reason });
  }

  const screenCount = (screenConn: Connection) =>
    emit(screenConn, 'onClientsUpdated', { clients: phonesOf.get(screenConn.id)?.size ?? 0 });

  function screenUp(owner: number, entry: ScreenEntry) {
    const known = screens.get(owner) ?? new Map<string, ScreenEntry>();
    screens.set(owner, known);
    const previous = known.get(entry.device.udid);
    known.set(entry.device.udid, entry);
    // A heartbeat of a screen already known changes nothing anyone sees.
    if (previous && previous.conn === entry.conn) return;
    for (const phone of phonesSeeing(owner, entry.device.udid)) {
      sendList(phone);
      const waiting = phone.waiting;
      if (waiting && waiting.owner === owner && waiting.udid === entry.device.udid) linkPhone(phone, owner, entry);
    }
  }

  function screenDown(owner: number, udid: string, conn: string) {
    const known = screens.get(owner);
    // A screen that reconnected already has a newer socket: the old one's goodbye is late.
    if (known?.get(udid)?.conn !== conn) return;
    known.delete(udid);
    if (known.size === 0) screens.delete(owner);
    for (const phone of phonesSeeing(owner, udid)) {
      if (phone.linked?.owner === owner && phone.linked.udid === udid) {
        if (phone.paused) phone.waiting = { owner, udid };
        unlinkPhone(phone, 'gone');
      }
      sendList(phone);
    }
  }

  async function checkSessions(scope: SessionsEndedScope) {
    revokeGuests(scope);
    const affected = scope === 'every-account' ? [...local.values()] : [...(byAccount.get(scope.customerId) ?? [])];
    for (const conn of affected) {
      if (await deps.sessionAlive(conn.sessionId)) continue;
      if (conn.linked) emit(conn, 'onServerDeviceUnlinked', { udid: conn.linked.udid, reason: 'session-ended' });
      conn.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      disconnect(conn);
    }
  }

  function onBus(message: BusMessage) {
    switch (message.t) {
      case 'screen-up':
        screenUp(message.owner, { device: message.device, node: message.node, conn: message.conn, seenAt: now() });
        break;
      case 'screen-down':
        screenDown(message.owner, message.udid, message.conn);
        break;
      case 'sync':
        if (message.node !== node) announceScreens();
        break;
      case 'to-screen': {
        const screen = localScreen(message.owner, message.udid);
        if (screen) screen.socket.send(message.frame, TEXT_FRAME);
        break;
      }
      case 'from-screen':
        toPhones(screenKey(message.owner, message.udid), message.frame);
        break;
      case 'phone-link': {
        const screen = localScreen(message.owner, message.udid);
        if (!screen) break;
        const phones = phonesOf.get(screen.id) ?? new Set<string>();
        phonesOf.set(screen.id, phones);
        if (message.on) phones.add(message.conn);
        else phones.delete(message.conn);
        screenCount(screen);
        break;
      }
      case 'sessions-ended':
        checkSessions(message.scope).catch(deps.onError);
        break;
    }
  }

  /**
   * A frame between a phone and a screen. With one node (no Redis) it is delivered at once:
   * delivering only writes to sockets, and the relayed frames (a screen's time updates, 10 a
   * second, spec 2 §9) are most of what the hub does, so the hop through the bus would be paid at
   * every one. With Redis it goes through the bus, which is how other nodes' sockets hear it.
   */
  function relay(message: Extract<BusMessage, { t: 'to-screen' | 'from-screen' }>) {
    if (bus.inProcess) onBus(message);
    else bus.publish(message);
  }

  /** A screen's event to the phones linked to it (`key`: screenKey) that are not paused. */
  function toPhones(key: string, frame: string | Buffer) {
    const phones = linkedTo.get(key);
    if (phones) for (const phone of phones) if (!phone.paused) phone.socket.send(frame, TEXT_FRAME);
  }

  function announceScreens() {
    for (const conn of local.values()) {
      if (conn.device.type === 'Server')
        bus.publish({ t: 'screen-up', owner: conn.customerId, device: conn.device, node, conn: conn.id });
    }
  }

  /** Closes the socket whose session reached its lifetime, as an ended session's; true when it did. */
  function closeIfSessionOver(conn: Connection): boolean {
    if (conn.sessionEndsAt > now()) return false;
    if (conn.linked) emit(conn, 'onServerDeviceUnlinked', { udid: conn.linked.udid, reason: 'session-ended' });
    conn.socket.close(CLOSE_SESSION_ENDED, 'session ended');
    disconnect(conn);
    return true;
  }

  // Screens of a node that stopped without saying goodbye leave after STALE_MS; sockets whose
  // session reached its lifetime close, even when silent.
  const heartbeat = setInterval(() => {
    for (const conn of [...local.values()]) closeIfSessionOver(conn);
    announceScreens();
    const cutoff = now() - STALE_MS;
    for (const [owner, known] of screens)
      for (const entry of known.values())
        if (entry.node !== node && entry.seenAt < cutoff) screenDown(owner, entry.device.udid, entry.conn);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  bus.subscribe(onBus);
  bus.publish({ t: 'sync', node });

  function disconnect(conn: Connection) {
    if (!local.delete(conn.id)) return;
    removeFrom(byAccount, conn.customerId, conn);
    if (conn.guest) removeFrom(guestsOf, screenKey(conn.guest.owner, conn.guest.udid), conn);
    if (conn.device.type === 'Server') {
      phonesOf.delete(conn.id);
      screenDown(conn.customerId, conn.device.udid, conn.id);
      bus.publish({ t: 'screen-down', owner: conn.customerId, udid: conn.device.udid, conn: conn.id });
    } else {
      unlinkPhone(conn, null);
    }
  }

  function link(conn: Connection, data: RemoteActionDataOf<'linkServerDevice'>) {
    if (conn.device.type !== 'Client') return fail(conn, ApiErrorNumber.Forbidden, 'linkServerDevice');
    let owner = conn.customerId;
    if (data.grant !== undefined) {
      const grant = deps.grants.verify(data.grant, conn.customerId, now());
      if (!grant || grant.udid !== data.udid || revoked(grant))
        return fail(conn, ApiErrorNumber.Forbidden, 'linkServerDevice');
      if (conn.guest) removeFrom(guestsOf, screenKey(conn.guest.owner, conn.guest.udid), conn);
      conn.guest = grant;
      addTo(guestsOf, screenKey(grant.owner, grant.udid), conn);
      owner = grant.owner;
    } else if (!screenOf(owner, data.udid)) {
      const guest = liveGuest(conn);
      if (guest?.udid === data.udid) owner = guest.owner;
    }
    const entry = screenOf(owner, data.udid);
    // Unknown, gone, and another account's screen without a grant all read "not found".
    if (!entry) return fail(conn, ApiErrorNumber.NotFound, 'linkServerDevice');
    if (conn.guest && owner !== conn.customerId) sendList(conn);
    linkPhone(conn, owner, entry);
  }

  function forward(conn: Connection, action: RemoteAction & { action: ForwardedActionName }) {
    const { linked } = conn;
    if (conn.device.type !== 'Client' || !linked) return fail(conn, ApiErrorNumber.Forbidden, action.action);
    // A guest's grant ends after its 12 hours even on a socket that stays open.
    if (linked.owner !== conn.customerId && !liveGuest(conn)) {
      unlinkPhone(conn, 'unlinked');
      return fail(conn, ApiErrorNumber.Forbidden, action.action);
    }
    if (!screenOf(linked.owner, linked.udid)) return fail(conn, ApiErrorNumber.NotFound, action.action);
    // A parental code is the account's own: a guest may drive a friend's TV, not type its code.
    if (action.action === 'requestParentalCode' && linked.owner !== conn.customerId)
      return fail(conn, ApiErrorNumber.Forbidden, action.action);
    const frame = JSON.stringify({ action: action.action, data: action.data, from: conn.id });
    relay({ t: 'to-screen', owner: linked.owner, udid: linked.udid, frame });
  }

  return {
    node,

    /** A socket that passed registerDevice. Its session is already checked by the caller. */
    register(
      input: Omit<Connection, 'id' | 'paused' | 'linked' | 'waiting' | 'guest' | 'screenKey' | 'frameEnd'>,
    ): Connection {
      const conn: Connection = {
        ...input,
        id: randomUUID(),
        paused: false,
        linked: null,
        waiting: null,
        guest: null,
        screenKey: screenKey(input.customerId, input.device.udid),
        frameEnd: Buffer.from(`,"device":${JSON.stringify(input.device.udid)}}`),
      };
      local.set(conn.id, conn);
      addTo(byAccount, conn.customerId, conn);
      emit(conn, 'onDeviceRegistered', { device: conn.device, connection: conn.id });
      if (conn.device.type === 'Server') {
        // Known here at once (a code may be asked for right after onDeviceRegistered); the bus's
        // echo of this message then changes nothing on this node.
        screenUp(conn.customerId, { device: conn.device, node, conn: conn.id, seenAt: now() });
        bus.publish({ t: 'screen-up', owner: conn.customerId, device: conn.device, node, conn: conn.id });
        screenCount(conn);
      } else {
        sendList(conn);
      }
      return conn;
    },

    /** Every action but registerDevice, from a registered socket. */
    handleAction(conn: Connection, action: RemoteAction) {
      switch (action.action) {
        case 'registerDevice':
          return fail(conn, ApiErrorNumber.BadParameter, 'registerDevice');
        case 'pause':
          conn.paused = true;
          return;
        case 'resume':
          conn.paused = false;
          conn.waiting = null;
          return sendList(conn);
        case 'linkServerDevice':
          return link(conn, action.data);
        case 'unlinkServerDevice':
          conn.waiting = null;
          if (!conn.linked) return fail(conn, ApiErrorNumber.NotFound, 'unlinkServerDevice');
          return unlinkPhone(conn, 'unlinked');
        default:
          return forward(conn, action);
      }
    },

    /**
     * A screen's onNotify* event, for the phones linked to it: `{"event":…,"data":…,"device":…}`,
     * the screen's frame with its device added. `sent` is the screen's own bytes when they are
     * already exactly `{"event":…,"data":…}` (readTimeUpdate): nothing is parsed or serialised
     * again, and bytes skip the sockets' encoding (decision 034, the fan-out's cost per frame).
     */
    handleNotify(conn: Connection, event: RemoteNotifyName, data: unknown, sent?: Buffer) {
      if (conn.device.type !== 'Server') return fail(conn, ApiErrorNumber.Forbidden, event);
      const frame = withDevice(sent ?? Buffer.from(JSON.stringify({ event, data })), conn.frameEnd);
      // Across nodes the bus carries text (decision 034); on one node the bytes go out as they are.
      if (bus.inProcess) toPhones(conn.screenKey, frame);
      else bus.publish({ t: 'from-screen', owner: conn.customerId, udid: conn.device.udid, frame: frame.toString() });
    },

    fail,
    disconnect,

    /** The account's screen `udid`, when one is registered (link codes, spec 2 §7). */
    screen(owner: number, udid: string): RemoteDevice | null {
      return screenOf(owner, udid)?.device ?? null;
    },

    /** Sessions ended on this node: every node checks its sockets (log-out elsewhere too). */
    sessionsEnded(scope: SessionsEndedScope) {
      bus.publish({ t: 'sessions-ended', scope });
    },

    closeIfSessionOver,

    /** Sockets of this node by type (the remote connections gauge of /metrics). */
    connections(): { Server: number; Client: number } {
      const counts = { Server: 0, Client: 0 };
      for (const conn of local.values()) counts[conn.device.type] += 1;
      return counts;
    },

    async close() {
      clearInterval(heartbeat);
      for (const conn of [...local.values()]) {
        conn.socket.close(1001, 'server shutting down');
        disconnect(conn);
      }
      await bus.close();
    },
  };
}
export type RemoteHub = ReturnType<typeof createRemoteHub>;
