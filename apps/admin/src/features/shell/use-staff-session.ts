import { useQuery } from '@tanstack/react-query';
import { adminEndpoints, type StaffMember } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';

export const SESSION_KEY = ['staff-session'] as const;

/** The signed-in staff member, or null when the console asks to sign in (11: no full session). */
export function useStaffSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<StaffMember | null> => {
      try {
        return (await adminCall(adminEndpoints.staffSession)).staff;
      } catch (error) {
        if (error instanceof AdminApiError && error.number === 11) return null;
        throw error;
      }
    },
  });
}
