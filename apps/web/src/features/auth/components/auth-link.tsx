import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { dialogHash, useIsMobileLayout, type DialogRoute } from '@/lib/dialog-route';
import { withRequestedUrl } from '@/lib/requested-url';
import { useIsInDialogFrame } from './auth-card';

/**
 * A link from one account-entry screen to another (log-in to recovery or registration). On a
 * page it goes to the other page, keeping requested_url. Inside a desktop hash dialog it swaps
 * the dialog for the other one over the same page (#/customer/login -> #/customer/forgot-password,
 * spec 1 §2), replacing the history entry so back and close still lead to the page underneath.
 */
export function AuthLink({
  to,
  requestedUrl,
  className,
  children,
}: {
  to: DialogRoute;
  requestedUrl?: string;
  className?: string;
  children: ReactNode;
}) {
  const isInDialog = useIsInDialogFrame();
  const isMobile = useIsMobileLayout();
  const location = useLocation();
  if (isInDialog && !isMobile) {
    return (
      <Link
        to={{ pathname: location.pathname, search: location.search, hash: dialogHash(to) }}
        replace
        state={location.state as unknown}
        className={className}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link to={withRequestedUrl(to, requestedUrl)} className={className}>
      {children}
    </Link>
  );
}
