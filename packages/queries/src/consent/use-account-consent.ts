import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CookieType, Customer } from '@playz/api-contract';
import { useApi } from '../api-context';
import type { AppData } from '../app-data';
import { queryKeys } from '../query-client';
import type { ConsentSource } from './consent-cookies';
import { useConsentState, writeConsent } from './consent-store';

/**
 * Consent that follows the customer (decision 015): a choice made while logged is also saved on the
 * account (POST /customer/consent); a device with no choice of its own adopts the account's. A
 * device that already has a choice keeps it: it is the most recent thing said on this device.
 */
export function useAccountConsent(
  cookieTypes: CookieType[],
  customer: Pick<Customer, 'logged' | 'consent'>,
  /** Only the one manager of the page syncs; other readers just choose. */
  { sync = true }: { sync?: boolean } = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = useConsentState(cookieTypes);
  const save = useMutation({
    mutationFn: (acceptedIds: readonly number[]) =>
      api.saveConsent({ body: { cookie_type_ids: acceptedIds.join(',') } }),
    onSuccess: ({ Consent }) =>
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) =>
        data ? { ...data, Customer: { ...data.Customer, consent: Consent } } : data,
      ),
    // The choice is already in force on this device; the account copy can wait for the next one.
    onError: (error) => console.error('[consent] saving on the account failed', error),
  });
  const hasSentLocalChoice = useRef(false);
  const { mutate } = save;

  useEffect(() => {
    if (!sync || !customer.logged) return;
    if (!state.hasChosen && customer.consent) {
      writeConsent(cookieTypes, customer.consent.acceptedCookieTypeIds, 'Default');
    } else if (state.hasChosen && !customer.consent && !hasSentLocalChoice.current) {
      hasSentLocalChoice.current = true;
      mutate(state.acceptedIds);
    }
  }, [sync, customer.logged, customer.consent, state.hasChosen, state.acceptedIds, cookieTypes, mutate]);

  const choose = useCallback(
    (acceptedIds: readonly number[], source: ConsentSource) => {
      writeConsent(cookieTypes, acceptedIds, source);
      if (customer.logged) {
        hasSentLocalChoice.current = true;
        mutate(acceptedIds);
      }
    },
    [cookieTypes, customer.logged, mutate],
  );

  return { state, choose };
}
