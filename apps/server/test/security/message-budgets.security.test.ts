import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_BUDGETS } from '../../src/adapters/paid-messages';
import { errorNumber, get, openDatabase, registerAccount } from '../accounts-test-support';
import { heldClock } from '../support/held-clock';
import { readOutbox } from '../support/outbox';
import { redisForTests } from '../support/redis-server';
import { createSecondNode, createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * SMS pumping (decision 050): billing links are free and each could be texted 3 times to any
 * number, so a free account sent 18 SMS of 18 in seconds. Every message that costs money (SMS and
 * mail) is now budgeted per recipient, per account and per client address, on every API node.
 * Pass rule: past a budget the call answers HTTP 429 with the catalogue's 4 and nothing leaves.
 */
// Each test counts up to a budget of the hour on an app of its own, whose clock stands still
// (support/held-clock.ts).
const figures = { smsAsked: 0, smsSent: 0, mailAsked: 0, mailSent: 0 };
let t: TestApp | null = null;
let nodeB: FastifyInstance | null = null;
let stopRedis: (() => Promise<void>) | null = null;

afterAll(() => report('message budgets', figures));
afterEach(async () => {
  await nodeB?.close();
  await t?.close();
  await stopRedis?.();
  [t, nodeB, stopRedis] = [null, null, null];
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

async function newLink(app: FastifyInstance, cookie: string, ip: string): Promise<string> {
  const res = await app.inject(get('/customer/billing/link', { cookie, ip }));
  expect(errorNumber(res)).toBe(0);
  return res.json().Response.Link.code as string;
}

const sendLink = (app: FastifyInstance, cookie: string, code: string, msisdn: string, ip: string) =>
  app.inject(get('/customer/billing/send', { cookie, ip, query: { code, msisdn } }));

const isRefusedForBudget = (res: LightMyRequestResponse) =>
  res.statusCode === 429 && errorNumber(res) === 4 && Number(res.headers['retry-after']) > 0;

/** Each link may be texted 3 times: `links` links give up to 3 × links tries at `numbers`. */
async function pumpThroughLinks(opts: {
  nodes: FastifyInstance[];
  cookie: string;
  ip: string;
  links: number;
  numbers: (i: number) => string;
}) {
  const answers: LightMyRequestResponse[] = [];
  let i = 0;
  for (let l = 0; l < opts.links; l += 1) {
    const code = await newLink(opts.nodes[l % opts.nodes.length]!, opts.cookie, opts.ip);
    for (let s = 0; s < 3; s += 1, i += 1) {
      answers.push(await sendLink(opts.nodes[i % opts.nodes.length]!, opts.cookie, code, opts.numbers(i), opts.ip));
    }
  }
  figures.smsAsked += answers.length;
  figures.smsSent += answers.filter((r) => r.statusCode === 200).length;
  return answers;
}

describe('SMS pumping through billing links (decision 050)', () => {
  it('one number gets at most its hourly SMS budget, however many links a free account makes', async () => {
    t = await createTestApp({ now: heldClock() });
    const { cookie } = await registerAccount(t.app);
    const answers = await pumpThroughLinks({
      ...{ nodes: [t.app], cookie, ip: freshIp(), links: 6 },
      numbers: () => '0611223344',
    });
    const budget = MESSAGE_BUDGETS.sms.to.hour;
    expect(answers.slice(0, budget).every((r) => r.json().Response?.Result === true)).toBe(true);
    expect(answers.slice(budget).every(isRefusedForBudget)).toBe(true);
    expect(await readOutbox(t.config.dataDir, 'sms', { to: '0611223344' })).toHaveLength(budget);
  });

  it('one account texts at most its hourly budget, spread over as many numbers as it likes', async () => {
    t = await createTestApp({ now: heldClock() });
    const { cookie } = await registerAccount(t.app);
    const answers = await pumpThroughLinks({
      ...{ nodes: [t.app], cookie, ip: freshIp(), links: 4 },
      numbers: (i) => `07000001${String(i).padStart(2, '0')}`,
    });
    const budget = MESSAGE_BUDGETS.sms.account.hour;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.slice(budget).every(isRefusedForBudget)).toBe(true);
    expect(await readOutbox(t.config.dataDir, 'sms')).toHaveLength(budget);
  });

  it('one client address texts at most its hourly budget, whichever accounts it uses', async () => {
    t = await createTestApp({ now: heldClock() });
    const ip = freshIp();
    const budget = MESSAGE_BUDGETS.sms.ip.hour;
    const answers: LightMyRequestResponse[] = [];
    let n = 0;
    // Fresh accounts, each within its own budget, all calling from one address.
    while (answers.length < budget + 3) {
      const { cookie } = await registerAccount(t.app);
      answers.push(
        ...(await pumpThroughLinks({
          ...{ nodes: [t.app], cookie, ip, links: 1 },
          numbers: () => `06000002${String((n += 1)).padStart(2, '0')}`,
        })),
      );
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.slice(budget).every(isRefusedForBudget)).toBe(true);
  });

  it('the budgets hold across two API nodes sharing Redis', async () => {
    const redis = await redisForTests();
    stopRedis = redis.stop;
    const now = heldClock();
    t = await createTestApp({ env: { REDIS_URL: redis.url }, now });
    nodeB = await createSecondNode(t, { now });
    const { cookie } = await registerAccount(t.app);
    const answers = await pumpThroughLinks({
      ...{ nodes: [t.app, nodeB], cookie, ip: freshIp(), links: 3 },
      numbers: () => '0611223355',
    });
    const budget = MESSAGE_BUDGETS.sms.to.hour;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.slice(budget).every(isRefusedForBudget)).toBe(true);
  });
});

describe('recovery messages share the budgets (decision 050)', () => {
  it('forgot-login: a number with several accounts gets at most its SMS budget, whatever the address', async () => {
    t = await createTestApp({ now: heldClock() });
    const database = openDatabase(t.config);
    // A family phone: more accounts on one number than its hourly budget.
    const budget = MESSAGE_BUDGETS.sms.to.hour;
    for (let i = 0; i <= budget; i += 1) {
      const { login } = await registerAccount(t.app);
      await database.db
        .updateTable('customers')
        .set({ phone_number: '0611223366' })
        .where('login', '=', login)
        .execute();
    }
    await database.close();
    const res = await t.app.inject(
      get('/customer/forgot-login', { ip: freshIp(), query: { msisdn: '0611223366', operator_id: '1' } }),
    );
    figures.smsAsked += budget + 1;
    expect(isRefusedForBudget(res)).toBe(true);
    const sent = await readOutbox(t.config.dataDir, 'sms', { to: '0611223366' });
    figures.smsSent += sent.length;
    expect(sent).toHaveLength(budget);
  });

  it('forgot-password: one address gets at most its hourly mail budget, from any number of addresses', async () => {
    let clock = Date.parse('2026-03-02T10:00:00Z');
    t = await createTestApp({ now: () => new Date(clock) });
    const { login } = await registerAccount(t.app);
    const budget = MESSAGE_BUDGETS.mail.to.hour;
    const answers: LightMyRequestResponse[] = [];
    // The per-call limit is 3 a quarter of an hour: four quarters would allow 12 in the hour.
    for (let quarter = 0; quarter < 4; quarter += 1) {
      for (let i = 0; i < 3; i += 1) {
        answers.push(await t.app.inject(get('/customer/forgot-password', { ip: freshIp(), query: { email: login } })));
      }
      clock += 15 * 60 * 1000;
    }
    figures.mailAsked += answers.length;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.filter((r) => r.statusCode !== 200).every(isRefusedForBudget)).toBe(true);
    const mails = await readOutbox(t.config.dataDir, 'mail', { to: login, atLeast: budget });
    figures.mailSent += mails.length;
    expect(mails).toHaveLength(budget);
  });
});
