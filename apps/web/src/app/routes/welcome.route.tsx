import { useLocation } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
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
      requestedUrl={requestedUrlFrom(search)}
      debug={new URLSearchParams(search).get('debug')}
    />
  );
}
