/**
 * An endpoint's answer already serialised to JSON (UTF-8 bytes), sent as it is in the envelope.
 * For big answers whose parts are the same for many requests (the home rows, 70 kB): the shared
 * parts are serialised once per cache entry and spliced as bytes, instead of JSON.stringify over
 * the whole answer, then its UTF-8 length and encoding, on every request (decision 037, addendum
 * "serialised once"). Outside production it is parsed back and checked against the contract like
 * any other answer, so it cannot drift unnoticed.
 */
export class SerializedAnswer {
  /** The JSON is these parts one after the other: spliced once, into the envelope. */
  readonly parts: readonly Buffer[];
  /** Whether the single part is kept by a cache, so its envelope may be kept beside it. */
  readonly kept: boolean;
  constructor(...parts: Buffer[]) {
    this.parts = parts;
    this.kept = false;
  }
  /**
   * An answer whose bytes a cache keeps and hands to many requests unchanged (never written to):
   * its envelope is made once and kept as long as those bytes live (decision 097 addendum).
   */
  static kept(bytes: Buffer): SerializedAnswer {
    const answer = new SerializedAnswer(bytes);
    (answer as { kept: boolean }).kept = true;
    return answer;
  }
  /** The Response's JSON alone (contract checks, tests). */
  get json(): Buffer {
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
  }
}

const HEAD = Buffer.from('{"Response":');
const TAIL = Buffer.from(',"Error":{"Number":0,"Message":"ok"}}');

/** The success envelope (ARCHITECTURE decision 1) around a serialised Response, in parts. */
export const envelopeParts = (answer: SerializedAnswer): Buffer[] => [HEAD, ...answer.parts, TAIL];

/** Enveloped bytes of kept answers, living as long as the answer's own bytes. */
const keptEnvelopes = new WeakMap<Buffer, Buffer>();

/** The success envelope around a serialised Response: one copy, none for a kept answer seen before. */
export function envelopeJson(answer: SerializedAnswer): Buffer {
  if (!answer.kept) return Buffer.concat(envelopeParts(answer));
  const bytes = answer.parts[0]!;
  let enveloped = keptEnvelopes.get(bytes);
  if (!enveloped) keptEnvelopes.set(bytes, (enveloped = Buffer.concat(envelopeParts(answer))));
  return enveloped;
}

const COMMA = Buffer.from(',');

/** `[a,b,…]` from serialised items. */
export function jsonArray(items: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('[')];
  items.forEach((item, index) => parts.push(...(index ? [COMMA, item] : [item])));
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}

/** `{"key":value}` around a serialised value. */
export const jsonObject = (key: string, value: Buffer): Buffer =>
  Buffer.concat([Buffer.from(`{${JSON.stringify(key)}:`), value, Buffer.from('}')]);

/**
 * `base` (an object, or its JSON bytes) serialised with one more property, `key`, whose value is
 * already serialised: the bytes JSON.stringify({ ...base, [key]: value }) writes when `key` is not
 * in `base`.
 */
export function jsonWithProperty(base: object | Buffer, key: string, value: Buffer): Buffer {
  const head = Buffer.isBuffer(base) ? base.subarray(0, -1) : Buffer.from(JSON.stringify(base).slice(0, -1));
  const separator = head.length > 1 ? ',' : '';
  return Buffer.concat([head, Buffer.from(`${separator}${JSON.stringify(key)}:`), value, CLOSE]);
}
const CLOSE = Buffer.from('}');

/** A value's JSON as UTF-8 bytes. */
export const toJsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
