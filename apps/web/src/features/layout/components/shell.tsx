import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Drawer } from './drawer';
import { TopMenu } from './top-menu';

/** What the layout needs to know about the customer (spec 1 §6: login link, subscribe link). */
export interface ShellCustomer {
  logged: boolean;
  firstName: string | null;
  login: string | null;
  hasProductAccess: boolean;
  /** The account's profiles, for the switcher of the account menu (decision 009). */
  profiles?: ShellProfile[];
}

export interface ShellProfile {
  uuid: string;
  name: string;
  pictureUrl: string | null;
  isKids: boolean;
  isCurrent: boolean;
}

interface ShellProps {
  /** The top menu is hidden on the landing page (spec 1 §2). */
  showTopMenu: boolean;
  customer: ShellCustomer;
  onLogout: () => void;
  /** Switches profile; the caller asks the parental code when leaving a kids profile. */
  onSwitchProfile?: (uuid: string) => void;
  footer: ReactNode;
  children: ReactNode;
}

export function Shell({ showTopMenu, customer, onLogout, onSwitchProfile, footer, children }: ShellProps) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className={`shell${showTopMenu ? ' shell--with-menu' : ''}`}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {showTopMenu ? (
        <TopMenu
          customer={customer}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
          onLogout={onLogout}
          onSwitchProfile={onSwitchProfile}
        />
      ) : null}
      <Drawer open={drawerOpen} onClose={closeDrawer} />
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  );
}
