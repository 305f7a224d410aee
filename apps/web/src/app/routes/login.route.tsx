import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { requestedUrlFrom } from '@/lib/requested-url';
import { LoginPage } from '@/features/auth/components/login-page';

/**
 * `/customer/login`: on success the data was reloaded; go to requested_url, else / (spec 1 §4).
 * `sso_error` is where a failed social sign-on lands (api-contract sso.ts).
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { App, Customer } = useLoadedAppData();
  const requestedUrl = requestedUrlFrom(search);
  if (Customer.logged) return <Navigate to={requestedUrl} replace />;
  return (
    <LoginPage
      requestedUrl={requestedUrl}
      ssoError={new URLSearchParams(search).get('sso_error')}
      hasSocialSignOn={App.singleSignOns.length > 0}
      onSuccess={() => void navigate(requestedUrl, { replace: true })}
    />
  );
}
