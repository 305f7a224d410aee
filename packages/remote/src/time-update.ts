import { REMOTE_MAX_SECONDS, type RemoteNotifyDataOf } from './envelope';

/*
 * A screen sends its time update ten times a second (spec 2 §9) and it is most of what the
 * server relays (decision 034). Written the way Playz's clients write it (JSON.stringify of
 * { event, data: { time, duration } }), its text is read here without JSON.parse or the schema,
 * and relayed as its bytes came (decision 034: the fan-out's cost per frame). Anything else, spaces,
 * other key orders, a negative or out-of-range number, goes to parseDeviceFrame, which decides.
 */
const NUMBER = '(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';
const TIME_UPDATE = new RegExp(
  `^\\{"event":"onNotifyVideoTimeUpdate","data":\\{"time":(${NUMBER}),"duration":(${NUMBER}|null)\\}\\}$`,
);

const inRange = (value: number) => Number.isFinite(value) && value <= REMOTE_MAX_SECONDS;

/** Where the canonical frame has the T of "TimeUpdate": no other event or action has it there. */
const T_AT = '{"event":"onNotifyVideo'.length;

/** The longest canonical time update is about 120 characters (two 17-digit numbers). */
const LONGEST = 160;
const T = 0x54;

/**
 * Whether a frame's bytes may be a canonical time update: its length and one byte, so that the
 * other frames are not decoded twice.
 */
export const mayBeTimeUpdate = (bytes: Uint8Array) => bytes.length <= LONGEST && bytes[T_AT] === T;

/**
 * The data of a time update frame when its text is exactly the canonical one and its numbers are
 * within the schema's range (then parseDeviceFrame reads the same data); null otherwise, which
 * says nothing about the frame: parse it the usual way. The canonical frame is ASCII, so its
 * bytes may be given read as latin1 (cheaper than UTF-8): any other byte fails the pattern.
 */
export function readTimeUpdate(text: string): RemoteNotifyDataOf<'onNotifyVideoTimeUpdate'> | null {
  if (text.length > LONGEST) return null;
  const match = TIME_UPDATE.exec(text);
  if (!match) return null;
  const time = Number(match[1]);
  const duration = match[2] === 'null' ? null : Number(match[2]);
  if (!inRange(time) || (duration !== null && !inRange(duration))) return null;
  return { time, duration };
}
