import type { StaffRoleName } from '@playz/api-contract/admin';
import type { MessageKey } from '@/i18n/messages';

/** The console's sections that are built, and who may open each (decision 080). */
export const SECTIONS: { path: string; label: MessageKey; roles: readonly StaffRoleName[] }[] = [
  { path: '/catalogue', label: 'nav.catalogue', roles: ['editor'] },
  { path: '/series', label: 'nav.series', roles: ['editor'] },
  { path: '/channels', label: 'nav.channels', roles: ['editor'] },
  { path: '/live-events', label: 'nav.liveEvents', roles: ['editor'] },
  { path: '/home-rows', label: 'nav.homeRows', roles: ['editor'] },
  { path: '/customers', label: 'nav.customers', roles: ['support', 'finance'] },
  { path: '/money', label: 'nav.money', roles: ['finance'] },
  { path: '/health', label: 'nav.health', roles: ['editor', 'support', 'finance'] },
  { path: '/promo-codes', label: 'nav.promoCodes', roles: ['editor', 'finance'] },
  { path: '/offers', label: 'nav.offers', roles: ['finance'] },
  { path: '/staff', label: 'nav.staff', roles: ['admin'] },
  { path: '/audit', label: 'nav.audit', roles: ['admin'] },
  { path: '/jobs', label: 'nav.jobs', roles: ['support'] },
];
