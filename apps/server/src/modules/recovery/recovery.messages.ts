import { translate } from '@playz/i18n';
import type { PaidMail } from '../../adapters/paid-messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The reset mail in the customer's language, as text and HTML (same words). */
export function passwordResetMail(opts: { locale: string; link: string; minutes: number }): PaidMail {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(opts.locale, key, vars);
  const paragraphs = [
    t('mail.resetPasswordGreeting'),
    t('mail.resetPasswordBody'),
    opts.link,
    t('mail.resetPasswordExpiry', { minutes: opts.minutes }),
    t('mail.resetPasswordIgnore'),
    t('mail.signature'),
  ];
  const html = paragraphs
    .map((p) =>
      p === opts.link
        ? `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(t('mail.resetPasswordAction'))}</a></p>`
        : `<p>${escapeHtml(p)}</p>`,
    )
    .join('\n');
  return { subject: t('mail.resetPasswordSubject'), text: paragraphs.join('\n\n'), html };
}

export function forgotLoginSms(locale: string, login: string): string {
  return translate(locale, 'sms.forgotLogin', { login });
}
