import type { FastifyInstance, FastifyReply } from 'fastify';
import { translate } from '@playz/i18n';
import { earlyLocale } from '../../plugins/common-params';
import type { UnsubscribeService } from './unsubscribe.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A small page in the service's dark look; the mail's reader may have no session here. */
function page(reply: FastifyReply, status: number, locale: string, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtml(title)} · Playz</title><style>` +
        'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0d12;color:#eef1f6;' +
        'font:16px/1.5 system-ui,sans-serif}main{max-width:32rem;padding:2rem}h1{font-size:1.5rem}' +
        'button{font:inherit;padding:.75rem 1.5rem;border:0;border-radius:.5rem;background:#e50914;color:#fff;' +
        'cursor:pointer}button:focus-visible{outline:3px solid #fff;outline-offset:2px}a{color:#9cc3ff}' +
        `</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * One-click unsubscribe from the live-event alert mails and the newsletter (RFC 8058, decisions 062
 * and 067). Mail providers
 * POST `List-Unsubscribe=One-Click` to the link of the mail's List-Unsubscribe header; a reader who
 * opens the link gets a page with one button, since link checkers open links without asking anyone.
 * The signed token is the authority: no session is needed, and a wrong token changes nothing.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, deps: { unsubscribe: UnsubscribeService }) {
  const config = { access: 'public' as const };
  const tokenOf = (query: unknown) => (query as { token?: unknown }).token;
  app.get('/alerts/unsubscribe', { config }, async (request, reply) => {
    const locale = earlyLocale(request);
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    const raw = tokenOf(request.query);
    const words = wordsOf(deps.unsubscribe.alertOf(raw));
    if (!words)
      return page(reply, 400, locale, t('mail.unsubscribeTitle'), `<p>${escapeHtml(t('mail.unsubscribeInvalid'))}</p>`);
    return page(
      reply,
      200,
      locale,
      t(words.title),
      `<p>${escapeHtml(t(words.confirm))}</p>` +
        `<form method="post" action="/alerts/unsubscribe?token=${encodeURIComponent(String(raw))}">` +
        `<button type="submit">${escapeHtml(t('mail.unsubscribeButton'))}</button></form>`,
    );
  });
  app.post('/alerts/unsubscribe', { config }, async (request, reply) => {
    const locale = earlyLocale(request);
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    const raw = tokenOf(request.query);
    const words = wordsOf(deps.unsubscribe.alertOf(raw));
    if (!words || !(await deps.unsubscribe.unsubscribe(raw)))
      return page(reply, 400, locale, t('mail.unsubscribeTitle'), `<p>${escapeHtml(t('mail.unsubscribeInvalid'))}</p>`);
    return page(reply, 200, locale, t(words.title), `<p>${escapeHtml(t(words.done))}</p>`);
  });
}

/** The page's words for the alert a token names: the live-event alerts', or the newsletter's (decision 067). */
function wordsOf(alertType: string | null) {
  if (alertType === 'LiveEvent')
    return {
      title: 'mail.unsubscribeTitle',
      confirm: 'mail.unsubscribeConfirm',
      done: 'mail.unsubscribeDone',
    } as const;
  if (alertType === 'Newsletter')
    return {
      title: 'mail.newsletterUnsubscribeTitle',
      confirm: 'mail.newsletterUnsubscribeConfirm',
      done: 'mail.newsletterUnsubscribeDone',
    } as const;
  return null;
}
