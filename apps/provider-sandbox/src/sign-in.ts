/** Where a provider sends the browser back: a GET to the callback, or a form it posts (Apple). */
export type ProviderAnswer = { method: 'GET'; url: string } | { method: 'POST'; url: string; form: URLSearchParams };

/**
 * What a person does in a browser at a stand-in, for tests: open the authorization URL, fill in
 * the sign-in form, follow the provider's redirects (keeping its cookies) until it sends the
 * browser back to the client, by a redirect (Google, Facebook) or by a page that posts a form to
 * it (Apple's form_post).
 */
export async function signOnAtSandbox(
  authorizationUrl: string,
  login: string,
  password: string,
): Promise<ProviderAnswer> {
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
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop += 1) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(origin)) return { method: 'GET', url: next };
      url = next;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const target = action ? new URL(unescape(action), url).toString() : null;
    if (target && !target.startsWith(origin)) {
      const form = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        form.set(unescape(name!), unescape(value!));
      return { method: 'POST', url: target, form };
    }
    if (!target || init.method === 'POST') throw new Error(`sandbox sign-in stopped at ${url} (${res.status})`);
    url = target;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login, password }).toString(),
    };
  }
  throw new Error('sandbox sign-in: too many redirects');
}

/** The same for a provider that redirects back (GET): the callback URL with its code and state. */
export async function signInAtSandbox(authorizationUrl: string, login: string, password: string): Promise<string> {
  const answer = await signOnAtSandbox(authorizationUrl, login, password);
  if (answer.method !== 'GET') throw new Error('the provider posted its answer: use signOnAtSandbox');
  return answer.url;
}
