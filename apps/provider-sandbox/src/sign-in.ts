/**
 * What a person does in a browser at the sandbox, for tests: open the authorization URL, fill in
 * the sign-in form, follow the provider's redirects (keeping its cookies) until it sends the
 * browser back to the client. Returns that redirect URL (the client's callback with code and state).
 */
export async function signInAtSandbox(authorizationUrl: string, login: string, password: string): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop += 1) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(origin)) return next;
      url = next;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || init.method === 'POST') throw new Error(`sandbox sign-in stopped at ${url} (${res.status})`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password }).toString(),
    };
  }
  throw new Error('sandbox sign-in: too many redirects');
}
