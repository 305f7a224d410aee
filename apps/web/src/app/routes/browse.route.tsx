import { hasProductAccess, useLoadedAppData } from '@playz/queries';
import { CampaignPage } from '@/features/campaign/components/campaign-page';
import { ReplayPage } from '@/features/replay/components/replay-page';
import type { ReplayTab } from '@playz/queries';
import { SearchPage } from '@/features/search/components/search-page';
import { TestimonialsPage } from '@/features/testimonials/components/testimonials-page';

/** `/search?q=`: search as you type (spec 2 §2). */
export function SearchRoute() {
  return <SearchPage />;
}

/** `/replay/channels` and `/replay/genres` (spec 2 §2); the tab is the route. */
export function ReplayRoute({ tab }: { tab: ReplayTab }) {
  return <ReplayPage tab={tab} />;
}

/** `/temoignages`: the testimonials page (spec 2 §2 "a testimonials route"); visitors get a way to the offers. */
export function TestimonialsRoute() {
  const { Customer } = useLoadedAppData();
  return <TestimonialsPage showSubscribe={!hasProductAccess(Customer)} />;
}

/** `/service/csa`: the regulator campaign page (spec 2 §2). */
export function CampaignRoute() {
  return <CampaignPage />;
}
