import type { RemoteDevice } from '@playz/remote';
import { createMemoryNodeBus, type NodeBus } from '../../lib/node-bus';
import type { SessionsEndedScope } from '../../sessions/sessions-ended';

/**
 * What the remote-control hubs of all API nodes tell each other (decision 034). Every node
 * hears every message, its own included, and acts on the part that concerns its sockets: the
 * node holding a screen delivers the actions sent to it, the nodes holding phones deliver the
 * screen's events. `node` names the sending node, `conn` a socket (unique across nodes).
 */
export type BusMessage =
  /** A screen registered (or is still there: re-sent every heartbeat). */
  | { t: 'screen-up'; owner: number; device: RemoteDevice; node: string; conn: string }
  | { t: 'screen-down'; owner: number; udid: string; conn: string }
  /** A node started: the others announce their screens again. */
  | { t: 'sync'; node: string }
  /** A phone's action for a screen. */
  | { t: 'to-screen'; owner: number; udid: string; frame: string }
  /** A screen's onNotify* event for its linked phones. */
  | { t: 'from-screen'; owner: number; udid: string; frame: string }
  /** A phone linked to (on) or left (off) a screen: the screen's node counts its phones. */
  | { t: 'phone-link'; owner: number; udid: string; conn: string; on: boolean }
  /** Sessions ended somewhere: every node checks the sessions of its sockets. */
  | { t: 'sessions-ended'; scope: SessionsEndedScope };

export type RemoteBus = NodeBus<BusMessage>;

/** One API node without REDIS_URL: messages go round in process, after the current frame. */
export const createMemoryBus = (): RemoteBus => createMemoryNodeBus<BusMessage>();
