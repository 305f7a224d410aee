import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Drawer } from './drawer';
import { TopMenu } from './top-menu';
import type { ShellCustomer } from './shell-customer';

export type { ShellCustomer, ShellProfile } from './shell-customer';

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
