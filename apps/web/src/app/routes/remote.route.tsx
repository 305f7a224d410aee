import { Navigate, useLocation } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { withRequestedUrl } from '@/lib/requested-url';
import { RemotePage } from '@/features/remote/remote-page';

/**
 * /remote (decision 034 "Apps"): the phone remote control. The socket needs a session (11
 * without), so a visitor logs in first and comes back with the TV's code still in the address.
 */
export function RemoteRoute() {
  const { Customer } = useLoadedAppData();
  const location = useLocation();
  if (!Customer.logged)
    return <Navigate to={withRequestedUrl('/customer/login', location.pathname + location.search)} replace />;
  return <RemotePage />;
}
