import type { SandboxUser } from './users';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The provider's sign-in page: a plain form, with the test users listed so a person can pick one. */
export function loginPage(opts: { providerName: string; action: string; users: SandboxUser[]; error?: string }) {
  const users = opts.users
    .map((u) => `<li><code>${escapeHtml(u.login)}</code> / <code>${escapeHtml(u.password)}</code></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.providerName)} (sandbox) sign-in</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto}label{display:block;margin:.5rem 0}</style></head>
<body><h1>${escapeHtml(opts.providerName)} <small>(sandbox)</small></h1>
${opts.error ? `<p role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="${escapeHtml(opts.action)}">
<label>E-mail <input name="login" type="email" required autofocus></label>
<label>Password <input name="password" type="password" required></label>
<button type="submit">Sign in</button>
</form>
<p>Test users:</p><ul>${users}</ul></body></html>`;
}
