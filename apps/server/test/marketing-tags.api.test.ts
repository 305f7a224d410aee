import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { MARKETING_TRACKERS_KEY } from '../src/modules/billing/checkout/marketing-trackers';
import { createTestApp, type TestApp } from './test-app';

/**
 * Marketing trackers within the page's CSP (spec 3 §3, §4; decision 088): the operator names the
 * hosts tags may load from (MARKETING_TAG_HOSTS), the policy allows exactly those, and the
 * trackers call hands out only what a browser may load under it.
 */
const TAG_HOSTS = 'https://www.googletagmanager.com, https://tags.affiliate.example';

const csp = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

const TRACKERS = {
  visit: [
    { Name: 'Affiliate script', Data: { script: 'https://tags.affiliate.example/t.js?acc={account}', account: 'A1' } },
    { Name: 'Foreign script', Data: { script: 'https://evil.example/x.js' } },
    { Name: 'Frame', Data: { url: 'https://tags.affiliate.example/f?yp={yp}', method: 'iframe', yp: '7' } },
    { Name: 'Foreign frame', Data: { url: 'https://evil.example/f', method: 'iframe' } },
    { Name: 'Tag Manager', Data: { gtmID: 'GTM-ABC123' } },
    { Name: 'Ads', Data: { googleGtagID: 'AW-1', add: 'label', pixelID: '42' } },
  ],
  subscription: [{ Name: 'Image only', Data: { url: 'https://pixels.example/p?c={customerID}', customerID: 'c9' } }],
};

async function trackersOf(t: TestApp) {
  await t.app.db
    .insertInto('settings')
    .values({ key: MARKETING_TRACKERS_KEY, value: JSON.stringify(TRACKERS) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(TRACKERS) }))
    .execute();
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/1.2/billing/direct-pass/marketing-trackers?product_id=1&action=visit',
  });
  expect(res.json().Error.Number).toBe(0);
  return res.json().Response.MarketingTrackers;
}

describe('spec 3 §3 marketing trackers within the CSP, hosts from MARKETING_TAG_HOSTS (decision 088)', () => {
  let withHosts: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withHosts = await createTestApp({ env: { MARKETING_TAG_HOSTS: TAG_HOSTS } });
    without = await createTestApp();
  });
  afterAll(async () => {
    await withHosts.close();
    await without.close();
  });

  it("the page's policy allows the listed hosts' scripts, frames and beacons, and no other's", async () => {
    const policy = csp((await withHosts.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const hosts = ['https://www.googletagmanager.com', 'https://tags.affiliate.example'];
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com', ...hosts]);
    expect(policy.get('frame-src')).toEqual(["'self'", ...hosts]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...hosts]);
    const none = csp((await without.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(none.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com']);
    expect(none.get('frame-src')).toEqual(["'self'"]);
    expect(none.get('connect-src')).toEqual(["'self'"]);
  });

  it('the trackers call hands out the tags of listed hosts only; image pixels always', async () => {
    const { Visit, Subscription } = await trackersOf(withHosts);
    expect(Visit).toEqual([TRACKERS.visit[0], TRACKERS.visit[2], TRACKERS.visit[4], TRACKERS.visit[5]]);
    expect(Subscription).toEqual(TRACKERS.subscription);
  });

  it('without listed hosts only image pixels are handed out: scripts, frames and Google tags are left out', async () => {
    const { Visit } = await trackersOf(without);
    // The Ads tracker keeps its Facebook pixel; its Google tag goes.
    expect(Visit).toEqual([{ Name: 'Ads', Data: { add: 'label', pixelID: '42' } }]);
  });

  it('a MARKETING_TAG_HOSTS entry that is not an https origin stops the start, named', () => {
    for (const value of ['http://tags.example', 'https://tags.example/path', 'tags.example']) {
      expect(() => loadConfig({ NODE_ENV: 'test', MARKETING_TAG_HOSTS: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', MARKETING_TAG_HOSTS: 'http://tags.example' })).toThrow(
      /MARKETING_TAG_HOSTS: "http:\/\/tags.example" is not an https origin/,
    );
    expect(loadConfig({ NODE_ENV: 'test', MARKETING_TAG_HOSTS: TAG_HOSTS }).marketingTagHosts).toEqual([
      'https://www.googletagmanager.com',
      'https://tags.affiliate.example',
    ]);
  });
});
