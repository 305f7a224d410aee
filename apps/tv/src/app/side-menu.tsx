import { useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppData } from '@playz/queries';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { Icon, type IconName } from '@/components/icon';
import { tvPaths } from './paths';

function MenuItem({ to, label, icon }: { to: string; label: string; icon: IconName }): ReactNode {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = to === '/' ? pathname === '/' : pathname.startsWith(to);
  const onSelect = useCallback(() => void navigate(to), [navigate, to]);
  const { ref, focused } = useTvFocusable<HTMLDivElement>({ focusKey: `menu-${to}`, onSelect });
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="link"
      aria-current={current ? 'page' : undefined}
      data-focused={focused || undefined}
      className="side-menu__item"
    >
      <Icon name={icon} />
      <span className="side-menu__label">{label}</span>
    </div>
  );
}

/** The menu rail: it opens (labels shown) while it has the focus. */
export function SideMenu() {
  const { t } = useTranslation();
  const logged = useAppData().data?.Customer.logged ?? false;
  return (
    <nav className="side-menu" aria-label={t('tv.menu.label')}>
      <span className="side-menu__logo" aria-label="Playz">
        P<span className="side-menu__label">layz</span>
      </span>
      <FocusSection focusKey="menu" className="side-menu__items">
        <MenuItem to={tvPaths.search} label={t('tv.menu.search')} icon="search" />
        <MenuItem to={tvPaths.home} label={t('tv.menu.home')} icon="home" />
        <MenuItem to={tvPaths.channels} label={t('tv.menu.live')} icon="live" />
        <MenuItem to={tvPaths.guide} label={t('tv.menu.guide')} icon="guide" />
        <MenuItem to={tvPaths.replay} label={t('replay.title')} icon="restart" />
        <MenuItem to={tvPaths.explore} label={t('explore.menuTitle')} icon="explore" />
        <MenuItem to={tvPaths.favorites} label={t('tv.menu.favorites')} icon="heart" />
        {logged ? <MenuItem to={tvPaths.remote} label={t('remote.tv.title')} icon="remote" /> : null}
        <MenuItem
          to={logged ? tvPaths.account : tvPaths.login}
          label={logged ? t('tv.menu.account') : t('tv.menu.login')}
          icon="user"
        />
      </FocusSection>
    </nav>
  );
}
