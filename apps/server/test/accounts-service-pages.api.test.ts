import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holdableClock } from './support/held-clock';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';

let t: TestApp;
/** The attempt limits count in windows of the clock: the tests that count up to one hold it still. */
const clock = holdableClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());
afterEach(() => clock.release());

describe('GET /service/infos/terms|privacy|faq|cookies (spec 1 §2 text pages, §7)', () => {
  it.each(['terms', 'privacy', 'faq', 'cookies'])('answers the %s page with its sections in French', async (page) => {
    const res = await t.app.inject(get(`/service/infos/${page}`));
    const body = res.json().Response.Page;
    expect(body.name).toEqual(expect.any(String));
    expect(body.sections.length).toBeGreaterThan(0);
    for (const s of body.sections) expect(s).toEqual({ title: expect.any(String), text: expect.any(String) });
  });

  it('speaks the viewer’s language, French for a locale the service does not support', async () => {
    const name = async (locale?: string) =>
      (await t.app.inject(get('/service/infos/terms', locale ? { query: { locale } } : {}))).json().Response.Page.name;
    expect(await name()).toBe("Conditions générales d'utilisation");
    expect(await name('en')).toBe('Terms of use');
    expect(await name('nl')).toBe('Algemene voorwaarden');
    expect(await name('de')).toBe("Conditions générales d'utilisation");
  });

  it('keeps the cookie page markers for the client (spec 1 §2)', async () => {
    const res = await t.app.inject(get('/service/infos/cookies'));
    const texts = res
      .json()
      .Response.Page.sections.map((s: { text: string }) => s.text)
      .join(' ');
    expect(texts).toContain('{{cookieSettingsLink}}');
    expect(texts).toContain('{{cookieTable}}');
  });

  it('answers 3 for a page that does not exist', async () => {
    expect(errorNumber(await t.app.inject(get('/service/infos/nope')))).toBe(3);
  });
});

describe('GET /service/infos/publisher and /service/cookie-types (spec 1 §3, §7)', () => {
  it('answers the publisher of the legal notice', async () => {
    const res = await t.app.inject(get('/service/infos/publisher'));
    expect(res.json().Response.Publisher).toMatchObject({
      name: 'Playz Médias',
      companyType: 'SAS',
      email: 'contact@playz.fr',
    });
  });

  it('answers the cookie types: functional mandatory, analytics and advertising optional (spec 3 §4)', async () => {
    const types = (await t.app.inject(get('/service/cookie-types'))).json().Response.CookieTypes;
    expect(types.map((c: { type: string; mandatory: boolean }) => [c.type, c.mandatory])).toEqual([
      ['Functional', true],
      ['Analytics', false],
      ['Advertising', false],
    ]);
  });
});

describe('POST /error/log (spec 1 §7)', () => {
  it('accepts a client error report', async () => {
    const res = await t.app.inject(post('/error/log', { message: "Can't get data", url: '/customer/account' }));
    expect(res.json()).toEqual({ Response: { Success: true }, Error: { Number: 0, Message: 'ok' } });
  });

  it('answers 2 without message and 3 for a message over 2000 characters', async () => {
    expect(errorNumber(await t.app.inject(post('/error/log', {})))).toBe(2);
    expect(errorNumber(await t.app.inject(post('/error/log', { message: 'x'.repeat(2001) })))).toBe(3);
  });

  it('limits reports per address', async () => {
    const ip = '10.30.0.1';
    clock.hold();
    for (let i = 0; i < 30; i += 1) {
      expect(errorNumber(await t.app.inject(post('/error/log', { message: `boom ${i}` }, { ip })))).toBe(0);
    }
    const refused = await t.app.inject(post('/error/log', { message: 'boom' }, { ip }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
