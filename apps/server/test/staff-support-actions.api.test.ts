import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { post, registerAccount, sessionCookieOf } from './accounts-test-support';
import { readOutbox } from './support/outbox';

// What support changes for a customer from the console (decision 084): one session stopped, the
// alerts and mails sent, an unlock, a reset mail, goodwill days once per request, a refund once
// through the provider registry, the GDPR export and deletion; each audited with before and after.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
const DAY = 24 * 3_600_000;
let call: StaffConsole['call'];

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'finance', 'editor']));
});
afterAll(() => t.close());

const db = () => t.database.db;
const customerIdOf = async (login: string) =>
  (await db().selectFrom('customers').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
const auditOf = (action: string, targetId: string | number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();
const viewerIsIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie } })).json().Response.Customer
    .logged as boolean;
const logIn = (login: string, password: string, ip = '203.0.113.7') =>
  t.app.inject(post('/customer', { login, password }, { ip }));

/** A film rented by card for 2,99 € (a paid Dummy sale: the demo sells no single purchase by Dummy). */
async function rentedFilm(customerId: number, billingType = 'Dummy') {
  const at = new Date(clock).toISOString();
  const billingId = randomBytes(12).toString('hex');
  const offer = await db().selectFrom('offers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db()
    .insertInto('billings')
    .values({
      ...{ id: billingId, customer_id: customerId, offer_id: offer.id, billing_type: billingType, kind: 'Purchase' },
      ...{ state: 'Succeeded', amount_cents: 299, currency: 'EUR', trial_days: 0, platform: 'Web' },
      ...{ purchase_content: JSON.stringify({ contentType: 'Content', contentTypeID: 1001 }), operator_id: null },
      ...{ msisdn: null, requested_url: null, provider_ref: `ref-${billingId}`, failure: null },
      ...{ subscription_id: null, purchase_id: null, created_at: at, updated_at: at, holder_hash: null },
      ...{ paid_at: at, signed_in_at: null },
    })
    .execute();
  const purchase = await db()
    .insertInto('purchases')
    .values({
      ...{ customer_id: customerId, offer_id: offer.id, billing_id: billingId, billing_type: billingType },
      ...{ status: 'Paid', units: 1, ticket_number: billingId.slice(0, 10), content_type: 'Content' },
      ...{
        content_type_id: 1001,
        label: "L'Été indien",
        start_date: at,
        end_date: new Date(clock + 2 * DAY).toISOString(),
      },
      ...{ price_cents: 299, currency: 'EUR', created_at: at },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('billings').set({ purchase_id: purchase.id }).where('id', '=', billingId).execute();
  await db()
    .insertInto('billing_ledger')
    .values({
      ...{ customer_id: customerId, subscription_id: null, purchase_id: purchase.id, billing_id: billingId },
      ...{
        billing_type: billingType,
        entry: 'Purchased',
        amount_cents: 299,
        currency: 'EUR',
        detail: null,
        created_at: at,
      },
    })
    .execute();
  return { billingId, purchaseId: purchase.id };
}

/** A running monthly subscription, as billing writes one. */
async function subscribed(customerId: number, billingType = 'CreditCard') {
  const offer = await db().selectFrom('offers').select(['id', 'price_cents']).orderBy('id').executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('subscriptions')
    .values({
      ...{ customer_id: customerId, offer_id: offer.id, billing_type: billingType, status: 'Paid', subscriber: 1 },
      ...{ expiration_date: new Date(clock + 10 * DAY).toISOString(), created_at: new Date(clock).toISOString() },
      ...{ operator_id: null, price_cents: offer.price_cents, currency: 'EUR' },
    })
    .returning(['id', 'expiration_date'])
    .executeTakeFirstOrThrow();
  return row;
}

describe('decision 084: support stops one session, reads what was sent, unlocks, resends', () => {
  it('stops one of two sessions: that device is signed out, the other stays; audited with before and after', async () => {
    const { login, cookie: first } = await registerAccount(t.app);
    const second = sessionCookieOf(await logIn(login, 'secret-1'));
    const id = await customerIdOf(login);
    const card = (await call('GET', `/customers/${id}`, roles.support!)).json().Response.customer;
    expect(card.sessions).toHaveLength(2);
    // A session is shown by the start of its stored id, the token's SHA-256: the second device's.
    const ref = createHash('sha256').update(second.split('=')[1]!).digest('hex').slice(0, 12);
    expect(card.sessions.map((s: { ref: string }) => s.ref)).toContain(ref);
    const res = await call('POST', `/customers/${id}/sessions/${ref}/end`, roles.support!);
    expect(res.json()).toMatchObject({ Error: { Number: 0 }, Response: { ended: true } });
    expect(await viewerIsIn(second)).toBe(false);
    expect(await viewerIsIn(first)).toBe(true);
    const [entry] = await auditOf('customer.session-end', id);
    expect(entry).toMatchObject({ actor: 'support@playz.fr' });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ openSessions: 2, session: { ref } });
    expect(JSON.parse(entry!.after_json!)).toEqual({ openSessions: 1 });
    // Stopped once: the same reference again names nothing (7); finance may not stop one (4).
    expect((await call('POST', `/customers/${id}/sessions/${ref}/end`, roles.support!)).json().Error.Number).toBe(7);
    const [other] = (await call('GET', `/customers/${id}`, roles.support!)).json().Response.customer.sessions;
    expect(other.ref).not.toBe(ref);
    expect((await call('POST', `/customers/${id}/sessions/${other.ref}/end`, roles.finance!)).json().Error.Number).toBe(
      4,
    );
    expect(await viewerIsIn(first)).toBe(true);
  });

  it('unlock: a viewer refused after wrong passwords signs in again with the right one, from the same address', async () => {
    const { login } = await registerAccount(t.app);
    for (let i = 0; i < 5; i += 1) expect((await logIn(login, 'wrong-pass')).json().Error.Number).toBe(11);
    const refused = await logIn(login, 'secret-1');
    expect(refused.statusCode).toBe(429);
    const id = await customerIdOf(login);
    expect((await call('POST', `/customers/${id}/unlock`, roles.editor!)).json().Error.Number).toBe(4);
    expect((await call('POST', `/customers/${id}/unlock`, roles.support!)).json().Response).toEqual({ unlocked: true });
    expect((await logIn(login, 'secret-1')).json().Error.Number).toBe(0);
    expect(await auditOf('customer.unlock', id)).toHaveLength(1);
  });

  it('resends a password-reset link, which the viewer receives and the card lists with the alerts sent', async () => {
    const { login } = await registerAccount(t.app);
    const id = await customerIdOf(login);
    await db()
      .insertInto('alert_deliveries')
      .values({ customer_id: id, alert_key: 'live-event:2', sent_at: new Date(clock).toISOString() })
      .execute();
    const sent = await call('POST', `/customers/${id}/mails/resend`, roles.support!, { kind: 'password-reset' });
    expect(sent.json().Response).toEqual({ sent: true });
    const [mail] = await readOutbox(t.config.dataDir, 'mail', { to: login, atLeast: 1 });
    expect(mail!.text).toMatch(/\/customer\/change-password\?secret=[\w-]{20,}/);
    const messages = (await call('GET', `/customers/${id}/messages`, roles.support!)).json().Response;
    expect(messages.alerts).toEqual([{ key: 'live-event:2', sentAt: new Date(clock).toISOString(), mailDue: false }]);
    expect(messages.mails).toEqual([{ sentAt: expect.any(String), subject: mail!.subject }]);
    expect(await auditOf('customer.mail-resend', id)).toHaveLength(1);
    // An unknown kind of mail is a bad parameter (3), nothing sent.
    expect(
      (await call('POST', `/customers/${id}/mails/resend`, roles.support!, { kind: 'welcome' })).json().Error.Number,
    ).toBe(3);
  });
});

describe('decision 084: goodwill days, once per request', () => {
  it('a double click (same key) extends the end of access once, with one zero-amount ledger line and one audit entry', async () => {
    const { login } = await registerAccount(t.app);
    const id = await customerIdOf(login);
    const sub = await subscribed(id);
    const body = { subscriptionId: sub.id, days: 7, key: randomUUID() };
    const answers = await Promise.all([
      call('POST', `/customers/${id}/goodwill`, roles.support!, body),
      call('POST', `/customers/${id}/goodwill`, roles.support!, body),
    ]);
    const expected = new Date(Date.parse(sub.expiration_date) + 7 * DAY).toISOString();
    expect(answers.map((a) => a.json().Response.expirationDate)).toEqual([expected, expected]);
    expect(answers.map((a) => a.json().Response.repeated).sort()).toEqual([false, true]);
    const row = await db().selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(row.expiration_date).toBe(expected);
    const lines = await db().selectFrom('billing_ledger').selectAll().where('subscription_id', '=', sub.id).execute();
    expect(lines.map((l) => [l.entry, l.amount_cents])).toEqual([['Goodwill', 0]]);
    const [entry, ...more] = await auditOf('customer.goodwill', id);
    expect(more).toEqual([]);
    expect(JSON.parse(entry!.before_json!)).toEqual({ subscriptionId: sub.id, expirationDate: sub.expiration_date });
    expect(JSON.parse(entry!.after_json!)).toEqual({ subscriptionId: sub.id, expirationDate: expected, days: 7 });
    // A new request (a new key) gives its days too.
    const again = await call('POST', `/customers/${id}/goodwill`, roles.support!, { ...body, key: randomUUID() });
    expect(again.json().Response.expirationDate).toBe(new Date(Date.parse(expected) + 7 * DAY).toISOString());
  });

  it('two grants at once (two keys) both count: 3 and 4 days make 7', async () => {
    const id = await customerIdOf((await registerAccount(t.app)).login);
    const sub = await subscribed(id);
    const answers = await Promise.all(
      [3, 4].map((days) =>
        call('POST', `/customers/${id}/goodwill`, roles.support!, { subscriptionId: sub.id, days, key: randomUUID() }),
      ),
    );
    expect(answers.map((a) => a.json().Error.Number)).toEqual([0, 0]);
    const row = await db().selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(row.expiration_date).toBe(new Date(Date.parse(sub.expiration_date) + 7 * DAY).toISOString());
    const lines = await db()
      .selectFrom('billing_ledger')
      .select('detail')
      .where('subscription_id', '=', sub.id)
      .execute();
    expect(lines.map((l) => l.detail).sort()).toEqual(['3 goodwill days', '4 goodwill days']);
  });

  it('refuses days on another customer’s subscription (7), more than 90 days (3), a store’s subscription (4), finance (4)', async () => {
    const a = await customerIdOf((await registerAccount(t.app)).login);
    const b = await customerIdOf((await registerAccount(t.app)).login);
    const subOfB = await subscribed(b);
    const store = await subscribed(a, 'GooglePlay');
    const grant = (id: number, body: object, who = roles.support!) =>
      call('POST', `/customers/${id}/goodwill`, who, body);
    expect((await grant(a, { subscriptionId: subOfB.id, days: 7, key: randomUUID() })).json().Error.Number).toBe(7);
    expect((await grant(b, { subscriptionId: subOfB.id, days: 91, key: randomUUID() })).json().Error.Number).toBe(3);
    expect((await grant(a, { subscriptionId: store.id, days: 7, key: randomUUID() })).json().Error.Number).toBe(4);
    expect(
      (await grant(b, { subscriptionId: subOfB.id, days: 7, key: randomUUID() }, roles.finance!)).json().Error.Number,
    ).toBe(4);
    const row = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subOfB.id)
      .executeTakeFirstOrThrow();
    expect(row.expiration_date).toBe(subOfB.expiration_date);
  });
});

describe('decision 084: a refund through the provider registry, exactly once', () => {
  it('two staff at once refund the rental once: the viewer loses the film, the ledger shows one refund', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const id = await customerIdOf(login);
    const { billingId, purchaseId } = await rentedFilm(id);
    const purchaseStatus = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie } })).json().Response.Customer
        .purchases[0]?.status;
    expect(await purchaseStatus()).toBe('Paid');
    const card = (await call('GET', `/customers/${id}`, roles.support!)).json().Response;
    expect(card.money.payments).toEqual([
      expect.objectContaining({ id: billingId, amountCents: 299, refundableCents: 299, refund: 'provider' }),
    ]);
    const answers = await Promise.all([
      call('POST', `/customers/${id}/refunds`, roles.support!, { billingId, key: randomUUID() }),
      call('POST', `/customers/${id}/refunds`, roles.finance!, { billingId, key: randomUUID() }),
    ]);
    expect(answers.map((a) => a.json().Error.Number)).toEqual([0, 0]);
    expect(answers.map((a) => a.json().Response.refundedCents).sort()).toEqual([0, 299]);
    const lines = await db()
      .selectFrom('billing_ledger')
      .select(['entry', 'amount_cents'])
      .where('purchase_id', '=', purchaseId)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Purchased', 299],
      ['Refunded', -299],
    ]);
    expect(await purchaseStatus()).toBe('Refunded');
    const after = (await call('GET', `/customers/${id}`, roles.support!)).json().Response.money;
    expect(after.payments[0]).toMatchObject({ refundableCents: 0, refund: 'done' });
    expect(after.ledger[0]).toMatchObject({ entry: 'Refunded', amountCents: -299 });
    // Later asks find it refunded: nothing moves, each ask is still recorded.
    const third = await call('POST', `/customers/${id}/refunds`, roles.support!, { billingId, key: randomUUID() });
    expect(third.json().Response).toEqual({ refundedCents: 0, currency: 'EUR', repeated: true });
    const applied = await auditOf('customer.refund', billingId);
    expect(applied).toHaveLength(1);
    expect(JSON.parse(applied[0]!.before_json!)).toEqual({ customerId: id, refundableCents: 299 });
    expect(JSON.parse(applied[0]!.after_json!)).toMatchObject({ customerId: id, refundedCents: 299, currency: 'EUR' });
    expect(await auditOf('customer.refund-repeated', billingId)).toHaveLength(2);
  });

  it('decision 109: part of a rental given back keeps the film; the rest closes it; never more than was paid', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const id = await customerIdOf(login);
    const { billingId, purchaseId } = await rentedFilm(id);
    const status = async () =>
      (await db().selectFrom('purchases').select('status').where('id', '=', purchaseId).executeTakeFirstOrThrow())
        .status;
    const part = await call('POST', `/customers/${id}/refunds`, roles.support!, {
      ...{ billingId, amountCents: 100, key: randomUUID() },
    });
    expect(part.json().Response).toEqual({ refundedCents: 100, currency: 'EUR', repeated: false });
    expect(await status()).toBe('Paid');
    expect(await viewerIsIn(cookie)).toBe(true);
    const over = await call('POST', `/customers/${id}/refunds`, roles.finance!, {
      ...{ billingId, amountCents: 200, key: randomUUID() },
    });
    expect(over.json().Error.Number).toBe(3);
    const rest = await call('POST', `/customers/${id}/refunds`, roles.finance!, { billingId, key: randomUUID() });
    expect(rest.json().Response.refundedCents).toBe(199);
    expect(await status()).toBe('Refunded');
    const lines = await db()
      .selectFrom('billing_ledger')
      .select(['entry', 'amount_cents'])
      .where('purchase_id', '=', purchaseId)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Purchased', 299],
      ['Refunded', -100],
      ['Refunded', -199],
    ]);
  });

  it('a store’s payment is refunded by the store: the card says so and the call is refused (4), nothing moves', async () => {
    const id = await customerIdOf((await registerAccount(t.app)).login);
    const { billingId, purchaseId } = await rentedFilm(id, 'GooglePlay');
    const card = (await call('GET', `/customers/${id}`, roles.support!)).json().Response;
    expect(card.money.payments[0]).toMatchObject({ id: billingId, refund: 'elsewhere' });
    const res = await call('POST', `/customers/${id}/refunds`, roles.support!, { billingId, key: randomUUID() });
    expect(res.json().Error.Number).toBe(4);
    const purchase = await db()
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(purchase.status).toBe('Paid');
  });

  it('a provider that fails to refund changes nothing: 1, the rental still open, no ledger line', async () => {
    const id = await customerIdOf((await registerAccount(t.app)).login);
    // A card payment its processor does not know: the card provider throws at the refund.
    const { billingId, purchaseId } = await rentedFilm(id, 'CreditCard');
    const card = (await call('GET', `/customers/${id}`, roles.support!)).json().Response;
    expect(card.money.payments[0]).toMatchObject({ id: billingId, refund: 'provider' });
    const res = await call('POST', `/customers/${id}/refunds`, roles.support!, { billingId, key: randomUUID() });
    // The provider's refusal is the catalogue's 1 with its message, as a refused cancellation is.
    expect(res.json()).toEqual({
      Response: null,
      Error: { Number: 1, Message: 'the payment provider did not confirm the refund' },
    });
    const purchase = await db()
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(purchase.status).toBe('Paid');
    const lines = await db()
      .selectFrom('billing_ledger')
      .select('entry')
      .where('purchase_id', '=', purchaseId)
      .execute();
    expect(lines).toEqual([{ entry: 'Purchased' }]);
    expect(await auditOf('customer.refund', billingId)).toEqual([]);
  });

  it('another customer’s payment is not found (7), and an editor may not refund (4)', async () => {
    const a = await customerIdOf((await registerAccount(t.app)).login);
    const b = await customerIdOf((await registerAccount(t.app)).login);
    const { billingId } = await rentedFilm(b);
    expect(
      (await call('POST', `/customers/${a}/refunds`, roles.support!, { billingId, key: randomUUID() })).json().Error
        .Number,
    ).toBe(7);
    expect(
      (await call('POST', `/customers/${b}/refunds`, roles.editor!, { billingId, key: randomUUID() })).json().Error
        .Number,
    ).toBe(4);
    expect(
      (await db().selectFrom('purchases').selectAll().where('billing_id', '=', billingId).executeTakeFirstOrThrow())
        .status,
    ).toBe('Paid');
  });
});

describe('decision 084: the customer’s data (GDPR articles 15, 17, 20)', () => {
  it('exports account, profiles, subscriptions, purchases, payments, watch history, devices and consents, never a secret', async () => {
    const { login } = await registerAccount(t.app, { optin: '1' });
    const id = await customerIdOf(login);
    await subscribed(id);
    await rentedFilm(id);
    await db()
      .insertInto('processing')
      .values({
        customer_id: id,
        content_id: 1001,
        playback_time: 600,
        percentage: 12,
        updated_at: new Date(clock).toISOString(),
      })
      .execute();
    const res = await call('GET', `/customers/${id}/export`, roles.support!);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="playz-customer-${id}.json"`);
    const data = res.json().Response.export;
    expect(data.account).toMatchObject({ login });
    expect(data.consents).toMatchObject({ newsletter: true });
    expect(data.profiles.length).toBeGreaterThanOrEqual(1);
    expect(data.devices.length).toBeGreaterThanOrEqual(1);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.purchases).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.watchHistory).toEqual([expect.objectContaining({ content_id: 1001, playback_time: 600 })]);
    expect(res.body).not.toMatch(/password_hash|parental_code_hash|holder_hash|\$argon2/);
    expect(await auditOf('customer.export', id)).toHaveLength(1);
  });

  it('deletes on request as the customer’s own deletion does: signed out, personal data gone, the ledger kept', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const id = await customerIdOf(login);
    await subscribed(id);
    const { purchaseId } = await rentedFilm(id);
    expect((await call('POST', `/customers/${id}/delete`, roles.finance!)).json().Error.Number).toBe(4);
    const res = await call('POST', `/customers/${id}/delete`, roles.support!);
    expect(res.json().Response).toEqual({ deleted: true, keptForAccounting: true });
    expect(await viewerIsIn(cookie)).toBe(false);
    const row = await db().selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ login: null, password_hash: null, first_name: null });
    expect(row.deleted_at).not.toBeNull();
    const ledger = await db()
      .selectFrom('billing_ledger')
      .select('entry')
      .where('purchase_id', '=', purchaseId)
      .execute();
    expect(ledger).toEqual([{ entry: 'Purchased' }]);
    const [entry] = await auditOf('customer.delete', id);
    expect(JSON.parse(entry!.after_json!)).toEqual({ deleted: true, keptForAccounting: true });
    expect(entry!.before_json).not.toContain(login);
    // Deleted once: a second request finds no customer (7); the card says deleted.
    expect((await call('POST', `/customers/${id}/delete`, roles.support!)).json().Error.Number).toBe(7);
    expect((await call('GET', `/customers/${id}`, roles.support!)).json().Response.customer.deleted).toBe(true);
  });
});
