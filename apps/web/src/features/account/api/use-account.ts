import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, endpoints } from '@playz/api-contract';
import { sessionHints, useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { queryKeys } from '@playz/queries';

export type CustomerEdit = BodyOf<typeof endpoints.editCustomer>;

const accountKeys = {
  devices: ['account', 'devices'] as const,
  mailbox: ['account', 'domain-mailbox'] as const,
};

/**
 * POST /customer/edit (spec 1 §7): the answer is the edited Customer, put in place at once so
 * the account page shows the new name or login when the dialog closes.
 */
export function useEditCustomer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerEdit) => api.editCustomer({ body }),
    onSuccess: ({ Customer }) => {
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) => (data ? { ...data, Customer } : data));
      void queryClient.invalidateQueries({ queryKey: accountKeys.mailbox });
    },
  });
}

/**
 * GET /customer/delete (spec 1 §4): on success the customer is logged out and everything cached
 * for the account goes; the caller then sends the visitor to /.
 */
export function useDeleteAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { Success } = await api.deleteAccount();
      if (!Success) throw new Error('account deletion refused');
    },
    onSuccess: async () => {
      sessionHints.loggedIn = false;
      sessionHints.product = undefined;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}

/** GET /customer/active-devices (spec 1 §7): the devices where the account is signed in. */
export function useActiveDevices() {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.devices,
    queryFn: async ({ signal }) => (await api.getActiveDevices({ signal })).Devices,
    staleTime: 0,
  });
}

/** Signs one device out; the list is read again. */
export function useLogOutDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => api.logOutDevice({ body: { device_id: deviceId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

/** "Sign out everywhere" (decision 009): every other session of the account ends. */
export function useLogOutOthers() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.logOutOthers({ body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

/** GET /customer/domain-mailbox (spec 1 §7): only for accounts that have one. */
export function useDomainMailbox(hasDomainMailbox: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.mailbox,
    queryFn: ({ signal }) => api.getDomainMailbox({ signal }),
    enabled: hasDomainMailbox,
  });
}

/** GET /profile-pictures (spec 1 §7): to show each profile's picture. */
export function useProfilePictures() {
  const api = useApi();
  return useQuery({
    queryKey: ['profile-pictures'],
    queryFn: async ({ signal }) => (await api.getProfilePictures({ signal })).ProfilePictures,
    staleTime: Infinity,
  });
}
