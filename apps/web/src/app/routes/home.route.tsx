import { hasProductAccess, useLoadedAppData } from '@/lib/app-data';
import { HomePage } from '@/features/home/components/home-page';
import { LandingPage } from '@/features/landing/components/landing-page';

/** `/`: home rows with product access, otherwise the landing page (spec 2 §2). */
export function HomeRoute() {
  const { App, Customer } = useLoadedAppData();
  const access = hasProductAccess(Customer);
  if (access) return <HomePage />;
  return <LandingPage viewer={{ logged: Customer.logged, hasProductAccess: access }} storeUrl={App.storeUrl} />;
}

/** `/service/inter`: the landing page with offers, always (spec 2 §2). */
export function InterRoute() {
  const { App, Customer } = useLoadedAppData();
  return (
    <LandingPage
      viewer={{ logged: Customer.logged, hasProductAccess: hasProductAccess(Customer) }}
      storeUrl={App.storeUrl}
    />
  );
}
