import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiErrorReason } from '@playz/api-contract';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { useApi } from './api-context';

/**
 * The stream was refused because the account already plays on as many devices as it may
 * (spec 1 §6): 4 with Reason DevicesLimitReached, unlike the plain 4 of a missing subscription
 * (docs/decisions/018).
 */
export function isDevicesLimitReached(error: unknown): boolean {
  return isApiError(error, ApiErrorNumber.Forbidden) && error.reason === ApiErrorReason.DevicesLimitReached;
}

/**
 * While a full stream is open on this page, leaving it (another page, another item, closing the
 * tab) frees the device's place among the account's simultaneous streams at once, rather than
 * when its lease runs out a few minutes later (POST /customer/playback/stop, decision 018).
 */
export function useReleaseDeviceLease(isPlayingView: boolean) {
  const api = useApi();
  // Held from the first full stream until the page goes: a refetch in between is not a stop.
  const [holdsPlace, setHoldsPlace] = useState(false);
  if (isPlayingView && !holdsPlace) setHoldsPlace(true);
  useEffect(() => {
    if (!holdsPlace) return;
    // keepalive: the call still leaves when the page is being closed.
    const release = () => void api.stopPlayback({ keepalive: true }).catch(() => {});
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [api, holdsPlace]);
}

const playingDevicesKey = ['device-places'] as const;

/** The devices holding the account's places (decision 060), read each time the dialog opens. */
export function usePlayingDevices(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: playingDevicesKey,
    queryFn: async ({ signal }) => (await api.getPlayingDevices({ signal })).Devices,
    staleTime: 0,
    enabled,
  });
}

/**
 * Stops another device's streams and frees its place (decision 060); then every stream refused
 * for the devices limit is asked again, so the page that was refused plays.
 */
export function useStopPlayingDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => api.stopPlayingDevice({ body: { device_id: deviceId } }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isDevicesLimitReached(query.state.error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playingDevicesKey }),
  });
}
