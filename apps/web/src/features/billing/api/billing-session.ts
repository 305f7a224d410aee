/**
 * The payment a browser started, kept in sessionStorage from the start call to the return page:
 * the return URL only carries the billing id, and the confirm call to make depends on the
 * billing type (spec 3 §4 step 3). A return opened without it (another tab, storage blocked)
 * finds the type by asking the billing data of each web type (use-billing-return).
 */
export type WebBillingRoute = 'direct-pass' | 'credit-card' | 'paypal';
export const WEB_BILLING_ROUTES: readonly WebBillingRoute[] = ['direct-pass', 'credit-card', 'paypal'];

const KEY = 'playz.billings';
const KEPT = 5;

interface StartedBilling {
  id: string;
  route: WebBillingRoute;
}

function readAll(): StartedBilling[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StartedBilling[]) : [];
  } catch {
    return [];
  }
}

export function rememberStartedBilling(id: string, route: WebBillingRoute): void {
  const kept = [{ id, route }, ...readAll().filter((b) => b.id !== id)].slice(0, KEPT);
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage blocked: the return page finds the type by asking the server.
  }
}

export function startedBillingRoute(id: string): WebBillingRoute | null {
  const found = readAll().find((b) => b.id === id)?.route;
  return found && WEB_BILLING_ROUTES.includes(found) ? found : null;
}
