import diagnostics from 'node:diagnostics_channel';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, endpoints, type Endpoint } from '@playz/api-contract';
import { ACCESS_LEVELS, isRouteAccess } from '../src/lib/access';
import { declaredHere, registerRouteAccess, RouteWithoutAccessError } from '../src/plugins/route-access';
import { errorNumber, get, post, registerAccount } from './accounts-test-support';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every route declares who may call it (decision 055). The listing is made of every route the app
 * registers, whenever it registers it: a hook added as the Fastify instance is created (its
 * `fastify.initialization` channel) sees them all.
 */
let t: TestApp;
const routes: RouteOptions[] = [];
const collect = (message: unknown) =>
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => void routes.push(route));

beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', collect);
  try {
    t = await createTestApp();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collect);
  }
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
/** The access a route answers with: its own declaration, or the one made for it by URL. */
const accessOf = (route: RouteOptions, method: string) => route.config?.access ?? declaredHere(method, route.url);

function listing() {
  return routes
    .flatMap((route) => methodsOf(route).map((method) => ({ method, url: route.url, access: accessOf(route, method) })))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

const SAMPLE_PARAMS: Record<string, string> = { type: 'credit-card', page: 'cgu' };
const contractRoutes = (Object.entries(endpoints) as [string, Endpoint][]).map(([name, endpoint]) => ({
  name,
  endpoint,
  url: (API_BASE_PATH + endpoint.path).replace(/:(\w+)/g, (_, param: string) => SAMPLE_PARAMS[param] ?? '1'),
}));

describe('every route declares its access (decision 055)', () => {
  it('lists every route with a known access level, and none without', async () => {
    const all = listing();
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter((route) => !isRouteAccess(route.access)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // One line per URL and access: a GET's HEAD twin answers with the same access.
    const lines = new Map<string, { methods: string[]; url: string; access: string }>();
    for (const route of all) {
      const key = `${route.url} ${route.access}`;
      const line = lines.get(key) ?? { methods: [], url: route.url, access: route.access! };
      line.methods.push(route.method);
      lines.set(key, line);
    }
    const counts = Object.fromEntries(Object.keys(ACCESS_LEVELS).map((level) => [level, 0]));
    for (const line of lines.values()) counts[line.access]! += 1;
    const table = [
      '# Every route and who may call it',
      '',
      'Written by `apps/server/test/route-access.api.test.ts` from a test app (demo stand-ins on); the levels',
      'are in `apps/server/src/lib/access.ts` and decision 055. Update with `npx vitest run --project server',
      'apps/server/test/route-access.api.test.ts -u` after adding or changing a route.',
      '',
      '| Access | URLs | Who may call |',
      '| --- | --- | --- |',
      ...Object.entries(ACCESS_LEVELS).map(([level, { summary }]) => `| ${level} | ${counts[level]} | ${summary} |`),
      '',
      '| Method | URL | Access |',
      '| --- | --- | --- |',
      ...[...lines.values()].map((l) => `| ${l.methods.sort().join(', ')} | \`${l.url}\` | ${l.access} |`),
      '',
    ].join('\n');
    // As `npm run lint` (prettier --check) wants the committed file.
    const file = path.join(import.meta.dirname, '../../../docs/api/route-access.md');
    const formatted = await format(table, { ...(await resolveConfig(file)), filepath: file });
    await expect(formatted).toMatchFileSnapshot(file);
  });

  it('gives each contract endpoint the access its contract declares', () => {
    const routed = listing();
    for (const { name, endpoint } of contractRoutes) {
      const route = routed.find((r) => r.method === endpoint.method && r.url === API_BASE_PATH + endpoint.path);
      expect({ name, access: route?.access }).toEqual({ name, access: endpoint.access });
    }
  });

  it('stops the start for a route without an access level, or with an unknown one', async () => {
    const app = Fastify();
    registerRouteAccess(app);
    expect(() => app.get('/nobody-said', async () => 'open by omission')).toThrow(RouteWithoutAccessError);
    expect(() => app.get('/typo', { config: { access: 'costumer' as never } }, async () => 'x')).toThrow(
      /unknown access "costumer"/,
    );
    app.get('/said', { config: { access: 'public' } }, async () => 'fine');
    // Routes registered by code that cannot carry a config (Swagger UI's) are declared by their URL.
    app.get('/api/docs', async () => 'ok');
    await app.ready();
    expect((await app.inject({ url: '/said' })).body).toBe('fine');
    await app.close();
  });
});

describe('the access level is checked before the handler, parameters included (decision 055)', () => {
  it('answers a visitor 11 from every customer and adult call, or the number the call names', async () => {
    const refused = contractRoutes.filter(
      ({ endpoint }) => endpoint.access === 'customer' || endpoint.access === 'adult',
    );
    expect(refused.length).toBeGreaterThan(40);
    for (const { name, endpoint, url } of refused) {
      const res = await t.app.inject({ method: endpoint.method, url });
      expect({ name, number: errorNumber(res) }).toEqual({ name, number: endpoint.visitorError ?? 11 });
    }
  });

  it('answers a kids profile 4 from every adult call, before reading its parameters', async () => {
    const { cookie } = await registerAccount(t.app);
    const kid = (
      await t.app.inject(post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie }))
    ).json().Response.Profile;
    await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }));
    const adult = contractRoutes.filter(({ endpoint }) => endpoint.access === 'adult');
    expect(adult.map(({ name }) => name).sort()).toEqual([
      'cancelSubscription',
      'deleteAccount',
      'deleteProfile',
      'editCustomer',
      'logOutDevice',
      'logOutOthers',
      'removeCreditCard',
      'saveCreditCard',
      'unsubscribe',
    ]);
    for (const { name, endpoint, url } of adult) {
      const res = await t.app.inject({ method: endpoint.method, url, headers: { cookie } });
      expect({ name, number: errorNumber(res) }).toEqual({ name, number: 4 });
    }
    // The same session is still a customer: its own calls answer.
    expect(errorNumber(await t.app.inject(get('/customer/active-devices', { cookie })))).toBe(0);
  });
});
