import { useLocation } from 'react-router';
import { hasProductAccess, useLoadedAppData } from '@playz/queries';
import { requestedUrlFrom } from '@/lib/requested-url';
import { HomePage } from '@/features/home/components/home-page';
import type { Customer } from '@playz/api-contract';
import { LandingPage, type LandingViewer } from '@/features/landing/components/landing-page';

/** The landing page's viewer: logged or not, with access or not, and the name the top menu shows. */
const landingViewerOf = (customer: Customer, hasAccess: boolean): LandingViewer => ({
  logged: customer.logged,
  hasProductAccess: hasAccess,
  name: customer.logged ? (customer.firstName ?? customer.login) : null,
});

/** `/`: home rows with product access, otherwise the landing page (spec 2 §2). */
export function HomeRoute() {
  const { App, Customer } = useLoadedAppData();
  const access = hasProductAccess(Customer);
  if (access) return <HomePage />;
  return <LandingPage viewer={landingViewerOf(Customer, access)} storeUrl={App.storeUrl} />;
}

/**
 * `/service/inter`: the landing page with offers, always (spec 2 §2). Locked players send
 * requested_url here; the offers carry it through the payment to the welcome page (spec 3 §2).
 */
export function InterRoute() {
  const { App, Customer } = useLoadedAppData();
  const { search } = useLocation();
  return (
    <LandingPage
      viewer={landingViewerOf(Customer, hasProductAccess(Customer))}
      storeUrl={App.storeUrl}
      requestedUrl={requestedUrlFrom(search, '') || null}
    />
  );
}
