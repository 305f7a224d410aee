import { useLocation } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { safeReturnPath } from '@playz/domain';
import { requestedUrlFrom } from '@/lib/requested-url';
import { WelcomePage } from '@/features/welcome/components/welcome-page';

/** /customer/welcome?requested_url=&debug=1..5 (spec 1 §2, spec 3 §2). */
export function WelcomeRoute() {
  const { App, Customer } = useLoadedAppData();
  const { search } = useLocation();
  return (
    <WelcomePage
      app={App}
      customer={Customer}
      // The query's page, else the one the customer's payment started from (spec 1 §3
      // requestedUrl): a card's 3-D Secure or a store may bring them back without the query.
      requestedUrl={requestedUrlFrom(search, safeReturnPath(Customer.requestedUrl) ?? '/')}
      debug={new URLSearchParams(search).get('debug')}
    />
  );
}
