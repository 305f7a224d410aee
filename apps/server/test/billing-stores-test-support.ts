import { expect } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

// Shared steps of the store receipt tests (decision 029): a device of a platform, logged in,
// posting what its store gave it.

/**
 * A test app that listens (the store stand-ins call it and are called over HTTP, decision 029),
 * its database, and the URL of one store's stand-in (`/sandbox/{sandbox}`).
 */
export async function startStoreApp(sandbox: string): Promise<{ t: TestApp; db: Db; url: string }> {
  const t = await createTestApp({ listen: true });
  return { t, db: openDatabase(t.config), url: `${t.config.publicUrl}/sandbox/${sandbox}` };
}
/** Closes what startStoreApp opened. */
export async function closeStoreApp(t: TestApp, db: Db): Promise<void> {
  await db.close();
  await t.close();
}

/** A POST of JSON to a store stand-in's test hook (what the store itself would do), answered 200 with JSON. */
export async function standInHook<T>(url: string, body: object): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

export interface Device {
  cookie: string;
  platform: string;
  login: string;
}

export async function deviceOn(t: TestApp, platform: string): Promise<Device> {
  const { cookie, login } = await registerAccount(t.app);
  return { cookie, platform, login };
}

export const storePost = (t: TestApp, device: Device, path: string, fields: Record<string, string>) =>
  t.app.inject(post(path, { ...fields, platform: device.platform }, { cookie: device.cookie }));

/** Posts and expects "Result 1 with Customer" (spec 3 §7); answers the Customer. */
export async function saved(t: TestApp, device: Device, path: string, fields: Record<string, string>) {
  const res = await storePost(t, device, path, fields);
  expect(errorNumber(res), res.body).toBe(0);
  const { Result, Customer } = res.json().Response as { Result: number; Customer: Record<string, unknown> };
  expect(Result).toBe(1);
  return Customer;
}

export async function customerOf(t: TestApp, device: Device) {
  const res = await t.app.inject(get('/customer', { cookie: device.cookie, query: { platform: device.platform } }));
  return res.json().Response.Customer as { hasValidSubscription: boolean; login: string };
}

export async function customerIdOf(db: Db, login: string): Promise<number> {
  return (await db.db.selectFrom('customers').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
}

export async function subscriptionsOf(db: Db, login: string, billingType: string) {
  const id = await customerIdOf(db, login);
  return db.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', id)
    .where('billing_type', '=', billingType)
    .orderBy('id')
    .execute();
}

export async function ledgerOf(db: Db, login: string) {
  const id = await customerIdOf(db, login);
  return db.db.selectFrom('billing_ledger').selectAll().where('customer_id', '=', id).orderBy('id').execute();
}
