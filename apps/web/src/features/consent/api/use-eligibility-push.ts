import { useEffect } from 'react';
import type { ApiClient } from '@playz/api-client';
import { useApi } from '@playz/queries';

const RETRY_MS = 1000;
const GIVE_UP_MS = 60_000;

/**
 * The event the analytics push is delivered as. This build has no analytics vendor (spec 3 §4
 * leaves it open): a vendor script would listen for it; nothing is sent anywhere meanwhile.
 */
export const ANALYTICS_PUSH_EVENT = 'playz:analytics-push';

// One push per page load (spec 1 §7 "runs only once"); keyed on the client so a test's fresh
// client starts afresh.
const pushedBy = new WeakSet<ApiClient>();

/**
 * Analytics push (spec 1 §7): after load, GET /customer/eligibility/check?cuid= is retried every
 * 1 s for up to 60 s until it answers, only once, and only if some consent is granted. Any answer
 * ends it: -1 says the id is unknown, which asking again would not change.
 */
export function useEligibilityPush(cuid: string | null, hasConsent: boolean) {
  const api = useApi();
  useEffect(() => {
    if (!hasConsent || !cuid || pushedBy.has(api)) return;
    pushedBy.add(api);
    const deadline = Date.now() + GIVE_UP_MS;
    const attempt = async () => {
      try {
        const { Eligibility } = await api.checkEligibility({ query: { cuid } });
        window.dispatchEvent(new CustomEvent(ANALYTICS_PUSH_EVENT, { detail: { eligibility: Eligibility } }));
        return;
      } catch (error) {
        console.warn('[analytics] eligibility check failed, retrying', error);
      }
      if (Date.now() + RETRY_MS <= deadline) setTimeout(() => void attempt(), RETRY_MS);
    };
    void attempt();
    // No cleanup: the push belongs to the page load, not to this component's life.
  }, [api, cuid, hasConsent]);
}
