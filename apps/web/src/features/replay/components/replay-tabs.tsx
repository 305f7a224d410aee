import { useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { ReplayTab } from '@playz/queries';

const TABS = [
  { tab: 'channels', to: '/replay/channels', key: 'replay.byChannel' },
  { tab: 'genres', to: '/replay/genres', key: 'replay.byGenre' },
] as const;

export const replayTabId = (tab: ReplayTab) => `replay-tab-${tab}`;
export const REPLAY_PANEL_ID = 'replay-panel';

/**
 * The two replay tabs of spec 2 §2. Each tab is its own route, so they are links; they follow
 * the tabs pattern for assistive technology (arrow keys move and activate, one tab stop).
 */
export function ReplayTabs({ current }: { current: ReplayTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((entry) => entry.tab === current);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    const target = TABS[next];
    if (!target) return;
    event.preventDefault();
    void navigate(target.to, { replace: true });
    refs.current[target.tab]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={t('replay.tabs')} onKeyDown={onKeyDown}>
      {TABS.map((entry) => {
        const selected = entry.tab === current;
        return (
          <Link
            key={entry.tab}
            ref={(node) => {
              refs.current[entry.tab] = node;
            }}
            id={replayTabId(entry.tab)}
            to={entry.to}
            replace
            role="tab"
            aria-selected={selected}
            aria-controls={REPLAY_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={`tabs__tab${selected ? ' tabs__tab--active' : ''}`}
          >
            {t(entry.key)}
          </Link>
        );
      })}
    </div>
  );
}
