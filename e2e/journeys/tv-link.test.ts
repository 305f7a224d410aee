import { describe, expect, inject, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { useBrowser, newPage, PHONE, screenshot } from '../support/browser';
import { fillLogIn } from '../support/customer';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const TV = { platform: 'AndroidTV', device_udid: `e2e-tv-${Date.now()}` };

interface Envelope<T> {
  Response: T;
  Error: { Number: number };
}
interface LinkStatus {
  used: boolean;
  logged: boolean;
  cuid: string | null;
}

/**
 * The TV polls /status every 500 ms until the phone's approval logs it in (at most `timeoutMs`),
 * and hands back that answer's session token (x-playz-token).
 */
async function pollUntilLogged(tv: APIRequestContext, code: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await tv.get('/api/1.2/customer/account/link/status', { params: { code, ...TV } });
    const body = (await res.json()) as Envelope<{ Status: LinkStatus }>;
    expect(body.Error.Number).toBe(0);
    if (body.Response.Status.logged) return { status: body.Response.Status, token: res.headers()['x-playz-token'] };
    if (Date.now() > deadline) throw new Error(`TV not logged in after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('TV log-in by a link code approved on a phone (spec 1 §3 link codes, §7; decision 011)', () => {
  it('the phone logs in, approves the code, and the TV polling /status is logged in', async () => {
    // Context A, the TV: asks for a code with its own device udid.
    const tv = await newPage(browser, baseUrl);
    const asked = await tv.page.request.get('/api/1.2/customer/account/link', { params: { action: 'login', ...TV } });
    const { Response } = (await asked.json()) as Envelope<{ Link: { code: string; url: string; qrImage: string } }>;
    const link = Response.Link;
    expect(link.url).toBe(`${baseUrl}/customer/link?code=${link.code}`);
    expect(link.qrImage).toMatch(/^data:image\/png;base64,/);
    const waiting = await tv.page.request.get('/api/1.2/customer/account/link/status', {
      params: { code: link.code, ...TV },
    });
    expect(((await waiting.json()) as Envelope<{ Status: LinkStatus }>).Response.Status.logged).toBe(false);

    // Context B, the phone: opens the QR code's URL, logs in on the way, comes back and approves.
    const phone = await newPage(browser, baseUrl, PHONE);
    await phone.page.goto(link.url);
    await phone.page.getByRole('heading', { name: 'Connecter ma TV' }).waitFor();
    await phone.page.getByRole('link', { name: 'Se connecter' }).click();
    await phone.page.waitForURL((url) => url.pathname === '/customer/login');
    await fillLogIn(phone.page, 'abonne@playz.fr', 'playz2026');
    await phone.page.waitForURL((url) => url.pathname === '/customer/link');
    await phone.page.getByText('Votre TV sera connectée au compte abonne@playz.fr.').waitFor();
    await screenshot(phone.page, 'tv-link-approve-phone');
    await phone.page.getByRole('button', { name: 'Connecter ma TV' }).click();
    await phone.page.getByRole('heading', { name: 'TV connectée' }).waitFor();

    // The TV's poll spends the code and starts its session; its next call is logged in.
    const { status, token } = await pollUntilLogged(tv.page.request, link.code);
    expect(status.used).toBe(true);
    expect(token).toBeTruthy();
    const me = await tv.page.request.get('/api/1.2/customer', {
      params: { platform: TV.platform },
      headers: { authorization: `Bearer ${token}` },
    });
    const customer = ((await me.json()) as Envelope<{ Customer: { logged: boolean; login: string; UID: string } }>)
      .Response.Customer;
    expect(customer).toMatchObject({ logged: true, login: 'abonne@playz.fr', UID: status.cuid });
    // A TV with a web view keeps the session cookie the same answer set.
    const byCookie = await tv.page.request.get('/api/1.2/customer', { params: { platform: TV.platform } });
    expect(((await byCookie.json()) as Envelope<{ Customer: { logged: boolean } }>).Response.Customer.logged).toBe(
      true,
    );
    await tv.context.close();
    await phone.context.close();
  });

  it('refuses a wrong code on the phone page', async () => {
    const phone = await newPage(browser, baseUrl, PHONE);
    await phone.page.goto('/customer/link?code=ZZZZ2222');
    await phone.page.getByText("Ce code n'est plus valable. Demandez un nouveau code sur votre TV.").waitFor();
    expect(await phone.page.getByRole('button', { name: 'Connecter ma TV' }).count()).toBe(0);
    await screenshot(phone.page, 'tv-link-wrong-code-phone');
    await phone.context.close();
  });
});
