import { randomUUID } from 'node:crypto';

/**
 * A client that keeps writing to a running server and remembers every write the server
 * ACKNOWLEDGED (HTTP 2xx with Error.Number 0), for the kill -9 check (docs/reliability.md). Its writes are
 * the account and billing writes a viewer makes without a browser: sign-up, parental code,
 * profiles, favourites, resume points, a direct-pass payment (operator page in the in-process
 * stand-in, then confirm), then a card payment (3-D Secure page of the stand-in), a PayPal
 * approval or a dummy store receipt, by client. It stops at the first failed call: the server
 * died under it. Writes sent but not acknowledged may or may not have landed; the check
 * only asks that every acknowledged one did, exactly once.
 */
export interface Acknowledged {
  login: string | null;
  password: string;
  /** Parental codes in the order sent; `codeAcked` is the index of the last acknowledged one. */
  codes: string[];
  codeAcked: number;
  profiles: string[];
  favorites: number[];
  /** The last acknowledged resume point of content 1001, in seconds (sent in increasing order). */
  progress: number;
  billings: string[];
  /** How each of `billings` was paid (direct-pass, card, paypal), for the run's figures. */
  paidBy: string[];
  receipts: string[];
}

export const FAVOURITE_CONTENTS = [1001, 1002, 1003, 1004, 1005];
export const PROGRESS_CONTENT = 1001;
const REPLAY = { product_id: '2', product_price_id: '13' };
/** The card stand-in's test card that pays without a challenge. */
const FRICTIONLESS = '4970100000000014';

interface Envelope {
  Response: Record<string, unknown> | null;
  Error: { Number: number };
}

/** `onPaid` is told of each acknowledged payment (the test times its kill from the first). */
export async function writeUntilKilled(
  base: string,
  client: string,
  onPaid: () => void = () => {},
): Promise<Acknowledged> {
  const ack: Acknowledged = {
    login: null,
    password: 'secret-kill-9',
    codes: [],
    codeAcked: -1,
    profiles: [],
    favorites: [],
    progress: 0,
    billings: [],
    paidBy: [],
    receipts: [],
  };
  let cookie = '';
  // Sign-ups and log-ins are limited per client address: each client has its own.
  const headers = (): Record<string, string> => ({
    'x-forwarded-for': `10.77.${client}`,
    // PayPal's return URL answers a page to browsers; the API client asks for the envelope.
    accept: 'application/json',
    ...(cookie ? { cookie } : {}),
  });
  async function call(method: 'GET' | 'POST', path: string, fields: Record<string, string>): Promise<Envelope | null> {
    const form = new URLSearchParams(fields).toString();
    const res = await fetch(`${base}/api/1.2${path}${method === 'GET' && form ? `?${form}` : ''}`, {
      method,
      headers: method === 'POST' ? { ...headers(), 'content-type': 'application/x-www-form-urlencoded' } : headers(),
      ...(method === 'POST' ? { body: form } : {}),
    });
    const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const sid = setCookie.find((c) => c.startsWith('playz_sid='));
    if (sid) cookie = [sid, ...cookie.split('; ').filter((c) => c && !c.startsWith('playz_sid='))].join('; ');
    const billing = setCookie.find((c) => c.startsWith('playz_billing='));
    if (billing)
      cookie = [...cookie.split('; ').filter((c) => c && !c.startsWith('playz_billing=')), billing].join('; ');
    // A body cut by the kill throws (the client stops); any other non-envelope is no acknowledgement.
    const text = await res.text();
    let body: Envelope | null = null;
    try {
      body = JSON.parse(text) as Envelope;
    } catch {
      return null;
    }
    return res.ok && body?.Error?.Number === 0 ? body : null;
  }

  const stateOf = (answer: Envelope | null) =>
    (answer?.Response?.Billing as { state?: string } | undefined)?.state ?? null;
  /** A POST as the browser makes it on a provider's page; answers where it is sent, or null. */
  async function browserPost(url: string, fields: Record<string, string>): Promise<URL | null> {
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const location = res.headers.get('location');
    return res.status === 303 && location ? new URL(location, url) : null;
  }
  /** Playz Replay by card, 3-D Secure frictionless (decision 026); the billing id once Succeeded. */
  async function payByCard(): Promise<string | null> {
    const started = await call('GET', '/billing/credit-card/url', REPLAY);
    const { RedirectData, BillingID } = (started?.Response ?? {}) as {
      RedirectData?: { RedirectUrl: string; RedirectParams: Record<string, string> };
      BillingID?: string;
    };
    if (!RedirectData || !BillingID) return null;
    const page = await browserPost(RedirectData.RedirectUrl, RedirectData.RedirectParams);
    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    const paid = page && (await browserPost(page.toString(), { cardNumber: FRICTIONLESS, expiry, cvv: '123' }));
    if (!paid) return null;
    const confirmed = await call('POST', '/billing/credit-card/confirm', { billing_id: BillingID });
    return stateOf(confirmed) === 'Succeeded' ? BillingID : null;
  }
  /** Playz Replay by PayPal (decision 027): approve on the stand-in's page, then its return URL. */
  async function payByPaypal(): Promise<string | null> {
    const started = await call('GET', '/billing/paypal/url', REPLAY);
    const { Url, BillingID } = (started?.Response ?? {}) as { Url?: string; BillingID?: string };
    if (!Url || !BillingID) return null;
    const back = await browserPost(Url, { buyer: 'camille', action: 'approve' });
    if (!back) return null;
    const confirmed = await call('GET', '/billing/paypal/confirm', Object.fromEntries(back.searchParams));
    return stateOf(confirmed) === 'Succeeded' ? BillingID : null;
  }

  try {
    const login = `kill9.${client.replace(/\W/g, '-')}.${randomUUID().slice(0, 8)}@exemple.fr`;
    if (!(await call('POST', '/customer/register', { login, password: ack.password, optin: '0' }))) return ack;
    ack.login = login;
    for (let n = 1; ; n += 1) {
      // The payments come first (once each), then the account writes in turn.
      switch (n <= 2 ? n + 3 : n % 4) {
        case 0: {
          const code = String(1000 + ((n * 37) % 9000));
          ack.codes.push(code);
          if (await call('POST', '/customer/parental-code/reset', { password: ack.password, code })) {
            ack.codeAcked = ack.codes.length - 1;
          }
          break;
        }
        case 1: {
          const name = `Profil ${n}`;
          if (await call('POST', '/customer/edit/profile', { username: name })) ack.profiles.push(name);
          break;
        }
        case 2: {
          const id = FAVOURITE_CONTENTS[n % FAVOURITE_CONTENTS.length]!;
          if (await call('GET', `/content/${id}/set-favorite`, { is_favorite: '1' })) ack.favorites.push(id);
          break;
        }
        case 3: {
          // Thousandths of a second: a save is capped at the clip's duration (32 s in the tests).
          const seconds = n / 1000;
          const sent = { playback_time: seconds.toFixed(3) };
          if (await call('GET', `/content/${PROGRESS_CONTENT}/playback/status`, sent)) ack.progress = seconds;
          break;
        }
        case 4: {
          const started = await call('GET', '/billing/direct-pass/url', {
            product_id: '1',
            product_price_id: '12',
            operator_id: '2',
            msisdn: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          });
          const { Url, BillingID } = (started?.Response ?? {}) as { Url?: string; BillingID?: string };
          if (!Url || !BillingID) break;
          const page = await fetch(Url, {
            method: 'POST',
            body: new URLSearchParams({ action: 'confirm' }),
            redirect: 'manual',
          });
          if (page.status !== 303) break;
          const confirmed = await call('POST', '/billing/direct-pass/confirm', { billing_id: BillingID });
          const state = (confirmed?.Response?.Billing as { state?: string } | undefined)?.state;
          if (state === 'Succeeded') {
            ack.billings.push(BillingID);
            ack.paidBy.push('direct-pass');
            onPaid();
          }
          break;
        }
        case 5: {
          // The second product by the client's own way: a store receipt, a card or PayPal.
          const way = Number(client.split('.').at(-1)) % 3;
          if (way === 0) {
            const receipt = randomUUID();
            const saved = await call('POST', '/billing/dummy/save', {
              receipt,
              sku: 'playz_replay_monthly',
              platform: 'Tizen',
            });
            if (saved) {
              ack.receipts.push(receipt);
              onPaid();
            }
          } else {
            const billingId = way === 1 ? await payByCard() : await payByPaypal();
            if (billingId) {
              ack.billings.push(billingId);
              ack.paidBy.push(way === 1 ? 'card' : 'paypal');
              onPaid();
            }
          }
          break;
        }
      }
    }
  } catch {
    // The server is gone (connection refused or reset): what was acknowledged so far is the record.
    return ack;
  }
}
