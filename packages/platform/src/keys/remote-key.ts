/** The remote's keys the TV app acts on (decision 035: arrows, OK, back, media, channels, digits, colours). */
export const REMOTE_KEYS = [
  'up',
  'down',
  'left',
  'right',
  'ok',
  'back',
  'play',
  'pause',
  'playPause',
  'stop',
  'rewind',
  'fastForward',
  'channelUp',
  'channelDown',
  'digit0',
  'digit1',
  'digit2',
  'digit3',
  'digit4',
  'digit5',
  'digit6',
  'digit7',
  'digit8',
  'digit9',
  'red',
  'green',
  'yellow',
  'blue',
  'info',
  'guide',
  'exit',
] as const;
export type RemoteKey = (typeof REMOTE_KEYS)[number];

/** The fields of a KeyboardEvent the mapping reads; `keyCode` is what older TV browsers fill in. */
export interface KeyInput {
  key?: string;
  code?: string;
  keyCode?: number;
}
