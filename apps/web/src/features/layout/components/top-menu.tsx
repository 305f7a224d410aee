import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Logo } from '@/components/logo';
import { ChevronDownIcon, LiveIcon, MenuIcon, SearchIcon, UserIcon } from '@/components/icons';
import type { ShellCustomer, ShellProfile } from './shell-customer';

interface TopMenuProps {
  customer: ShellCustomer;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onLogout: () => void;
  onSwitchProfile?: (uuid: string) => void;
}

/** Top menu (spec 1 §2 Layout): menu button, logo, live-channels button, login / subscribe / account. */
export function TopMenu({ customer, drawerOpen, onOpenDrawer, onLogout, onSwitchProfile }: TopMenuProps) {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={`top-menu${scrolled ? ' top-menu--solid' : ''}`}>
      <div className="top-menu__start">
        <button
          type="button"
          className="icon-button"
          onClick={onOpenDrawer}
          aria-label={t('menu.open')}
          aria-expanded={drawerOpen}
          aria-controls="main-drawer"
        >
          <MenuIcon />
        </button>
        <Link to="/" className="top-menu__logo" aria-label={`Playz — ${t('menu.home')}`}>
          <Logo />
        </Link>
      </div>
      <nav className="top-menu__end" aria-label={t('menu.account')}>
        <Link to="/search" className="icon-button top-menu__search" aria-label={t('search.open')}>
          <SearchIcon size={22} />
        </Link>
        <Link to="/channels" className="top-menu__live">
          <LiveIcon size={20} />
          <span className="top-menu__live-label">{t('menu.liveChannels')}</span>
        </Link>
        {!customer.hasProductAccess ? (
          <Link to="/service/inter" className="button button--primary button--small top-menu__subscribe">
            <span className="top-menu__subscribe-label">{t('menu.subscribe')}</span>
          </Link>
        ) : null}
        {!customer.logged ? (
          // On a phone the label gives way to an icon ("Iniciar sesión" does not fit beside
          // "Suscribirse" at 360 px); it stays in the link, visually hidden, as its accessible name.
          <Link to="/customer/login" className="button button--ghost button--small top-menu__login">
            <UserIcon size={20} className="top-menu__login-icon" />
            <span className="top-menu__login-label">{t('menu.login')}</span>
          </Link>
        ) : (
          <AccountMenu
            name={customer.firstName ?? customer.login ?? ''}
            profiles={customer.profiles ?? []}
            onLogout={onLogout}
            onSwitchProfile={onSwitchProfile}
          />
        )}
      </nav>
    </header>
  );
}

function AccountMenu({
  name,
  profiles,
  onLogout,
  onSwitchProfile,
}: {
  name: string;
  profiles: ShellProfile[];
  onLogout: () => void;
  onSwitchProfile?: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  // With one profile the account is the profile: the menu keeps the customer's name.
  const current = profiles.length > 1 ? profiles.find((profile) => profile.isCurrent) : undefined;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {current ? (
          <ProfileAvatar profile={current} />
        ) : (
          <span className="account-menu__avatar" aria-hidden="true">
            {name ? name.slice(0, 1).toUpperCase() : <UserIcon size={18} />}
          </span>
        )}
        <span className="account-menu__name">{current?.name ?? (name || t('menu.account'))}</span>
        <ChevronDownIcon size={16} className="account-menu__chevron" />
      </button>
      {open ? (
        <div className="account-menu__popover" role="menu">
          {onSwitchProfile && profiles.length > 1 ? (
            <div className="account-menu__profiles" role="group" aria-label={t('profiles.switcher')}>
              {profiles.map((profile) => (
                <button
                  key={profile.uuid}
                  type="button"
                  role="menuitemradio"
                  aria-checked={profile.isCurrent}
                  className="account-menu__profile"
                  onClick={() => {
                    setOpen(false);
                    if (!profile.isCurrent) onSwitchProfile(profile.uuid);
                  }}
                >
                  <ProfileAvatar profile={profile} />
                  <span className="account-menu__profile-name">{profile.name}</span>
                  {profile.isKids ? <span className="badge badge--kids">{t('account.kids')}</span> : null}
                </button>
              ))}
            </div>
          ) : null}
          <Link role="menuitem" className="account-menu__item" to="/customer/account" onClick={() => setOpen(false)}>
            {t('menu.account')}
          </Link>
          <Link role="menuitem" className="account-menu__item" to="/remote" onClick={() => setOpen(false)}>
            {t('remote.phone.menu')}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            {t('menu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A profile's picture in the account menu, or its initial when it has none. */
function ProfileAvatar({ profile }: { profile: ShellProfile }) {
  return profile.pictureUrl ? (
    <img className="account-menu__avatar" src={profile.pictureUrl} alt="" width={32} height={32} />
  ) : (
    <span className="account-menu__avatar" aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
