import { z } from 'zod';
import { PLATFORMS } from '@playz/domain';
import { remoteRouteSchema } from './route-rule';
import { PARENTAL_CODE_PATTERN } from './screen-ask';

/*
 * The remote-control WebSocket's JSON envelope (spec 2 §7 "Remote-control WebSocket"; its shape
 * is "not shown", decision 034). Every frame is one JSON object:
 *   - what a device sends:        { "action": "<name>", "data": { ... } }
 *   - what the server sends:      { "event": "<name>", "data": { ... }, "device"?: "<udid>" }
 * A screen (type Server) also sends the onNotify* events, in the event form, and the server hands
 * them to the phones linked to it with `device` set to the screen's udid. Actions a phone sends
 * to its linked screen reach the screen in the action form with `from` (the phone's connection).
 */

/** Largest frame the server reads; bigger ones close the socket (1009 "message too big"). */
export const REMOTE_MAX_MESSAGE_BYTES = 16 * 1024;
/** spec 2 §9: the remote video time update step. */
export const REMOTE_TIME_UPDATE_STEP_MS = 100;

export const remoteDeviceTypeSchema = z.enum(['Server', 'Client']);
export type RemoteDeviceType = z.infer<typeof remoteDeviceTypeSchema>;

const udidSchema = z.string().min(1).max(128);
/** Longest time a remote frame may carry (a week: a live channel's position, a replay's). */
export const REMOTE_MAX_SECONDS = 7 * 24 * 3600;
const seconds = z.number().finite().min(0).max(REMOTE_MAX_SECONDS);
const position = z.number().int().min(0).max(999);
/** An RFC 5646 tag as the ladder writes them (decision 068): fr, en, pt-BR. */
const languageTag = z.string().regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/);
const languageOptions = z
  .array(z.object({ language: languageTag, label: z.string().max(64).nullable() }).strict())
  .max(20);

/** spec 1 §3 / spec 2 §3 Remote-control device: platform, cuid, udid, type, optional host. */
export const remoteDeviceSchema = z.object({
  udid: udidSchema,
  platform: z.enum(PLATFORMS),
  type: remoteDeviceTypeSchema,
  /** A name people recognise in the list ("Samsung salon"); the platform when none is given. */
  name: z.string().max(64),
  /** The account's public id (spec's cuid); null for a guest screen of another account. */
  cuid: z.string().nullable(),
  /** Set on a guest screen: the udid of the screen the guest code named (spec "optional host"). */
  host: udidSchema.nullable(),
});
export type RemoteDevice = z.infer<typeof remoteDeviceSchema>;

// ---- Actions (device → server) ------------------------------------------------------------

const empty = z.object({}).strict();

/** Each action and its data (spec 2 §7 "Actions sent"). */
export const remoteActionData = {
  /**
   * First frame of every connection. `token` is the TV's device token when it cannot send a
   * header or cookie (never in the URL, which proxies log); browsers rely on their cookie.
   */
  registerDevice: z
    .object({
      type: remoteDeviceTypeSchema,
      udid: udidSchema,
      platform: z.enum(PLATFORMS).default('Web'),
      name: z.string().max(64).optional(),
      token: z.string().min(1).max(256).optional(),
      locale: z.string().max(8).optional(),
    })
    .strict(),
  /** The phone leaves the page (app in the background): its link is kept to come back to. */
  pause: empty,
  resume: empty,
  /** `grant` is what /customer/remote/guest/link/check gave, for a screen of another account. */
  linkServerDevice: z.object({ udid: udidSchema, grant: z.string().max(1024).optional() }).strict(),
  unlinkServerDevice: empty,
  requestCurrentRoute: empty,
  requestCurrentPlayback: empty,
  requestHistoryPush: z
    .object({ route: remoteRouteSchema, position: position.optional(), initialTime: seconds.optional() })
    .strict(),
  requestItemPush: z.object({ route: remoteRouteSchema }).strict(),
  requestItemMove: z.object({ from: position, to: position }).strict(),
  requestItemDelete: z.object({ position }).strict(),
  requestPositionChange: z.object({ position }).strict(),
  /**
   * Beyond the spec (decision 075): the screen player's own Previous or Next (an episode, a list's
   * content, a channel), where the screen decides they lead; onNotifyNeighbours says which it has.
   */
  requestSkip: z.object({ direction: z.enum(['previous', 'next']) }).strict(),
  requestVideoPlay: empty,
  requestVideoPause: empty,
  requestVideoSeek: z.object({ time: seconds }).strict(),
  /**
   * Beyond the spec (decision 081): the audio language and the subtitles (null: off) the screen's
   * player plays, through its own commands; either may be left out. The screen saves the choice
   * for its profile as if made there.
   */
  requestLanguages: z.object({ audio: languageTag.optional(), subtitles: languageTag.nullable().optional() }).strict(),
  /**
   * Beyond the spec (screen-ask.ts): the parental code typed on the phone for the screen that
   * asks it (`?asks=parental-code`). Only a phone of the screen's own account may send it; the
   * screen checks it as if typed there (the server's lockout counts it).
   */
  requestParentalCode: z.object({ code: z.string().regex(PARENTAL_CODE_PATTERN) }).strict(),
} as const;

export type RemoteActionName = keyof typeof remoteActionData;
export type RemoteActionDataOf<N extends RemoteActionName> = z.output<(typeof remoteActionData)[N]>;
export type RemoteActionInputOf<N extends RemoteActionName> = z.input<(typeof remoteActionData)[N]>;
export const REMOTE_ACTION_NAMES = Object.keys(remoteActionData) as RemoteActionName[];

/** The actions a phone sends on to its linked screen (the rest the server handles itself). */
export const FORWARDED_ACTIONS = [
  'requestCurrentRoute',
  'requestCurrentPlayback',
  'requestHistoryPush',
  'requestItemPush',
  'requestItemMove',
  'requestItemDelete',
  'requestPositionChange',
  'requestSkip',
  'requestVideoPlay',
  'requestVideoPause',
  'requestVideoSeek',
  'requestLanguages',
  'requestParentalCode',
] as const satisfies readonly RemoteActionName[];
export type ForwardedActionName = (typeof FORWARDED_ACTIONS)[number];

export type RemoteAction = { [N in RemoteActionName]: { action: N; data: RemoteActionDataOf<N> } }[RemoteActionName];

/** A forwarded action as the screen receives it: `from` names the phone's connection. */
export type ForwardedAction = {
  [N in ForwardedActionName]: { action: N; data: RemoteActionDataOf<N>; from: string };
}[ForwardedActionName];

// ---- Events (server → device, and a screen's onNotify* → server) ----------------------------

const routeOrNull = remoteRouteSchema.nullable();
const queue = z.array(remoteRouteSchema).max(200);

/** The onNotify* events a screen sends and its linked phones receive (spec 2 §4 mirrored video). */
export const remoteNotifyData = {
  onNotifyVideoLoading: z.object({ route: routeOrNull }).strict(),
  onNotifyVideoLoaded: z.object({ route: routeOrNull, duration: seconds.nullable() }).strict(),
  onNotifyVideoPlay: z.object({ time: seconds }).strict(),
  onNotifyVideoPause: z.object({ time: seconds }).strict(),
  onNotifyVideoSeek: z.object({ time: seconds }).strict(),
  onNotifyVideoEnd: empty,
  /** At most every REMOTE_TIME_UPDATE_STEP_MS (spec 2 §9): see createThrottle. */
  onNotifyVideoTimeUpdate: z.object({ time: seconds, duration: seconds.nullable() }).strict(),
  /** The screen's page (answer to requestCurrentRoute, and on every navigation). */
  onNotifyCurrentRoute: z.object({ route: z.string().max(512) }).strict(),
  /** Answer to requestCurrentPlayback: what plays, where, and the queue. */
  onNotifyCurrentPlayback: z
    .object({
      route: routeOrNull,
      time: seconds,
      duration: seconds.nullable(),
      paused: z.boolean(),
      queue,
      position: position.nullable(),
    })
    .strict(),
  /** After requestItemPush / Move / Delete / PositionChange / HistoryPush. */
  onNotifyQueueUpdated: z.object({ queue, position: position.nullable() }).strict(),
  /** Beyond the spec (decision 075): whether the screen's player has an item before and after its own. */
  onNotifyNeighbours: z.object({ previous: z.boolean(), next: z.boolean() }).strict(),
  /**
   * Beyond the spec (decision 081): the languages of what the screen plays and which are on, when
   * they change and with every answer to requestCurrentPlayback (empty lists: nothing to choose).
   */
  onNotifyLanguages: z
    .object({
      audio: languageOptions,
      audioLanguage: languageTag.nullable(),
      subtitles: languageOptions,
      subtitleLanguage: languageTag.nullable(),
    })
    .strict(),
} as const;
export type RemoteNotifyName = keyof typeof remoteNotifyData;
export const REMOTE_NOTIFY_NAMES = Object.keys(remoteNotifyData) as RemoteNotifyName[];

export const remoteErrorDataSchema = z.object({
  /** A number of the error catalogue (spec 1 §8 / spec 2 §8). */
  number: z.number().int(),
  message: z.string(),
  /** The action that was refused, when one could be read. */
  action: z.string().max(64).nullable(),
  /**
   * Beyond the spec: why, when the API's Reason says more than the number (decision 059:
   * NotForKidsProfile for "send to TV" from a kids profile).
   */
  reason: z.string().max(64).optional(),
});

/** Events only the server sends. */
export const remoteServerEventData = {
  /** Answer to registerDevice: who the server took this connection for. */
  onDeviceRegistered: z.object({ device: remoteDeviceSchema, connection: z.string() }),
  /** spec 2 §7: the screens this phone may drive (its account's, and a guest screen it holds). */
  onServerDevicesListUpdated: z.object({ devices: z.array(remoteDeviceSchema) }),
  onServerDeviceLinked: z.object({ device: remoteDeviceSchema }),
  /** `reason`: the phone asked, the screen left, or the session ended. */
  onServerDeviceUnlinked: z.object({ udid: udidSchema, reason: z.enum(['unlinked', 'gone', 'session-ended']) }),
  /** To a screen: how many phones drive it now (it may show "phone connected"). */
  onClientsUpdated: z.object({ clients: z.number().int().min(0) }),
  error: remoteErrorDataSchema,
} as const;

export type RemoteNotifyDataOf<N extends RemoteNotifyName> = z.output<(typeof remoteNotifyData)[N]>;
export type RemoteServerEventName = keyof typeof remoteServerEventData;
export type RemoteEventName = RemoteNotifyName | RemoteServerEventName;
export type RemoteEventDataOf<N extends RemoteEventName> = N extends RemoteNotifyName
  ? z.output<(typeof remoteNotifyData)[N]>
  : N extends RemoteServerEventName
    ? z.output<(typeof remoteServerEventData)[N]>
    : never;

export type RemoteEvent = {
  [N in RemoteEventName]: { event: N; data: RemoteEventDataOf<N>; device?: string };
}[RemoteEventName];

// ---- Parsing ------------------------------------------------------------------------------------

export type Parsed<T> = { ok: true; value: T } | { ok: false; number: 2 | 3 | 6; action: string | null };

function readJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isName = <T extends string>(names: readonly T[], name: unknown): name is T =>
  typeof name === 'string' && (names as readonly string[]).includes(name);

/**
 * A frame from a device: an action, or (from a screen) an onNotify* event. 3 for text that is
 * not a JSON object or data that breaks its schema, 6 for an unknown action or event (spec 2 §8).
 */
export function parseDeviceFrame(
  text: string,
): Parsed<RemoteAction | { event: RemoteNotifyName; data: RemoteNotifyDataOf<RemoteNotifyName> }> {
  const json = readJson(text);
  if (!json) return { ok: false, number: 3, action: null };
  if ('action' in json) {
    const name = json.action;
    if (!isName(REMOTE_ACTION_NAMES, name))
      return { ok: false, number: 6, action: typeof name === 'string' ? name.slice(0, 64) : null };
    const data = remoteActionData[name].safeParse(json.data ?? {});
    if (!data.success) return { ok: false, number: 3, action: name };
    return { ok: true, value: { action: name, data: data.data } as RemoteAction };
  }
  if ('event' in json) {
    const name = json.event;
    if (!isName(REMOTE_NOTIFY_NAMES, name))
      return { ok: false, number: 6, action: typeof name === 'string' ? name.slice(0, 64) : null };
    const data = remoteNotifyData[name].safeParse(json.data ?? {});
    if (!data.success) return { ok: false, number: 3, action: name };
    return { ok: true, value: { event: name, data: data.data } };
  }
  return { ok: false, number: 2, action: null };
}

const serverEventNames = Object.keys(remoteServerEventData) as RemoteServerEventName[];
const forwardedActionSchema = z.object({ action: z.enum(FORWARDED_ACTIONS), data: z.unknown(), from: z.string() });

/**
 * A frame from the server, as a client reads it: an event, or (on a screen) a forwarded action.
 * Null for anything else, so an older client ignores what a newer server adds.
 */
export function parseServerFrame(text: string): RemoteEvent | ForwardedAction | null {
  const json = readJson(text);
  if (!json) return null;
  if (typeof json.event === 'string') {
    const name = json.event;
    const schema = isName(REMOTE_NOTIFY_NAMES, name)
      ? remoteNotifyData[name]
      : isName(serverEventNames, name)
        ? remoteServerEventData[name]
        : null;
    const data = schema?.safeParse(json.data ?? {});
    if (!data?.success) return null;
    const device = typeof json.device === 'string' ? { device: json.device } : {};
    return { event: name, data: data.data, ...device } as RemoteEvent;
  }
  const forwarded = forwardedActionSchema.safeParse(json);
  if (!forwarded.success) return null;
  const data = remoteActionData[forwarded.data.action].safeParse(forwarded.data.data ?? {});
  return data.success ? ({ ...forwarded.data, data: data.data } as ForwardedAction) : null;
}
