import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { useApi } from '@playz/queries';
import {
  canPush,
  currentSubscription,
  notificationPermission,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '../web-push/browser-push';

const STATE_KEY = ['web-push', 'this-browser'] as const;

/** GET /web-push/key (decision 066): the server's VAPID key; null when it sends no push. */
export function useWebPushKey() {
  const api = useApi();
  return useQuery({
    queryKey: ['web-push', 'key'],
    queryFn: async ({ signal }) => (await api.getWebPushKey({ signal })).PublicKey,
    staleTime: Infinity,
    enabled: canPush(),
  });
}

/**
 * Whether the alerts are pushed to this browser: it has a subscription, notifications are allowed,
 * and the server still pushes to it (a push service may have ended it, or a sign-out dropped it).
 */
export function useWebPushState(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: STATE_KEY,
    queryFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription || notificationPermission() !== 'granted') return false;
      return (await api.getWebPushStatus({ body: { endpoint: subscription.endpoint } })).Subscribed;
    },
    enabled: enabled && canPush(),
  });
}

/** Turns push on (permission, service worker, subscription, saved) or off on this browser. */
export function useSetWebPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, publicKey }: { on: boolean; publicKey: string }) => {
      if (on) {
        const keys = await subscribeThisBrowser(publicKey);
        await api.subscribeWebPush({ body: keys });
        return on;
      }
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint)
        await api.unsubscribeWebPush({ body: { endpoint } }).catch((error: unknown) => {
          // 7: the server had forgotten it already; this browser is off either way.
          if (!isApiError(error) || error.number !== 7) throw error;
        });
      return on;
    },
    onSuccess: (on) => queryClient.setQueryData(STATE_KEY, on),
  });
}
