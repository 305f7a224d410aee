import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  adminEndpoints,
  type LIVE_EVENT_LOCALES,
  LIVE_EVENT_REFUSALS,
  OPERATOR_TIME_ZONE,
  zonedInstant,
  zonedParts,
  type AdminLiveEvent,
  type AdminLiveEventInput,
} from '@playz/api-contract/admin';
import { adminCall, AdminApiError } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { LanguageTexts } from '@/components/language-texts';
import { useT, type Translate } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';
import { ArtworkPanel } from '../artwork/artwork-panel';
import './live-events.css';

const EVENTS_KEY = ['live-events'] as const;
const PAGE = 50;
const COUNTDOWNS = ['Image', 'Video', 'Stream'] as const;

/** The refusal's reason (decision 108) in the staff member's language. */
function refusalText(t: Translate, error: unknown): string {
  const reason = error instanceof AdminApiError ? error.message.replace(/^liveEvent\./, '') : '';
  return (LIVE_EVENT_REFUSALS as readonly string[]).includes(reason)
    ? t(`liveEvents.error.${reason}` as MessageKey)
    : t('liveEvents.error.other');
}

/** "29/11/2026 20:30" in the operator's zone. */
function parisText(iso: string): string {
  const { date, time } = zonedParts(Date.parse(iso), OPERATOR_TIME_ZONE);
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} ${time}`;
}

type Draft = {
  texts: Record<(typeof LIVE_EVENT_LOCALES)[number], { name: string; description: string }>;
  channelId: string;
  date: string;
  time: string;
  durationMinutes: string;
  leadMinutes: string;
  countdownType: (typeof COUNTDOWNS)[number];
  passOfferId: string;
  poster: string;
  locationName: string;
  locationAddress: string;
};

function draftOf(event: AdminLiveEvent | null): Draft {
  const start = event ? zonedParts(Date.parse(event.start), OPERATOR_TIME_ZONE) : { date: '', time: '20:00' };
  const text = (locale: (typeof LIVE_EVENT_LOCALES)[number]) => ({
    name: event?.texts[locale]?.name ?? '',
    description: event?.texts[locale]?.description ?? '',
  });
  return {
    texts: { fr: text('fr'), en: text('en'), nl: text('nl'), es: text('es') },
    channelId: event?.channelId ? String(event.channelId) : '',
    date: start.date,
    time: start.time,
    durationMinutes: String(event?.durationMinutes ?? 120),
    leadMinutes: String(event?.leadMinutes ?? 15),
    countdownType: event?.countdownType ?? 'Image',
    passOfferId: event?.passOfferId ? String(event.passOfferId) : '',
    poster: event?.poster ?? '',
    locationName: event?.locationName ?? '',
    locationAddress: event?.locationAddress ?? '',
  };
}

/** The draft as the call takes it: the Paris date and time become a UTC instant. */
function inputOf(draft: Draft): AdminLiveEventInput {
  const at = zonedInstant(draft.date, draft.time, OPERATOR_TIME_ZONE);
  const other = (locale: 'en' | 'nl' | 'es') => ({
    ...(draft.texts[locale].name.trim() ? { name: draft.texts[locale].name.trim() } : {}),
    ...(draft.texts[locale].description.trim() ? { description: draft.texts[locale].description.trim() } : {}),
  });
  return {
    texts: {
      fr: { name: draft.texts.fr.name.trim(), description: draft.texts.fr.description.trim() },
      en: other('en'),
      nl: other('nl'),
      es: other('es'),
    },
    channelId: draft.channelId ? Number(draft.channelId) : null,
    // An impossible date is sent as it is typed: the server refuses it with its reason.
    start: Number.isNaN(at) ? `${draft.date}T${draft.time}` : new Date(at).toISOString(),
    durationMinutes: Number(draft.durationMinutes),
    leadMinutes: Number(draft.leadMinutes),
    countdownType: draft.countdownType,
    passOfferId: draft.passOfferId ? Number(draft.passOfferId) : null,
    poster: draft.poster.trim() || null,
    locationName: draft.locationName.trim() || null,
    locationAddress: draft.locationAddress.trim() || null,
  };
}

/**
 * Live events in the console (decision 108): the list, latest first, with their state in Paris
 * time; a form to create or change one (four languages, channel, start, length, countdown, pass,
 * artwork); cancel or hide, show again; once it has ended, its replay chosen from the catalogue.
 */
export function LiveEventsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  // A page at a time, Previous and Next by the server's cursors (decision 116); a change refreshes
  // the page shown (the key's prefix is the list's).
  const pages = useKeysetPages('');
  const list = useQuery({
    queryKey: [...EVENTS_KEY, pages.after ?? null],
    queryFn: () => adminCall(adminEndpoints.listAdminLiveEvents, { query: { after: pages.after, limit: PAGE } }),
  });
  const channels = useQuery({
    queryKey: ['channels'],
    queryFn: () => adminCall(adminEndpoints.listAdminChannels),
  });
  /** The event in the form: null for a new one; undefined when the form is closed. */
  const [editing, setEditing] = useState<AdminLiveEvent | null | undefined>(undefined);
  const [said, setSaid] = useState('');
  const visibility = useMutation({
    mutationFn: (input: { event: AdminLiveEvent; hide: boolean }) =>
      adminCall(input.hide ? adminEndpoints.hideAdminLiveEvent : adminEndpoints.showAdminLiveEvent, {
        params: { id: input.event.id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
  const events = list.data?.events ?? [];
  const nameOf = (event: AdminLiveEvent) => event.texts.fr.name;

  return (
    <section className="live-events">
      <h1>{t('liveEvents.title')}</h1>
      <p>{t('liveEvents.intro')}</p>
      <p>
        <button type="button" className="button" onClick={() => setEditing(null)}>
          {t('liveEvents.new')}
        </button>
      </p>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {editing !== undefined ? (
        <EventForm
          key={editing?.id ?? 'new'}
          event={editing}
          channels={channels.data?.channels ?? []}
          passOffers={list.data?.passOffers ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={(event) => {
            setSaid(t('liveEvents.saved', { name: nameOf(event) }));
            setEditing(event);
            void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
          }}
        />
      ) : null}
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {visibility.isError ? (
        <p role="alert" className="error">
          {t('liveEvents.error.other')}
        </p>
      ) : null}
      {list.data && !events.length ? <p className="muted">{t('liveEvents.empty')}</p> : null}
      {events.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('liveEvents.start')}</th>
                <th>{t('liveEvents.name')}</th>
                <th>{t('liveEvents.channel')}</th>
                <th>{t('liveEvents.state')}</th>
                <th>{t('liveEvents.replay')}</th>
                <th>{t('liveEvents.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id} className={event.hiddenAt ? 'hidden-event' : undefined}>
                  <td className="when">{parisText(event.start)}</td>
                  <td className="name">
                    {nameOf(event)} <span className="muted">#{event.id}</span>
                  </td>
                  <td className="channel">{event.channelName ?? t('liveEvents.none')}</td>
                  <td className="state">
                    {t(`liveEvents.state.${event.state}` as MessageKey)}
                    {event.hiddenAt ? ` · ${t('liveEvents.hidden')}` : ''}
                  </td>
                  <td className="replay">{event.replay?.title ?? t('liveEvents.none')}</td>
                  <td className="actions-cell">
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button ghost small"
                        aria-label={t('liveEvents.editOf', { name: nameOf(event) })}
                        onClick={() => setEditing(event)}
                      >
                        {t('liveEvents.edit')}
                      </button>
                      <button
                        type="button"
                        className="button ghost small"
                        disabled={visibility.isPending}
                        aria-label={t(event.hiddenAt ? 'liveEvents.showOf' : 'liveEvents.hideOf', {
                          name: nameOf(event),
                        })}
                        onClick={() => visibility.mutate({ event, hide: !event.hiddenAt })}
                      >
                        {t(event.hiddenAt ? 'liveEvents.show' : 'liveEvents.hide')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? <KeysetPager pages={pages} next={list.data.next} /> : null}
    </section>
  );
}

function EventForm(props: {
  event: AdminLiveEvent | null;
  channels: { id: number; name: string }[];
  passOffers: { id: number; name: string; price: number }[];
  onClose: () => void;
  onSaved: (event: AdminLiveEvent) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => draftOf(props.event));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setText = (locale: (typeof LIVE_EVENT_LOCALES)[number], key: 'name' | 'description', value: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [locale]: { ...d.texts[locale], [key]: value } } }));
  const save = useMutation({
    mutationFn: (input: AdminLiveEventInput) =>
      props.event
        ? adminCall(adminEndpoints.updateAdminLiveEvent, { params: { id: props.event.id }, body: input })
        : adminCall(adminEndpoints.createAdminLiveEvent, { body: input }),
    onSuccess: (done) => props.onSaved(done.event),
  });

  return (
    <div className="panel live-event-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(inputOf(draft));
        }}
      >
        <h2>{props.event ? t('liveEvents.formEdit', { name: props.event.texts.fr.name }) : t('liveEvents.formNew')}</h2>
        <p className="muted">{t('liveEvents.textsHint')}</p>
        <LanguageTexts
          className="live-event-languages"
          languageName={(locale) => t(`liveEvents.lang.${locale}` as MessageKey)}
          fields={[
            { name: 'name', label: (language) => t('liveEvents.eventName', { language }), maxLength: 200 },
            {
              name: 'description',
              label: (language) => t('liveEvents.description', { language }),
              maxLength: 4000,
              rows: 2,
            },
          ]}
          value={draft.texts}
          onChange={setText}
        />
        <div className="live-event-fields">
          <label>
            {t('liveEvents.channel')}
            <select value={draft.channelId} onChange={(e) => set('channelId', e.target.value)}>
              <option value="">{t('liveEvents.noChannel')}</option>
              {props.channels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('liveEvents.date')}
            <input type="date" required value={draft.date} onChange={(e) => set('date', e.target.value)} />
          </label>
          <label>
            {t('liveEvents.time')}
            <input type="time" required value={draft.time} onChange={(e) => set('time', e.target.value)} />
          </label>
          <label>
            {t('liveEvents.duration')}
            <input
              type="number"
              min={1}
              max={2880}
              required
              value={draft.durationMinutes}
              onChange={(e) => set('durationMinutes', e.target.value)}
            />
          </label>
          <label>
            {t('liveEvents.lead')}
            <input
              type="number"
              min={0}
              max={1440}
              required
              value={draft.leadMinutes}
              onChange={(e) => set('leadMinutes', e.target.value)}
            />
          </label>
          <label>
            {t('liveEvents.countdown')}
            <select
              value={draft.countdownType}
              onChange={(e) => set('countdownType', e.target.value as Draft['countdownType'])}
            >
              {COUNTDOWNS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`liveEvents.countdown.${kind}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('liveEvents.pass')}
            <select value={draft.passOfferId} onChange={(e) => set('passOfferId', e.target.value)}>
              <option value="">{t('liveEvents.pass.default')}</option>
              {props.passOffers.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} · {o.price.toFixed(2).replace('.', ',')} €
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('liveEvents.poster')}
            <input value={draft.poster} maxLength={300} onChange={(e) => set('poster', e.target.value)} />
          </label>
          <label>
            {t('liveEvents.location')}
            <input value={draft.locationName} maxLength={200} onChange={(e) => set('locationName', e.target.value)} />
          </label>
          <label>
            {t('liveEvents.address')}
            <input
              value={draft.locationAddress}
              maxLength={300}
              onChange={(e) => set('locationAddress', e.target.value)}
            />
          </label>
        </div>
        {save.isError ? (
          <p role="alert" className="error">
            {refusalText(t, save.error)}
          </p>
        ) : null}
        <div className="row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('liveEvents.save')}
          </button>
          <button type="button" className="button ghost" onClick={props.onClose}>
            {t('liveEvents.cancel')}
          </button>
        </div>
      </form>
      {props.event ? (
        <ArtworkPanel
          owner={{ type: 'live-event', id: props.event.id }}
          onSaved={(s) => set('poster', s.images.landscape?.replace(/^\/media\//, '') ?? '')}
        />
      ) : null}
      {props.event ? <ReplayPanel event={props.event} onSaved={props.onSaved} /> : null}
    </div>
  );
}

/** Its replay: chosen from the catalogue once the event has ended (spec 2 §3). */
function ReplayPanel(props: { event: AdminLiveEvent; onSaved: (event: AdminLiveEvent) => void }) {
  const t = useT();
  const [q, setQ] = useState('');
  const query = q.trim();
  const found = useQuery({
    queryKey: ['live-event-replay-contents', query],
    queryFn: () => adminCall(adminEndpoints.searchScheduleContents, { query: { q: query } }),
    enabled: query.length >= 2 && props.event.state === 'Past',
  });
  const attach = useMutation({
    mutationFn: (contentId: number) =>
      adminCall(adminEndpoints.setAdminLiveEventReplay, { params: { id: props.event.id }, body: { contentId } }),
    onSuccess: (done) => props.onSaved(done.event),
  });
  return (
    <section className="live-event-replay" aria-labelledby={`replay-${props.event.id}`}>
      <h3 id={`replay-${props.event.id}`}>{t('liveEvents.replayTitle')}</h3>
      {props.event.state !== 'Past' ? (
        <p className="muted">{t('liveEvents.replayLater')}</p>
      ) : (
        <>
          {props.event.replay ? (
            <p>
              {t('liveEvents.replayNow', { title: props.event.replay.title })}{' '}
              <button
                type="button"
                className="button ghost small"
                disabled={attach.isPending}
                onClick={() => attach.mutate(0)}
              >
                {t('liveEvents.replayRemove')}
              </button>
            </p>
          ) : null}
          <label>
            {t('liveEvents.replaySearch')}
            <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </label>
          {found.data && !found.data.contents.length ? <p className="muted">{t('liveEvents.noResult')}</p> : null}
          {found.data?.contents.length ? (
            <ul className="live-event-results">
              {found.data.contents.map((content) => (
                <li key={content.id}>
                  <button
                    type="button"
                    className="button ghost small"
                    disabled={attach.isPending}
                    aria-label={t('liveEvents.replayPick', { title: content.title })}
                    onClick={() => attach.mutate(content.id)}
                  >
                    {content.title}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {attach.isError ? (
        <p role="alert" className="error">
          {refusalText(t, attach.error)}
        </p>
      ) : null}
    </section>
  );
}
