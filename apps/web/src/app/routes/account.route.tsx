import { Navigate, useLocation, useNavigate } from 'react-router';
import { useApi } from '@playz/queries';
import { useLoadedAppData } from '@playz/queries';
import { hasOwnLogin } from '@/lib/customer-login';
import { withRequestedUrl } from '@/lib/requested-url';
import { AccountPage } from '@/features/account/components/account-page';
import { startCardSave, startCardUpdate } from '@/features/billing/api/use-payment';
import { EditDialog, type EditKind } from '@/features/account/components/edit-dialog';
import { AlertsSection } from '@/features/profiles/components/alerts-section';
import { ProfilesManager } from '@/features/profiles/components/profiles-manager';
import { goBackOr } from './go-back';

/**
 * A visitor asking for an account screen logs in first and comes back (spec 1 §6). Not while the
 * log-out dialog is open on it: the customer just logged out from here and the dialog is taking
 * them home (spec 1 §4); sending them to the log-in page would race that.
 */
function LogInFirst() {
  const location = useLocation();
  if (location.hash === '#logout-confirm') return null;
  return <Navigate to={withRequestedUrl('/customer/login', location.pathname + location.search)} replace />;
}

/** /customer/account (spec 1 §2); ?debug= adds the debug block (spec 1 §2 launch parameters). */
export function AccountRoute() {
  const { App, Customer } = useLoadedAppData();
  const location = useLocation();
  const api = useApi();
  if (!Customer.logged) return <LogInFirst />;
  const debug = new URLSearchParams(location.search).get('debug');
  return (
    <AccountPage
      app={App}
      customer={Customer}
      debug={debug !== null && /^\d+$/.test(debug) ? Number(debug) : null}
      profiles={<ProfilesManager customer={Customer} />}
      alerts={<AlertsSection customer={Customer} />}
      changeCard={(productId) => startCardUpdate(api, productId)}
      saveCard={() => startCardSave(api)}
    />
  );
}

/**
 * /customer/edit-name, -login, -password as pages (the mobile form of the dialog routes, or a
 * direct visit). Only own-login accounts may edit (spec 1 §4); others go to their account.
 */
export function AccountEditRoute({ kind }: { kind: EditKind }) {
  const { App, Customer } = useLoadedAppData();
  const navigate = useNavigate();
  if (!Customer.logged) return <LogInFirst />;
  if (!hasOwnLogin(Customer)) return <Navigate to="/customer/account" replace />;
  return (
    <div className="dialog-route-page">
      <EditDialog
        kind={kind}
        app={App}
        customer={Customer}
        presentation="page"
        onClose={() => goBackOr(navigate, '/customer/account')}
      />
    </div>
  );
}
