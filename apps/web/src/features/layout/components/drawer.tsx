import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CloseIcon, HomeIcon, LiveIcon, ReplayIcon, SeriesIcon, UserIcon } from '@/components/icons';
import { CategoriesIcon, CharactersIcon, ComedyIcon, GamesIcon } from '@/components/explore-icons';
import { Logo } from '@/components/logo';

/** Horizontal distance of a leftward swipe that closes the menu (spec 1 §2 "swiping closes menus"). */
const SWIPE_CLOSE_PX = 60;

const ENTRIES = [
  { to: '/', key: 'menu.home', Icon: HomeIcon, end: true },
  { to: '/series', key: 'menu.series', Icon: SeriesIcon, end: false },
  { to: '/replay/channels', key: 'menu.replay', Icon: ReplayIcon, end: false },
  { to: '/channels', key: 'menu.live', Icon: LiveIcon, end: false },
  { to: '/customer/account', key: 'menu.account', Icon: UserIcon, end: false },
] as const;

/**
 * The catalogue the spec's five entries do not reach (spec 2 §1 games and comedy, §7 "Other
 * catalogue"), in a group of its own under them (decision 060).
 */
const EXPLORE_ENTRIES = [
  { to: '/categories', key: 'explore.categories', Icon: CategoriesIcon },
  { to: '/characters', key: 'explore.characters', Icon: CharactersIcon },
  { to: '/comedy', key: 'explore.comedy', Icon: ComedyIcon },
  { to: '/games', key: 'explore.games', Icon: GamesIcon },
] as const;

/**
 * Left menu: Home, Series, Replay, Live, My account, then the Explore group; closes on swipe,
 * Escape and outside click.
 */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  const onTouchStart = (event: React.TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (dx < -SWIPE_CLOSE_PX && Math.abs(dx) > Math.abs(dy)) onClose();
  };

  return (
    <div
      className={`drawer${open ? ' drawer--open' : ''}`}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      aria-hidden={!open}
      inert={!open}
    >
      <div className="drawer__backdrop" data-testid="drawer-backdrop" onClick={onClose} />
      <nav className="drawer__panel" id="main-drawer" aria-label={t('menu.open')} ref={panelRef}>
        <div className="drawer__head">
          <Logo />
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </button>
        </div>
        <ul className="drawer__list">
          {ENTRIES.map(({ to, key, Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="drawer__link" onClick={onClose}>
                <Icon size={22} />
                <span>{t(key)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className="drawer__group" id="drawer-explore">
          {t('explore.menuTitle')}
        </h2>
        <ul className="drawer__list drawer__list--secondary" aria-labelledby="drawer-explore">
          {EXPLORE_ENTRIES.map(({ to, key, Icon }) => (
            <li key={to}>
              <NavLink to={to} className="drawer__link" onClick={onClose}>
                <Icon size={20} />
                <span>{t(key)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
