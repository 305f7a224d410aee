import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context';
import { sessionHints } from './session-hints';
import { queryKeys } from './query-client';

export interface Credentials {
  login: string;
  password: string;
}

/** POST /customer; on success the application data is loaded again (spec 1 §4 login success). */
export function useLogin() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => api.logIn({ body: credentials }),
    onSuccess: async () => {
      sessionHints.loggedIn = true;
      // Everything cached was computed for a visitor (rows, stream grants): start again.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}

export interface Registration {
  login: string;
  password: string;
  passwordConfirm: string;
  promoCode: string;
  parentalCode: string;
  optin: boolean;
}

/**
 * POST /customer/register: the new account comes back logged in; like a log-in, everything is
 * loaded again for it (spec 1 §4 "Registration success: go to /").
 */
export function useRegister() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Registration) =>
      api.register({
        body: {
          login: form.login,
          password: form.password,
          password_confirm: form.passwordConfirm,
          // Optional fields are left out rather than sent empty (spec 1 §5).
          promo_code: form.promoCode || undefined,
          parental_code: form.parentalCode || undefined,
          optin: form.optin ? '1' : '0',
        },
      }),
    onSuccess: async () => {
      sessionHints.loggedIn = true;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}

/**
 * Logout (spec 1 §4): call the server, then the local logged-out state, also when the call fails
 * or the device is offline; then `done` (going home, to the log-in page). `done` waits on the
 * mutation's promise, not on mutate's own callback, which react-query skips once the caller has
 * unmounted: a dialog shown to logged customers only leaves as soon as the logged-out data comes.
 */
export function useLogout(): { isPending: boolean; logOut: (done: () => void) => void } {
  const mutation = useLogoutMutation();
  return { isPending: mutation.isPending, logOut: (done) => void mutation.mutateAsync().then(done, done) };
}

function useLogoutMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.logOut();
      } catch (error) {
        console.error('[logout] server logout failed; logging out locally', error);
      }
      sessionHints.loggedIn = false;
      sessionHints.product = undefined;
      sessionHints.viewer = undefined;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}
