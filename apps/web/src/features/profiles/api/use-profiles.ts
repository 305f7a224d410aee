import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertType, BodyOf, Customer, endpoints } from '@playz/api-contract';
import { useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { queryKeys } from '@playz/queries';

export type ProfileEdit = BodyOf<typeof endpoints.editProfile>;

/** Every profile call answers the Customer: put it in place so every screen sees the change at once. */
function usePutCustomer() {
  const queryClient = useQueryClient();
  return (Customer: Customer) =>
    queryClient.setQueryData<AppData>(queryKeys.appData, (data) => (data ? { ...data, Customer } : data));
}

/** GET /profile-pictures (spec 1 §7): the pictures a profile can use. */
export function useProfilePictures() {
  const api = useApi();
  return useQuery({
    queryKey: ['profile-pictures'],
    queryFn: async ({ signal }) => (await api.getProfilePictures({ signal })).ProfilePictures,
    staleTime: Infinity,
  });
}

/** POST /customer/edit/profile (spec 1 §7): creates a profile without uuid, else edits it. */
export function useEditProfile() {
  const api = useApi();
  const put = usePutCustomer();
  return useMutation({
    mutationFn: (body: ProfileEdit) => api.editProfile({ body }),
    onSuccess: ({ Customer }) => put(Customer),
  });
}

/** POST /customer/profile/delete: any profile but the first. */
export function useDeleteProfile() {
  const api = useApi();
  const put = usePutCustomer();
  return useMutation({
    mutationFn: (uuid: string) => api.deleteProfile({ body: { customer_profile_uuid: uuid } }),
    onSuccess: ({ Customer }) => put(Customer),
  });
}

/** POST /customer/edit/alert (spec 1 §7): the alerts live on the Customer, updated in place on success. */
export function useEditAlert() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alert: { alertType: AlertType; enabled: boolean; deltaTime: number }) => {
      const { Result } = await api.editAlert({
        body: { alert_type: alert.alertType, enabled: alert.enabled ? '1' : '0', delta_time: String(alert.deltaTime) },
      });
      if (!Result) throw new Error('alert not saved');
      return alert;
    },
    onSuccess: (alert) =>
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) =>
        data
          ? {
              ...data,
              Customer: {
                ...data.Customer,
                alerts: [...data.Customer.alerts.filter((a) => a.alertType !== alert.alertType), alert],
              },
            }
          : data,
      ),
  });
}
