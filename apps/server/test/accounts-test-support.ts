import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../src/config';
import { expect } from 'vitest';
import { databaseOfTestApp, logInAs } from './test-app';
import { connectDatabase, type Db } from '../src/db/connect';

const API = '/api/1.2';

/** A form-encoded POST, as the clients send (spec 1 §7). */
export function post(
  path: string,
  fields: Record<string, string>,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): InjectOptions {
  return {
    method: 'POST',
    url: API + path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(fields).toString(),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
}

export function get(
  path: string,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
): InjectOptions {
  const query = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  return {
    method: 'GET',
    url: API + path + query,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'playz_sid');
  if (!cookie) throw new Error(`no session cookie: ${res.body}`);
  return `playz_sid=${cookie.value}`;
}

export const errorNumber = (res: LightMyRequestResponse): number => res.json().Error.Number;

let counter = 0;
/** A login no other test uses. */
export function freshLogin(prefix = 'client'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@exemple.fr`;
}

/** Registers a new account from its own address and returns its login and session cookie. */
export async function registerAccount(
  app: FastifyInstance,
  fields: Record<string, string> = {},
): Promise<{ login: string; cookie: string; customer: Record<string, unknown> }> {
  const login = fields.login ?? freshLogin();
  counter += 1;
  const res = await app.inject(
    post(
      '/customer/register',
      { login, password: 'secret-1', optin: '0', ...fields },
      { ip: `10.9.${counter % 250}.1` },
    ),
  );
  if (errorNumber(res) !== 0) throw new Error(`register failed: ${res.body}`);
  return { login, cookie: sessionCookieOf(res), customer: res.json().Response.Customer };
}

/**
 * The test database itself, to set up what no API call makes (social accounts, billing): the
 * app's own connection when `config` is a test app's, so its writes retire the app's read caches
 * as any write of the app does (decision 037); closing it leaves the app's connection open.
 */
export function openDatabase(config: Config): Db {
  const appDatabase = databaseOfTestApp(config);
  if (appDatabase) return { ...appDatabase, close: async () => {} };
  return connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/**
 * A kids profile (spec 1 §6, decision 059), Léo, made by the account `adult` is logged in to, and
 * another device of that account (`login`) switched to it: that device's cookie.
 */
export async function kidsProfileDevice(app: FastifyInstance, adult: string, login: string): Promise<string> {
  const created = await app.inject(
    post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie: adult }),
  );
  const kid = created.json().Response.Profile as { UUID: string };
  const kids = await logInAs(app, login);
  const switched = await app.inject(
    post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie: kids }),
  );
  expect(errorNumber(switched)).toBe(0);
  return kids;
}
