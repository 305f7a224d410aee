import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  adminEndpoints,
  SCHEDULE_MAX_SECONDS,
  SCHEDULE_MIN_SECONDS,
  SCHEDULE_REFUSALS,
  OPERATOR_TIME_ZONE,
  zonedDayBounds,
  zonedInstant,
  zonedParts,
  type AdminScheduleEntry,
} from '@playz/api-contract/admin';
import { adminCall, AdminApiError } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { useT, type Translate } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { useTimelineDrag } from './timeline-drag';
import './schedule.css';

const DAY_MS = 24 * 3600 * 1000;
/** Pixels per minute on the timeline: 24 h is 1,440 px, a half-hour programme 30 px. */
const PX_PER_MINUTE = 1;
/** What Alt or Shift with an arrow moves or stretches a programme by. */
const STEP_SECONDS = 5 * 60;

/*
 * The page reads and types Paris time, the operator's (decision 108); the calls carry UTC instants.
 * A day is the operator's day: 23 hours on the last Sunday of March, 25 on the last of October.
 */
const ZONE = OPERATOR_TIME_ZONE;
/** The operator's date ("2026-11-30") of an instant. */
const dayOf = (instant: string | number) =>
  zonedParts(typeof instant === 'string' ? Date.parse(instant) : instant, ZONE).date;
const today = () => dayOf(Date.now());
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
/** "14:05" of an ISO time, in Paris time as the whole page. */
const hhmm = (iso: string | number) => zonedParts(typeof iso === 'string' ? Date.parse(iso) : iso, ZONE).time;
const endOf = (entry: { start: string; duration: number }) =>
  new Date(Date.parse(entry.start) + entry.duration * 1000).toISOString();
const clampLength = (seconds: number) => Math.min(SCHEDULE_MAX_SECONDS, Math.max(SCHEDULE_MIN_SECONDS, seconds));

/** The refusal's reason (decision 103) in the staff member's language. */
function refusalText(t: Translate, error: unknown): string {
  const reason = error instanceof AdminApiError ? error.message.replace(/^schedule\./, '') : '';
  return (SCHEDULE_REFUSALS as readonly string[]).includes(reason)
    ? t(`schedule.error.${reason}` as MessageKey)
    : t('schedule.error.other');
}
const ratingText = (t: Translate, rating: number) =>
  rating > 0 ? t('schedule.rating', { rating: String(rating) }) : t('schedule.rating.0');

/**
 * One channel's guide, one day in Paris time on a vertical timeline (decisions 103, 108): each programme is a block
 * sized by its length, with its title and rating. Programmes are added from the catalogue, moved and
 * resized with inputs and buttons, with Alt/Shift and the arrows on a focused programme, or by
 * dragging a block or its lower edge with the pointer (snapped to five minutes, decision 118).
 */
export function SchedulePage() {
  const t = useT();
  const { id } = useParams();
  const channelId = Number(id);
  const queryClient = useQueryClient();
  const [day, setDay] = useState(today);
  const key = ['schedule', channelId, day] as const;
  const schedule = useQuery({
    queryKey: key,
    queryFn: () =>
      adminCall(adminEndpoints.getAdminChannelSchedule, { params: { id: channelId }, query: { day, timeZone: ZONE } }),
  });
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState('');
  const [editing, setEditing] = useState<AdminScheduleEntry | null>(null);
  /** The programme to give the focus back to once the day is drawn again. */
  const [refocus, setRefocus] = useState<number | null>(null);
  const blocks = useRef(new Map<number, HTMLLIElement>());

  const done = (entry: AdminScheduleEntry) => {
    setFailure('');
    setSaid(t('schedule.saved', { title: entry.title, from: hhmm(entry.start), to: hhmm(endOf(entry)) }));
    void queryClient.invalidateQueries({ queryKey: ['schedule', channelId] });
  };
  const change = useMutation({
    mutationFn: (input: { entry: AdminScheduleEntry; start: string; duration: number }) =>
      adminCall(adminEndpoints.changeScheduleEntry, {
        params: { id: channelId, entryId: input.entry.id },
        body: { start: input.start, duration: input.duration },
      }),
    onSuccess: (result) => {
      done(result.entry);
      setEditing(null);
      setRefocus(result.entry.id);
      // A programme moved to another day: show that day.
      const movedTo = dayOf(result.entry.start);
      if (movedTo !== day && dayOf(endOf(result.entry)) !== day) setDay(movedTo);
    },
    onError: (error) => setFailure(refusalText(t, error)),
  });
  const remove = useMutation({
    mutationFn: (entry: AdminScheduleEntry) =>
      adminCall(adminEndpoints.removeScheduleEntry, { params: { id: channelId, entryId: entry.id } }),
    onSuccess: (_, entry) => {
      setFailure('');
      setSaid(t('schedule.removed', { title: entry.title }));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['schedule', channelId] });
    },
    onError: (error) => setFailure(refusalText(t, error)),
  });
  const add = useMutation({
    mutationFn: (input: { contentId: number; start: string; duration: number }) =>
      adminCall(adminEndpoints.addScheduleEntry, { params: { id: channelId }, body: input }),
    onSuccess: (result) => {
      done(result.entry);
      setRefocus(result.entry.id);
    },
    onError: (error) => setFailure(refusalText(t, error)),
  });

  useEffect(() => {
    if (refocus === null) return;
    const block = blocks.current.get(refocus);
    if (block) {
      block.focus();
      setRefocus(null);
    }
  }, [refocus, schedule.data]);

  const { from: dayStart, to: dayEnd } = zonedDayBounds(day, ZONE);
  const dayMinutes = (dayEnd - dayStart) / 60_000;
  /** The day's hours as the clock reads them: 02:00 is missing in March and comes twice in October. */
  const hours = Array.from({ length: Math.round(dayMinutes / 60) }, (_, i) => dayStart + i * 3600_000);
  const entries = schedule.data?.entries ?? [];
  const busy = change.isPending || remove.isPending || add.isPending;
  const drag = useTimelineDrag({
    pxPerMinute: PX_PER_MINUTE,
    disabled: busy,
    onDrop: (entryId, times) => {
      const entry = entries.find((e) => e.id === entryId);
      if (entry) change.mutate({ entry, ...times });
    },
  });

  /** Alt+↑/↓ moves a programme by five minutes; Shift+↑/↓ changes its length by five minutes. */
  const onBlockKey = (entry: AdminScheduleEntry) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget || busy) return;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const by = event.key === 'ArrowUp' ? -STEP_SECONDS : STEP_SECONDS;
    if (event.altKey) {
      event.preventDefault();
      const start = new Date(Date.parse(entry.start) + by * 1000).toISOString();
      change.mutate({ entry, start, duration: entry.duration });
    } else if (event.shiftKey) {
      event.preventDefault();
      change.mutate({ entry, start: entry.start, duration: clampLength(entry.duration + by) });
    }
  };
  const keep = (entryId: number) => (element: HTMLLIElement | null) => {
    if (element) blocks.current.set(entryId, element);
    else blocks.current.delete(entryId);
  };
  const lastEnd = entries.length ? endOf(entries[entries.length - 1]!) : null;

  return (
    <section className="schedule">
      <p>
        <Link to="/channels">← {t('schedule.back')}</Link>
      </p>
      <h1>{t('schedule.title', { name: schedule.data?.channel.name ?? `#${channelId}` })}</h1>
      <p className="muted">{t('schedule.intro')}</p>
      <div className="schedule-day">
        <button type="button" className="button ghost" onClick={() => setDay(shiftDay(day, -1))}>
          ← {t('schedule.previous')}
        </button>
        <label>
          {t('schedule.day')}
          <input type="date" value={day} required onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <button type="button" className="button ghost" onClick={() => setDay(shiftDay(day, 1))}>
          {t('schedule.next')} →
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {failure ? (
        <p role="alert" className="error schedule-error">
          {failure}
        </p>
      ) : null}
      <div className="schedule-body">
        <div className="schedule-timeline-wrap">
          {schedule.isPending ? <Status kind="loading" /> : null}
          {schedule.isError ? <Status kind="error" onRetry={() => void schedule.refetch()} /> : null}
          {schedule.data && !entries.length ? <p className="muted">{t('schedule.empty')}</p> : null}
          <div className="schedule-timeline" style={{ height: `${dayMinutes * PX_PER_MINUTE}px` }}>
            {hours.map((at, index) => (
              <span key={at} className="schedule-hour" style={{ top: `${index * 60 * PX_PER_MINUTE}px` }}>
                {hhmm(at)}
              </span>
            ))}
            <ol aria-label={t('schedule.timeline', { day })}>
              {entries.map((entry) => {
                // While dragged, the block follows the pointer at its snapped times.
                const shown = drag.isDragging(entry.id) ? { ...entry, ...drag.preview } : entry;
                const from = Math.max(0, (Date.parse(shown.start) - dayStart) / 60_000);
                const to = Math.min(dayMinutes, (Date.parse(shown.start) + shown.duration * 1000 - dayStart) / 60_000);
                const label = t('schedule.entry', {
                  from: hhmm(entry.start),
                  to: hhmm(endOf(entry)),
                  title: entry.title,
                });
                return (
                  <li
                    key={entry.id}
                    ref={keep(entry.id)}
                    tabIndex={0}
                    aria-label={`${label}, ${ratingText(t, entry.rating)}`}
                    className={`schedule-block${editing?.id === entry.id ? ' selected' : ''}${shown === entry ? '' : ' dragging'}`}
                    style={{ top: `${from * PX_PER_MINUTE}px`, height: `${Math.max(1, to - from) * PX_PER_MINUTE}px` }}
                    onKeyDown={onBlockKey(entry)}
                    {...drag.blockProps(entry.id, entry)}
                  >
                    <span className="schedule-time">
                      {hhmm(shown.start)}–{hhmm(endOf(shown))}
                    </span>
                    <span className="schedule-title">{entry.title}</span>
                    <span className="schedule-rating">{ratingText(t, entry.rating)}</span>
                    <button
                      type="button"
                      className="button ghost small"
                      aria-label={`${t('schedule.edit')} ${entry.title} ${hhmm(entry.start)}`}
                      onClick={() => {
                        setFailure('');
                        setEditing(entry);
                      }}
                    >
                      {t('schedule.edit')}
                    </button>
                    <span className="schedule-resize" aria-hidden="true" {...drag.edgeProps(entry.id, entry)} />
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
        <aside className="schedule-side">
          {editing ? (
            <EntryForm
              key={editing.id}
              entry={editing}
              busy={busy}
              onSave={(start, duration) => change.mutate({ entry: editing, start, duration })}
              onRemove={() => remove.mutate(editing)}
              onClose={() => {
                setRefocus(editing.id);
                setEditing(null);
              }}
            />
          ) : null}
          <AddForm
            day={day}
            suggestedStart={lastEnd && dayOf(lastEnd) === day ? hhmm(lastEnd) : '12:00'}
            busy={busy}
            onAdd={(input) => add.mutate(input)}
          />
        </aside>
      </div>
    </section>
  );
}

/** "2026-11-30" and "14:05" read in Paris to the ISO time (UTC) the calls take. */
const isoOf = (day: string, time: string) => {
  const at = zonedInstant(day, time, ZONE);
  // A date the input could not hold is sent as typed: the server refuses it with its reason.
  return Number.isNaN(at) ? `${day}T${time}` : new Date(at).toISOString();
};

function EntryForm(props: {
  entry: AdminScheduleEntry;
  busy: boolean;
  onSave: (start: string, duration: number) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { entry } = props;
  const [time, setTime] = useState(hhmm(entry.start));
  const [minutes, setMinutes] = useState(String(Math.round(entry.duration / 60)));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <form
      className="panel schedule-form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(isoOf(dayOf(entry.start), time), Number(minutes) * 60);
      }}
    >
      <h2 ref={heading} tabIndex={-1}>
        {t('schedule.editing', { title: entry.title })}
      </h2>
      <label>
        {t('schedule.start')}
        <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
      </label>
      <label>
        {t('schedule.length')}
        <input
          type="number"
          required
          min={SCHEDULE_MIN_SECONDS / 60}
          max={SCHEDULE_MAX_SECONDS / 60}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </label>
      <div className="row-actions">
        <button type="submit" className="button primary" disabled={props.busy}>
          {t('schedule.save')}
        </button>
        <button type="button" className="button" disabled={props.busy} onClick={props.onRemove}>
          {t('schedule.remove')}
        </button>
        <button type="button" className="button ghost" onClick={props.onClose}>
          {t('schedule.cancel')}
        </button>
      </div>
    </form>
  );
}

function AddForm(props: {
  day: string;
  suggestedStart: string;
  busy: boolean;
  onAdd: (input: { contentId: number; start: string; duration: number }) => void;
}) {
  const t = useT();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<{ id: number; title: string } | null>(null);
  const [time, setTime] = useState(props.suggestedStart);
  const [minutes, setMinutes] = useState('30');
  useEffect(() => setTime(props.suggestedStart), [props.suggestedStart]);
  const query = q.trim();
  const found = useQuery({
    queryKey: ['schedule-contents', query],
    queryFn: () => adminCall(adminEndpoints.searchScheduleContents, { query: { q: query } }),
    enabled: query.length >= 2,
  });
  return (
    <form
      className="panel schedule-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked)
          props.onAdd({ contentId: picked.id, start: isoOf(props.day, time), duration: Number(minutes) * 60 });
      }}
    >
      <h2>{t('schedule.add')}</h2>
      <label>
        {t('schedule.search')}
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {found.data && !found.data.contents.length ? <p className="muted">{t('schedule.noResult')}</p> : null}
      {found.data?.contents.length ? (
        <ul className="schedule-results">
          {found.data.contents.map((content) => (
            <li key={content.id}>
              <button
                type="button"
                className={`button ghost small${picked?.id === content.id ? ' selected' : ''}`}
                aria-pressed={picked?.id === content.id}
                aria-label={t('schedule.pick', { title: content.title })}
                onClick={() => {
                  setPicked(content);
                  setMinutes(String(Math.round(clampLength(Math.ceil(content.duration / 60) * 60) / 60)));
                }}
              >
                {content.title} <span className="muted">{Math.round(content.duration / 60)} min</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picked ? <p>{t('schedule.picked', { title: picked.title })}</p> : null}
      <label>
        {t('schedule.start')}
        <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
      </label>
      <label>
        {t('schedule.length')}
        <input
          type="number"
          required
          min={SCHEDULE_MIN_SECONDS / 60}
          max={SCHEDULE_MAX_SECONDS / 60}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </label>
      <button type="submit" className="button primary" disabled={props.busy || !picked}>
        {t('schedule.addSubmit')}
      </button>
    </form>
  );
}
