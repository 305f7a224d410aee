import { createContext, useContext } from 'react';
import type { PlatformBridge } from '@playz/platform';

/**
 * What the screens need of the platform bridge (decision 036): its keys, exit, the low-memory flag,
 * its store billing where the platform has one, and the set-top box's lifecycle and error popups
 * (decision 087).
 */
export type TvDevice = Pick<
  PlatformBridge,
  'platform' | 'lowMemory' | 'remoteKeyOf' | 'exit' | 'storeBilling' | 'lifecycle' | 'errors'
> &
  // Whether the channel player may keep a warm standby (decision 119); absent: it does not.
  Partial<Pick<PlatformBridge, 'standbyDecoder'>>;

export const DeviceContext = createContext<TvDevice | null>(null);

export function useDevice(): TvDevice {
  const device = useContext(DeviceContext);
  if (!device) throw new Error('useDevice() needs the platform bridge in <DeviceContext>');
  return device;
}
