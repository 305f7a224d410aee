import { cleanSlug } from '@playz/domain';
import { translate } from '@playz/i18n';
import type { PaidMail } from '../../adapters/paid-messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The start of a live event as a viewer reads it, in Paris time (the service's audience). */
export function startTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
    new Date(iso),
  );
}

/** The web app's page of a live event (its route: /live-event/:id/:slug). */
export const liveEventUrl = (publicUrl: string, event: { id: number; name: string }) =>
  `${publicUrl}/live-event/${event.id}/${cleanSlug(event.name)}`;

/**
 * The live-event alert (spec 1 §3 Alert LiveEvent), in the customer's language, as text and HTML
 * with the same words, and the one-click unsubscribe of RFC 8058 in its headers and its last line.
 */
export function liveEventAlertMail(opts: {
  locale: string;
  event: { id: number; name: string; date_scheduled: string };
  publicUrl: string;
  unsubscribeUrl: string;
}): PaidMail {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(opts.locale, key, vars);
  const link = liveEventUrl(opts.publicUrl, opts.event);
  const body = t('mail.liveEventAlertBody', {
    name: opts.event.name,
    date: startTime(opts.event.date_scheduled, opts.locale),
  });
  const text = [
    t('mail.resetPasswordGreeting'),
    body,
    `${t('mail.liveEventAlertAction')} : ${link}`,
    t('mail.signature'),
    `${t('mail.liveEventAlertWhy')} ${t('mail.alertUnsubscribe')} : ${opts.unsubscribeUrl}`,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(t('mail.resetPasswordGreeting'))}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.liveEventAlertAction'))}</a></p>`,
    `<p>${escapeHtml(t('mail.signature'))}</p>`,
    `<p><small>${escapeHtml(t('mail.liveEventAlertWhy'))} <a href="${escapeHtml(opts.unsubscribeUrl)}">${escapeHtml(
      t('mail.alertUnsubscribe'),
    )}</a></small></p>`,
  ].join('\n');
  return {
    subject: t('mail.liveEventAlertSubject', { name: opts.event.name }),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What the web app's service worker shows (apps/web/public/sw.js): the notification's parts. */
export interface LiveEventPushPayload {
  title: string;
  body: string;
  /** The event's artwork, absolute (a notification is shown outside the page). */
  image: string | null;
  icon: string;
  /** The event's page, opened by a click on the notification. */
  url: string;
  /** One notification per event: a second push for it replaces the first. */
  tag: string;
  lang: string;
}

/**
 * The live-event alert by Web Push (decision 066), in the language of the device that subscribed:
 * the mail's subject as title and its first line as body, the event's poster, and its page.
 */
export function liveEventAlertPush(opts: {
  locale: string;
  event: { id: number; name: string; date_scheduled: string; poster: string | null };
  publicUrl: string;
}): LiveEventPushPayload {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(opts.locale, key, vars);
  return {
    title: t('mail.liveEventAlertSubject', { name: opts.event.name }),
    body: t('mail.liveEventAlertBody', {
      name: opts.event.name,
      date: startTime(opts.event.date_scheduled, opts.locale),
    }),
    image: opts.event.poster ? `${opts.publicUrl}/media/${opts.event.poster}` : null,
    icon: `${opts.publicUrl}/favicon.svg`,
    url: liveEventUrl(opts.publicUrl, opts.event),
    tag: `live-event-${opts.event.id}`,
    lang: opts.locale,
  };
}
