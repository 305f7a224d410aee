import { useMutation, useQuery } from '@tanstack/react-query';
import { normalizeFrenchPhone } from '@playz/domain';
import { useApi } from '@playz/queries';

/** GET /customer/forgot-password (spec 1 §7): the answer never says whether the e-mail exists. */
export function useForgotPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (email: string) => api.forgotPassword({ query: { email } }),
  });
}

/** GET /customer/forgot-login (spec 1 §7): Result false means no account has that number. */
export function useForgotLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ msisdn, operatorId }: { msisdn: string; operatorId: number }) => {
      const { Result } = await api.forgotLogin({
        query: { msisdn: normalizeFrenchPhone(msisdn), operator_id: operatorId },
      });
      return Result;
    },
  });
}

/**
 * The reset screen's check of its secret (spec 1 §4 "loading, then valid, expired, or
 * not-found"). Not cached: a link used in another tab must read as expired here.
 */
export function usePasswordSecret(secret: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['password-secret', secret],
    queryFn: async ({ signal }) => (await api.checkPasswordSecret({ query: { secret }, signal })).Status,
    enabled: secret !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { secret: string; password: string; password_confirm: string }) => api.resetPassword({ body }),
  });
}
