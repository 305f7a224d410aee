import { WebSocket } from 'ws';
import type { FanoutCommand, FanoutMessage, FanoutSetup, FanoutStep } from './fanout-settings';

/**
 * Child process of the remote-control fan-out benchmark (forked by remote-fanout.ts, so the
 * server under test keeps its event loop): holds every TV and phone socket of one side. At each
 * step it opens pairs up to the step's count, then for `seconds` each TV sends its time update every
 * 100 ms (spec 2 §9) and each phone a seek every second; a round trip is the phone's seek, the
 * TV receiving it and answering onNotifyVideoSeek, and that event reaching the phone. A seek
 * unanswered within 2 s counts as 2 s.
 */
const LOST_MS = 2000;
const SEEK_ANSWER = Buffer.from('"onNotifyVideoSeek"');
/** Seek answers the TVs sent (counted into each step's frames). */
let answers = 0;

interface Pair {
  tv: WebSocket;
  phone: WebSocket;
  pending: Map<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function open(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    // The load side shares the machine's cores with the server under test: it does not check
    // the UTF-8 of what it reads (both servers write JSON), nor offer compression neither takes.
    const ws = new WebSocket(url, { headers, skipUTF8Validation: true, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Resolves with the first frame `match` accepts. */
function frameOf(ws: WebSocket, match: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer within 30 s')), 30_000);
    const onMessage = (raw: unknown) => {
      const frame = JSON.parse(String(raw)) as Record<string, unknown>;
      if (!match(frame)) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(frame);
    };
    ws.on('message', onMessage);
  });
}

async function openPair(request: FanoutSetup, index: number): Promise<Pair> {
  const account = request.accounts[index]!;
  const udid = `bench-tv-${index}`;
  const tv = await open(request.url, {});
  const registered = frameOf(tv, (f) => f.event === 'onDeviceRegistered');
  tv.send(JSON.stringify({ action: 'registerDevice', data: { type: 'Server', udid, token: account.tvToken } }));
  await registered;
  const phone = await open(request.url, { cookie: account.phoneCookie });
  const phoneRegistered = frameOf(phone, (f) => f.event === 'onDeviceRegistered');
  phone.send(JSON.stringify({ action: 'registerDevice', data: { type: 'Client', udid: `bench-phone-${index}` } }));
  await phoneRegistered;
  const linked = frameOf(phone, (f) => f.event === 'onServerDeviceLinked');
  phone.send(JSON.stringify({ action: 'linkServerDevice', data: { udid } }));
  await linked;
  // The TV answers each seek with the event a real player sends once it has sought.
  tv.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { action?: string; data?: { time?: number } };
    if (frame.action !== 'requestVideoSeek') return;
    answers += 1;
    tv.send(JSON.stringify({ event: 'onNotifyVideoSeek', data: { time: frame.data?.time } }));
  });
  return { tv, phone, pending: new Map() };
}

async function measure(pairs: Pair[], seconds: number): Promise<Omit<FanoutStep, 'pairs'>> {
  const rtts: number[] = [];
  let sent = 0;
  let updates = 0;
  const answersBefore = answers;
  let nextTime = 1;
  const onSeek = (pair: Pair) => (raw: Buffer) => {
    // Phones receive ten time updates a second: only seek answers are read (their bytes searched,
    // not decoded), so the load side spends its time on the sockets rather than on parsing what
    // it does not measure.
    if (!raw.includes(SEEK_ANSWER)) return;
    const frame = JSON.parse(raw.toString('utf8')) as { event?: string; data?: { time?: number } };
    if (frame.event !== 'onNotifyVideoSeek') return;
    const sentAt = pair.pending.get(frame.data!.time!);
    if (sentAt === undefined) return;
    pair.pending.delete(frame.data!.time!);
    rtts.push(performance.now() - sentAt);
  };
  const listeners = pairs.map((pair) => {
    const listener = onSeek(pair);
    pair.phone.on('message', listener);
    return listener;
  });
  let tick = 0;
  const timeUpdates = setInterval(() => {
    tick += 1;
    const update = JSON.stringify({ event: 'onNotifyVideoTimeUpdate', data: { time: tick / 10, duration: 3600 } });
    for (const pair of pairs) pair.tv.send(update);
    updates += pairs.length;
    // A tenth of the phones seek at each tick: every phone once a second, spread over the second.
    for (let i = tick % 10; i < pairs.length; i += 10) {
      const pair = pairs[i]!;
      const time = nextTime++;
      pair.pending.set(time, performance.now());
      pair.phone.send(JSON.stringify({ action: 'requestVideoSeek', data: { time } }));
      sent += 1;
    }
  }, 100);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(timeUpdates);
  // The last seeks get LOST_MS to come back; the wait ends as soon as none is pending.
  const drainEnd = performance.now() + LOST_MS;
  while (performance.now() < drainEnd && pairs.some((pair) => pair.pending.size > 0))
    await new Promise((resolve) => setTimeout(resolve, 50));
  pairs.forEach((pair, i) => pair.phone.off('message', listeners[i]!));
  let lost = 0;
  for (const pair of pairs) {
    lost += pair.pending.size;
    for (let j = 0; j < pair.pending.size; j += 1) rtts.push(LOST_MS);
    pair.pending.clear();
  }
  const sorted = rtts.sort((a, b) => a - b);
  const frames = updates + sent + (answers - answersBefore);
  return { seeks: sent, lost, p50: percentile(sorted, 50), p95: percentile(sorted, 95), frames };
}

/**
 * Driven step by step by the parent (so it can alternate peer and Playz at each pair count, and
 * read the server's CPU time around the measure alone): `start` gives the side, `open` opens
 * pairs up to a count, `measure` measures them, `end` closes.
 */
let setup: FanoutSetup | null = null;
const pairs: Pair[] = [];

async function openPairs(target: number): Promise<number> {
  const request = setup!;
  // Opened 50 at a time: a crowd of screens arriving at once is not what is measured.
  while (pairs.length < target) {
    const batch = Math.min(50, target - pairs.length);
    const start = pairs.length;
    pairs.push(...(await Promise.all(Array.from({ length: batch }, (_, k) => openPair(request, start + k)))));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return pairs.length;
}

const answer = (work: Promise<FanoutMessage>) =>
  work.then(
    (message) => process.send!(message),
    (error: unknown) =>
      process.send!({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies FanoutMessage),
  );

process.on('message', (command: FanoutCommand) => {
  if (command.type === 'start') setup = command.setup;
  else if (command.type === 'open') answer(openPairs(command.pairs).then((opened) => ({ ok: true, opened })));
  else if (command.type === 'measure')
    answer(measure(pairs, setup!.seconds).then((result) => ({ ok: true, step: { pairs: pairs.length, ...result } })));
  else {
    for (const pair of pairs) {
      pair.tv.terminate();
      pair.phone.terminate();
    }
    process.exit(0);
  }
});
