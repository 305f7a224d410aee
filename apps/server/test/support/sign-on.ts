import { expect } from 'vitest';
import { signOnAtSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import type { TestApp } from '../test-app';

export const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** Our authorize redirect: the response (state cookie) and the provider URL it sends the browser to. */
export async function startSignOn(t: TestApp, provider: string, requestedUrl = '/series') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/1.2/customer/sso/${provider}/authorize?requested_url=${encodeURIComponent(requestedUrl)}`,
  });
  expect(start.statusCode).toBe(302);
  return { start, location: start.headers.location as string, state: cookieOf(start, 'playz_sso_state') };
}

/**
 * The provider's answer arriving as a browser brings it: Google and Facebook redirect to the GET
 * callback; Apple's page posts a form from its own origin, with none of our cookies, and our 303
 * sends the browser on to the GET callback, which carries them (decision 078).
 */
export async function arriveAtCallback(
  t: TestApp,
  sandbox: ProviderSandbox,
  answer: Awaited<ReturnType<typeof signOnAtSandbox>>,
  stateCookie: string | undefined,
) {
  const cookie = stateCookie ? { cookie: `playz_sso_state=${stateCookie}` } : {};
  let callback = new URL(answer.url);
  if (answer.method === 'POST') {
    const posted = await t.app.inject({
      method: 'POST',
      url: `${callback.pathname}${callback.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sandbox.url },
      payload: answer.form.toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.cookies.find((c) => c.name === 'playz_sid')).toBeUndefined();
    callback = new URL(posted.headers.location as string, 'http://localhost:3000');
  }
  return t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: cookie });
}

/** What a browser does: our authorize redirect, the provider's form, back to our callback. */
export async function signOn(
  t: TestApp,
  sandbox: ProviderSandbox,
  provider: string,
  login: string,
  requestedUrl = '/series',
) {
  const { location, state } = await startSignOn(t, provider, requestedUrl);
  return arriveAtCallback(t, sandbox, await signOnAtSandbox(location, login, 'sandbox'), state);
}

export async function customerOf(t: TestApp, sid: string | undefined) {
  const res = await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie: `playz_sid=${sid}` } });
  return res.json().Response.Customer;
}
