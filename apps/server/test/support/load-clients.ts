import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { get, post } from '../accounts-test-support';

/**
 * Clients that keep calling an app while a test takes its Redis or PostgreSQL away (docs/reliability.md
 * "restarted under load"): a logged /data, a View stream URL (device lease), a log-in and a
 * resume-point save, each in its own loop. Every answer is checked against the outage rule as it
 * comes; the acknowledged resume point is kept to be found again afterwards.
 */
export interface LoadRun {
  requests: number;
  /** Answers that break the rule (a 5xx that is not the envelope's 5, a body outside the envelope). */
  breaches: string[];
  /** Answers that were the envelope's 5 (internal error): allowed while a backing service is down. */
  internalErrors: number;
  /** The last acknowledged resume point of content 1001 (sent in increasing order), in seconds. */
  acknowledgedProgress: number;
  stop(): Promise<void>;
}

/**
 * The outage rule: every answer is the envelope with a catalogue number; a 5xx is allowed only
 * as the catalogue's 5, "internal error" (HTTP 500 or 503), never a bare 5xx, a stack or a hang.
 */
export function outageBreach(label: string, res: LightMyRequestResponse): string | null {
  type Body = { Response?: unknown; Error?: { Number?: unknown } } | null;
  let body: Body;
  try {
    body = JSON.parse(res.body) as Body;
  } catch {
    return `${label}: HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 200)}`;
  }
  const n = body?.Error?.Number;
  if (typeof n !== 'number' || !body || !('Response' in body))
    return `${label}: no envelope: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500 && n !== 5) return `${label}: HTTP ${res.statusCode} with number ${n}`;
  return null;
}

export function startLoad(
  app: FastifyInstance,
  who: { subscriberCookie: string; login: string; password: string; accountCookie: string },
): LoadRun {
  let running = true;
  const run: LoadRun = {
    requests: 0,
    breaches: [],
    internalErrors: 0,
    acknowledgedProgress: 0,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
  let n = 0;
  const answer = (label: string, res: LightMyRequestResponse) => {
    run.requests += 1;
    const breach = outageBreach(label, res);
    if (breach) run.breaches.push(breach);
    else if (res.json().Error.Number === 5) run.internalErrors += 1;
    return res;
  };
  const loop = async (label: string, once: () => Promise<void>) => {
    while (running) {
      await once();
      // Let the other loops and the test's own calls in.
      await new Promise((r) => setTimeout(r, 5));
    }
    void label;
  };
  const loops = [
    loop('data', async () => {
      answer('GET /data', await app.inject(get('/data', { cookie: who.subscriberCookie })));
    }),
    loop('stream', async () => {
      const url = '/content/1001/url/adaptive';
      const query = { product_usage: 'View', target: 'player_dash' };
      answer(`GET ${url}`, await app.inject(get(url, { cookie: who.subscriberCookie, query })));
    }),
    loop('log-in', async () => {
      const res = await app.inject(
        post('/customer', { login: who.login, password: who.password }, { ip: `10.66.${(n += 1) % 250}.9` }),
      );
      answer('POST /customer (log-in)', res);
    }),
    loop('resume point', async () => {
      // Thousandths of a second: the save is capped at the clip's duration (32 s in the tests).
      const seconds = (n += 1) / 1000;
      const url = '/content/1001/playback/status';
      const res = answer(
        `GET ${url}`,
        await app.inject(get(url, { cookie: who.accountCookie, query: { playback_time: seconds.toFixed(3) } })),
      );
      if (res.statusCode < 300 && res.json().Error.Number === 0) run.acknowledgedProgress = seconds;
    }),
  ];
  return run;
}

/**
 * Wrong passwords from one address until the guard must have refused one: its windows are fixed
 * (5 a minute, from the minute's start), so a run that crosses a minute boundary starts counting
 * again; 11 guesses in well under a minute cross at most one boundary, so one at least is refused.
 */
export async function wrongPasswordGuesses(app: FastifyInstance, login: string, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) {
    statuses.push((await app.inject(post('/customer', { login, password: `wrong-${i}` }, { ip }))).statusCode);
  }
  return statuses;
}

/**
 * The account's id and the resume point the database holds for content 1001 (the load's saves):
 * after an outage it must be at least the last one the server acknowledged.
 */
export async function storedResumePoint(db: Kysely<Database>, login: string) {
  const customer = await db.selectFrom('customers').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  const progress = await db
    .selectFrom('processing')
    .select('playback_time')
    .where('customer_id', '=', customer.id)
    .where('content_id', '=', 1001)
    .executeTakeFirst();
  return { customerId: customer.id, playbackTime: progress?.playback_time ?? 0 };
}
