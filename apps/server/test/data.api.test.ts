import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

describe('GET /api/1.2/data (spec 1 §7)', () => {
  it('answers App and a visitor Customer in the envelope', async () => {
    const res = await t.app.inject('/api/1.2/data');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Error).toEqual({ Number: 0, Message: 'ok' });
    expect(body.Response.App.name).toBe('Playz');
    expect(body.Response.App.publisher.email).toBe('contact@playz.fr');
    // The three subscriptions of the landing, then the single purchases (spec 3 §3 type Purchase).
    expect(
      body.Response.App.inAppPurchases.map((o: { type: string; product: string }) => `${o.type} ${o.product}`),
    ).toEqual([
      'Subscription Service',
      'Subscription Service',
      'Subscription ReplaySubscription',
      'Subscription Video',
      'Subscription VideoComedy',
      'Purchase ContentPurchase',
      'Purchase LivePurchase',
    ]);
    expect(body.Response.App.cookieTypes.map((c: { type: string }) => c.type)).toEqual([
      'Functional',
      'Analytics',
      'Advertising',
    ]);
    expect(body.Response.Customer).toMatchObject({ logged: false, hasFullAccess: false, productAccess: [] });
  });

  it('shows the campaign page link from 20 November to 10 December (spec 1 §9)', async () => {
    const res = await t.app.inject('/api/1.2/data');
    expect(res.json().Response.App.isCampaignPageVisible).toBe(true);
  });

  it('answers the logged customer with access decided on the server (spec 3 §4)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const body = (await t.app.inject({ url: '/api/1.2/data', headers: { cookie } })).json();
    expect(body.Response.Customer).toMatchObject({
      logged: true,
      login: 'abonne@playz.fr',
      hasValidSubscription: true,
      hasFullAccess: false,
      productAccess: ['service'],
    });
    expect(body.Response.Customer.subscriptions[0]).toMatchObject({
      product: 'Service',
      status: 'Paid',
      durationUnit: 'month',
      price: 7.99,
      currency: 'EUR',
    });
  });

  it('gives the demo-campaign customer full access and the customer without access none', async () => {
    const demo = (
      await t.app.inject({ url: '/api/1.2/data', headers: { cookie: await logInAs(t.app, 'demo@playz.fr') } })
    ).json();
    expect(demo.Response.Customer).toMatchObject({
      hasFullAccess: true,
      productAccess: ['service', 'replay', 'video'],
    });
    const none = (
      await t.app.inject({ url: '/api/1.2/data', headers: { cookie: await logInAs(t.app, 'visiteur@playz.fr') } })
    ).json();
    expect(none.Response.Customer).toMatchObject({
      logged: true,
      hasFullAccess: false,
      hasValidSubscription: false,
      productAccess: [],
    });
  });

  it('never sends the parental code or the password hash', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const text = (await t.app.inject({ url: '/api/1.2/data', headers: { cookie } })).body;
    expect(text).not.toMatch(/"password|"parentalCode"|argon2/i);
  });
});

describe('common parameters (spec 1 §7) and bad input (spec 1 §8)', () => {
  it('accepts every common parameter', async () => {
    const q = new URLSearchParams({
      format: 'json',
      platform: 'Web',
      device_udid: 'abc',
      locale: 'fr_FR',
      country: 'FR',
      logged_in: '0',
      c: 'PROMO',
      cache_regen: '1',
      app_version: '1.0.0',
      // spec 3 §7: the operator box adds its environment (spec 1 §2 pf values).
      pf: 'qualif',
    });
    const res = await t.app.inject(`/api/1.2/data?${q}`);
    expect(res.json().Error.Number).toBe(0);
  });

  it('answers 16 for an unknown platform', async () => {
    const res = await t.app.inject('/api/1.2/data?platform=Amiga');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 16 } });
  });

  it.each([
    ['format=xml'],
    ['logged_in=maybe'],
    ['device_type=Toaster'],
    ['locale=' + 'x'.repeat(300)],
    ['platform=Web&platform=Tizen'],
    ['pf=staging'],
  ])('answers 3 for %s, never a 5xx', async (query) => {
    const res = await t.app.inject(`/api/1.2/data?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().Error.Number).toBe(3);
  });

  it('answers in the viewer language', async () => {
    const fr = (await t.app.inject('/api/1.2/data?platform=Amiga')).json().Error.Message;
    const en = (await t.app.inject('/api/1.2/data?platform=Amiga&locale=en')).json().Error.Message;
    expect(fr).not.toBe(en);
  });

  it('decision 037: the App kept serialised per locale answers the bytes of the whole answer at once', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const answers = await Promise.all([
      t.app.inject('/api/1.2/data'),
      t.app.inject('/api/1.2/data?locale=en'),
      t.app.inject({ url: '/api/1.2/data', headers: { cookie } }),
    ]);
    for (const res of answers) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(res.json()));
      expect(Object.keys(res.json().Response)).toEqual(['App', 'Customer']);
      expect(Object.keys(res.json().Response.App).at(-1)).toBe('isCampaignPageVisible');
    }
    const [fr, en, logged] = answers.map((res) => res.json().Response);
    // Each locale its own texts; each session its own customer.
    expect(en.App.cookieTypes[0].name).not.toBe(fr.App.cookieTypes[0].name);
    expect(logged.App).toEqual(fr.App);
    expect(logged.Customer.logged).toBe(true);
    expect(fr.Customer.logged).toBe(false);
  });

  it('answers 6 with HTTP 404 for an unknown API path', async () => {
    const res = await t.app.inject('/api/1.2/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 6 } });
  });
});

describe('health and API documentation', () => {
  it('reports health with the database engine', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/1.2/data'].get.operationId).toBe('getData');
    expect(doc.paths['/api/1.2/customer'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/1.2/content/{id}'].get.responses['404'].description).toMatch(/20 content not found/);
  });
});
