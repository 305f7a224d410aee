import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Channel, Schedule } from '@playz/api-contract';
import { useChannels } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { useDevice } from '@/app/device-context';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { RatingBadge } from '@/components/rating-badge';
import { GUIDE_AFTER_MS, GUIDE_BEFORE_MS, GUIDE_STEP_MS, guideCells, guideStart, type GuideCell } from './guide-window';
import { useGuide } from './use-guide';
import { timeOfDay } from '@/lib/clock';

function ProgrammeCell({
  channel,
  cell,
  onFocus,
}: {
  channel: Channel;
  cell: GuideCell;
  onFocus: (schedule: Schedule, channel: Channel) => void;
}) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const clock = (time: number) => timeOfDay(time, i18n.language);
  const { schedule } = cell;
  // On air: the channel; earlier or later: the programme's own page.
  const onSelect = useCallback(
    () =>
      void navigate(
        cell.onAir ? tvPaths.channelPlayer(channel.channelID) : tvPaths.content(schedule.content.contentID),
      ),
    [navigate, cell.onAir, channel.channelID, schedule.content.contentID],
  );
  const focus = useCallback(() => onFocus(schedule, channel), [onFocus, schedule, channel]);
  const { ref, focused } = useTvFocusable<HTMLDivElement>({
    focusKey: `guide-${channel.channelID}-${schedule.scheduleID}`,
    onSelect,
    onFocus: focus,
  });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="gridcell"
      data-focused={focused || undefined}
      data-on-air={cell.onAir || undefined}
      className="guide__cell"
      style={{ left: `${cell.left * 100}%`, width: `${cell.width * 100}%` }}
    >
      <span className="guide__cell-title">
        <span className="guide__cell-name">{schedule.content.title}</span>
        {/* Named after the title (decision 082). */}
        {schedule.content.rating ? ' ' : null}
        <RatingBadge rating={schedule.content.rating} />
      </span>
      <span className="guide__cell-time">{clock(Date.parse(schedule.dateScheduled))}</span>
    </div>
  );
}

/** The programme guide grid (decision 035): channels down, time across, the programme under the focus described below. */
export function GuidePage() {
  const { t, i18n } = useTranslation();
  const clock = (time: number) => timeOfDay(time, i18n.language);
  const { lowMemory } = useDevice();
  const channels = useChannels();
  const list = useMemo(() => channels.data ?? [], [channels.data]);
  // The window is fixed while the page is open (the grid does not slide under the focus).
  const [start] = useState(() => guideStart(Date.now()));
  const span = GUIDE_BEFORE_MS + (lowMemory ? GUIDE_AFTER_MS / 2 : GUIDE_AFTER_MS);
  const guides = useGuide(list, start, span);
  const [focused, setFocused] = useState<{ schedule: Schedule; channel: Channel } | null>(null);
  const onFocus = useCallback((schedule: Schedule, channel: Channel) => setFocused({ schedule, channel }), []);
  const now = Date.now();
  const firstCells = list[0] ? guideCells(guides[0]?.data ?? list[0].schedules, start, span, now) : [];
  const firstOnAir = firstCells.find((cell) => cell.onAir) ?? firstCells[0];
  usePageFocus(
    firstOnAir && list[0] ? `guide-${list[0].channelID}-${firstOnAir.schedule.scheduleID}` : 'menu',
    !channels.isPending && guides[0]?.isPending === false,
  );

  if (list.length === 0)
    return (
      <PageState
        loading={channels.isPending}
        failed={channels.isError}
        empty={t('tv.live.empty')}
        onRetry={() => void channels.refetch()}
      />
    );
  const ticks: number[] = [];
  for (let tick = start; tick < start + span; tick += GUIDE_STEP_MS) ticks.push(tick);
  const nowLeft = (now - start) / span;
  const shown = focused ?? null;
  return (
    <div className="guide">
      <header className="guide__header">
        <h1 className="page-title">{t('tv.guide.title')}</h1>
        {shown ? (
          <div className="guide__details" aria-live="polite">
            <span className="guide__details-channel">{shown.channel.name}</span>
            <span className="guide__details-title">
              {shown.schedule.content.title}
              {shown.schedule.content.rating ? ' ' : null}
              <RatingBadge rating={shown.schedule.content.rating} />
            </span>
            <span className="guide__details-time">
              {clock(Date.parse(shown.schedule.dateScheduled))} –{' '}
              {clock(Date.parse(shown.schedule.dateScheduled) + shown.schedule.duration * 1000)}
            </span>
            <p className="guide__details-text">{shown.schedule.content.description}</p>
          </div>
        ) : null}
      </header>
      {/* One focus group for every programme: up and down keep the time, they do not jump to a row's start. */}
      <FocusSection focusKey="guide-grid" className="guide__grid">
        <div role="grid" aria-label={t('tv.guide.title')}>
          <div className="guide__ruler" aria-hidden="true">
            <span className="guide__corner" />
            <div className="guide__times">
              {ticks.map((tick) => (
                <span key={tick} style={{ left: `${((tick - start) / span) * 100}%` }}>
                  {clock(tick)}
                </span>
              ))}
            </div>
          </div>
          {list.map((channel, index) => (
            <div className="guide__row" role="row" key={channel.channelID}>
              <div className="guide__channel" role="rowheader">
                <span className="guide__number">{index + 1}</span>
                {channel.thumbnailUrl ? <img src={channel.thumbnailUrl} alt="" loading="lazy" /> : null}
                <span className="guide__channel-name">{channel.name}</span>
              </div>
              <div className="guide__programmes">
                {guideCells(guides[index]?.data ?? channel.schedules, start, span, now).map((cell) => (
                  <ProgrammeCell key={cell.schedule.scheduleID} channel={channel} cell={cell} onFocus={onFocus} />
                ))}
                <span className="guide__now" style={{ left: `${nowLeft * 100}%` }} aria-hidden="true" />
              </div>
            </div>
          ))}
        </div>
      </FocusSection>
    </div>
  );
}
