import type { Customer } from '@playz/api-contract';
import { hasProductAccess } from '@playz/queries';

/**
 * The landing page shows on /service/inter always, and on / without product access (spec 2 §2);
 * the top menu is hidden wherever it shows (spec 1 §2).
 */
export function isLandingShown(pathname: string, customer: Pick<Customer, 'hasFullAccess' | 'productAccess'>): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/service/inter') return true;
  return path === '/' && !hasProductAccess(customer);
}
