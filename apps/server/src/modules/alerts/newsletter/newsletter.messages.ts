import { htmlRoute } from '@playz/domain';
import { translate } from '@playz/i18n';
import type { PaidMail } from '../../../adapters/paid-messages';
import { liveEventUrl, startTime } from '../alerts.messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface NewsletterIssue {
  titles: { id: number; title: string }[];
  liveEvents: { id: number; name: string; date_scheduled: string }[];
}

/**
 * The weekly newsletter (decision 067) in the reader's language: the week's new films and clips
 * and the live events of the week to come, each with its page, as text and HTML with the same
 * words, and the one-click unsubscribe of RFC 8058 in its headers and its last line.
 */
export function newsletterMail(opts: {
  locale: string;
  issue: NewsletterIssue;
  publicUrl: string;
  unsubscribeUrl: string;
}): PaidMail {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(opts.locale, key, vars);
  const sections: { heading: string; items: { label: string; url: string }[] }[] = [];
  if (opts.issue.titles.length)
    sections.push({
      heading: t('mail.newsletterNew'),
      items: opts.issue.titles.map((c) => ({
        label: c.title,
        url: `${opts.publicUrl}${htmlRoute('content', c.id, c.title)}`,
      })),
    });
  if (opts.issue.liveEvents.length)
    sections.push({
      heading: t('mail.newsletterLive'),
      items: opts.issue.liveEvents.map((e) => ({
        label: `${e.name}, ${startTime(e.date_scheduled, opts.locale)}`,
        url: liveEventUrl(opts.publicUrl, e),
      })),
    });
  const text = [
    t('mail.resetPasswordGreeting'),
    t('mail.newsletterIntro'),
    ...sections.map((s) => [s.heading, ...s.items.map((i) => `• ${i.label} : ${i.url}`)].join('\n')),
    t('mail.signature'),
    `${t('mail.newsletterWhy')} ${t('mail.newsletterUnsubscribe')} : ${opts.unsubscribeUrl}`,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(t('mail.resetPasswordGreeting'))}</p>`,
    `<p>${escapeHtml(t('mail.newsletterIntro'))}</p>`,
    ...sections.map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2>\n<ul>${s.items
          .map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.label)}</a></li>`)
          .join('')}</ul>`,
    ),
    `<p>${escapeHtml(t('mail.signature'))}</p>`,
    `<p><small>${escapeHtml(t('mail.newsletterWhy'))} <a href="${escapeHtml(opts.unsubscribeUrl)}">${escapeHtml(
      t('mail.newsletterUnsubscribe'),
    )}</a></small></p>`,
  ].join('\n');
  return {
    subject: t('mail.newsletterSubject'),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
