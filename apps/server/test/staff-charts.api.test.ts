import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// The console's money and health charts (decision 091): counted per UTC day from seeded rows, on
// SQLite and PostgreSQL (TEST_DATABASE_URL), each number asserted for each day.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: { cookie } });

interface Answer {
  from: string;
  to: string;
  days: string[];
  charts: {
    id: string;
    unit: string;
    series: { key: string; name: string | null; currency: string | null; values: (number | null)[] }[];
  }[];
}
const chart = (answer: Answer, id: string) => answer.charts.find((c) => c.id === id)!;
const series = (answer: Answer, id: string) =>
  Object.fromEntries(chart(answer, id).series.map((s) => [s.key, s.values]));

let roles: StaffConsole['roles'] = {};
const RANGE = '?from=2020-06-01&to=2020-06-03';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'finance', 'editor']));

  const db = t.database.db;
  const customer = await db.selectFrom('customers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const offer = {
    product_id: 9900,
    product: 'Charts',
    type: 'Subscription',
    billing_type: 'Dummy',
    description: '',
    currency: 'EUR',
    duration_count: 1,
    free_trial_days: 0,
    position: 99,
  };
  await db
    .insertInto('offers')
    .values([
      { ...offer, id: 9901, name: 'Mensuel test', price_cents: 999, duration_unit: 'Month' },
      { ...offer, id: 9902, name: 'Hebdo test', price_cents: 300, duration_unit: 'Week' },
    ])
    .execute();
  const sub = (s: {
    offer: number;
    created: string;
    expires: string;
    price: number;
    cancelled?: string;
    trialEnds?: string;
  }) => ({
    customer_id: customer.id,
    offer_id: s.offer,
    billing_type: 'Dummy',
    status: s.cancelled ? 'Cancelled' : 'Paid',
    subscriber: 1,
    created_at: s.created,
    expiration_date: s.expires,
    cancelled_at: s.cancelled ?? null,
    trial_ends_at: s.trialEnds ?? null,
    price_cents: s.price,
    currency: 'EUR',
    operator_id: null,
  });
  await db
    .insertInto('subscriptions')
    .values([
      // A: signs up on the 1st, renews through the range.
      sub({ offer: 9901, created: '2020-06-01T10:00:00.000Z', expires: '2020-07-01T10:00:00.000Z', price: 999 }),
      // B: a promo price, unsubscribed on the 2nd, access to midday on the 3rd.
      sub({
        offer: 9901,
        created: '2020-06-01T23:59:00.000Z',
        expires: '2020-06-03T12:00:00.000Z',
        price: 499,
        cancelled: '2020-06-02T08:00:00.000Z',
      }),
      // C: weekly, in trial until the 3rd at 09:00.
      sub({
        offer: 9902,
        created: '2020-06-02T09:00:00.000Z',
        expires: '2020-06-30T09:00:00.000Z',
        price: 300,
        trialEnds: '2020-06-03T09:00:00.000Z',
      }),
      // D: older, its access ends exactly at midnight between the 1st and the 2nd.
      sub({ offer: 9901, created: '2020-05-20T10:00:00.000Z', expires: '2020-06-02T00:00:00.000Z', price: 999 }),
    ])
    .execute();
  const line = (entry: string, at: string, amount: number, currency = 'EUR') => ({
    customer_id: customer.id,
    billing_type: 'Dummy',
    entry,
    amount_cents: amount,
    currency,
    created_at: at,
  });
  await db
    .insertInto('billing_ledger')
    .values([
      line('Renewed', '2020-06-01T01:00:00.000Z', 999),
      line('Renewed', '2020-06-01T23:59:59.999Z', 999),
      line('ChargeFailed', '2020-06-01T02:00:00.000Z', 0),
      line('Refunded', '2020-06-02T10:00:00.000Z', -999),
      line('Refunded', '2020-06-02T11:00:00.000Z', -500),
      line('ChargeFailed', '2020-06-02T12:00:00.000Z', 0),
      line('Cancelled', '2020-06-02T08:00:00.000Z', 0),
      line('Refunded', '2020-06-03T10:00:00.000Z', -200, 'GBP'),
      // Outside the range on either side.
      line('Renewed', '2020-05-31T23:59:59.999Z', 999),
      line('Refunded', '2020-06-04T00:00:00.000Z', -999),
    ])
    .execute();
  const event = (at: string, name: string | null, value: number | null = null) => ({
    customer_id: customer.id,
    content_type: 'Content',
    content_type_id: 1,
    platform: 'web',
    created_at: at,
    event: name,
    value_ms: value,
  });
  await db
    .insertInto('event_logs')
    .values([
      ...[1000, 200, 400, 100, 300].map((ms, i) => event(`2020-06-01T1${i}:00:00.000Z`, 'play_start', ms)),
      event('2020-06-01T16:00:00.000Z', 'play_start'),
      ...[1, 2, 3].map((i) => event(`2020-06-01T1${i}:30:00.000Z`, 'rebuffer', 800)),
      event('2020-06-01T17:00:00.000Z', 'error'),
      event('2020-06-01T18:00:00.000Z', null),
      event('2020-06-02T10:00:00.000Z', 'play_start', 50),
      event('2020-06-02T11:00:00.000Z', 'error'),
      event('2020-06-02T12:00:00.000Z', 'error'),
      event('2020-05-31T23:59:59.999Z', 'play_start', 9000),
      event('2020-06-04T00:00:00.000Z', 'error'),
    ])
    .execute();
  const view = (at: string, visitor: string, visit: string) => ({
    visitor_id: visitor,
    visit_id: visit,
    session_id: `${visit}-s`,
    path: '/',
    platform: 'web',
    logged: 0,
    created_at: at,
  });
  await db
    .insertInto('page_views')
    .values([
      view('2020-06-01T08:00:00.000Z', 'v1', 'a'),
      view('2020-06-01T08:01:00.000Z', 'v1', 'a'),
      view('2020-06-01T09:00:00.000Z', 'v2', 'b'),
      view('2020-06-02T09:00:00.000Z', 'v1', 'c'),
      view('2020-06-04T00:00:00.000Z', 'v3', 'd'),
    ])
    .execute();
});
afterAll(() => t.close());

describe('money charts (decision 091)', () => {
  it('spec console: GET /api/admin/charts/money counts subscribers, sign-ups, cancellations, MRR by offer, renewals, refusals and refunds per day', async () => {
    const res = await get(`/charts/money${RANGE}`, roles.finance!);
    expect(res.statusCode).toBe(200);
    const answer = res.json().Response as Answer;
    expect(answer.days).toEqual(['2020-06-01', '2020-06-02', '2020-06-03']);
    expect(answer).toMatchObject({ from: '2020-06-01', to: '2020-06-03' });
    expect(series(answer, 'subscribers')).toEqual({ active: [3, 3, 2] });
    expect(series(answer, 'signUps')).toEqual({ signUps: [2, 1, 0], cancellations: [0, 1, 0] });
    // Monthly: A + B (unsubscribed on the 2nd) + D (ends at the 1st's midnight); weekly C after its
    // trial, 300 cents a week is 1,300 a month.
    expect(chart(answer, 'mrr')).toEqual({
      id: 'mrr',
      unit: 'cents',
      series: [
        { key: 'offer-9902-EUR', name: 'Hebdo test', currency: 'EUR', values: [0, 0, 1300] },
        { key: 'offer-9901-EUR', name: 'Mensuel test', currency: 'EUR', values: [2497, 999, 999] },
      ],
    });
    expect(series(answer, 'renewals')).toEqual({ renewals: [2, 0, 0], refusals: [1, 1, 0] });
    expect(series(answer, 'refunds')).toEqual({ refunds: [0, 2, 1] });
    expect(chart(answer, 'refunded').series).toEqual([
      { key: 'refunded-EUR', name: 'EUR', currency: 'EUR', values: [0, 1499, 0] },
      { key: 'refunded-GBP', name: 'GBP', currency: 'GBP', values: [0, 0, 200] },
    ]);
  });

  it('spec console: the money charts are finance’s and admin’s; support and editors get 4', async () => {
    expect((await get(`/charts/money${RANGE}`, roles.admin!)).json().Error.Number).toBe(0);
    for (const role of ['support', 'editor']) {
      const res = await get(`/charts/money${RANGE}`, roles[role]!);
      expect(res.json().Error.Number).toBe(4);
    }
  });
});

describe('health charts (decision 091)', () => {
  it('spec console: GET /api/admin/charts/health counts plays, start-up p50/p90, stalls per play, errors, page views and visitors per day', async () => {
    const answer = (await get(`/charts/health${RANGE}`, roles.editor!)).json().Response as Answer;
    expect(answer.days).toEqual(['2020-06-01', '2020-06-02', '2020-06-03']);
    expect(series(answer, 'plays')).toEqual({ plays: [6, 1, 0] });
    // Nearest rank over 100, 200, 300, 400, 1000 ms (the play without a time is counted, not ranked).
    expect(series(answer, 'startup')).toEqual({ p50: [300, 50, null], p90: [1000, 50, null] });
    expect(series(answer, 'stalls')).toEqual({ stallsPerPlay: [0.5, 0, null] });
    expect(series(answer, 'errors')).toEqual({ errors: [1, 2, 0] });
    expect(series(answer, 'audience')).toEqual({ pageViews: [3, 1, 0], visitors: [2, 1, 0], visits: [2, 1, 0] });
  });

  it('spec console: every staff role reads the health charts', async () => {
    for (const role of ['admin', 'support', 'finance', 'editor'])
      expect((await get(`/charts/health${RANGE}`, roles[role]!)).json().Error.Number).toBe(0);
  });
});

describe('chart ranges (decision 091)', () => {
  it('spec console: without a range, the 30 days to today (UTC)', async () => {
    const answer = (await get('/charts/health', roles.finance!)).json().Response as Answer;
    expect(answer.days).toHaveLength(30);
    expect(answer).toMatchObject({ from: '2026-10-31', to: '2026-11-29' });
  });

  it('spec console: 366 days are counted; 367, a reversed range or a day that does not exist are 3', async () => {
    const year = (await get('/charts/money?from=2019-06-01&to=2020-05-31', roles.finance!)).json().Response as Answer;
    expect(year.days).toHaveLength(366);
    expect(series(year, 'subscribers').active).toHaveLength(366);
    for (const query of [
      'from=2019-05-31&to=2020-05-31',
      'from=2020-06-03&to=2020-06-01',
      'from=2020-02-30',
      'to=2020-6-1',
    ]) {
      const res = await get(`/charts/money?${query}`, roles.finance!);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().Error.Number).toBe(3);
    }
  });
});
