import { createContext, useContext } from 'react';
import type { DeviceIdentity } from '@/lib/device';

export interface TvDevice extends DeviceIdentity {
  lowMemory: boolean;
}

export const DeviceContext = createContext<TvDevice>({ platform: 'Web', udid: '', model: null, lowMemory: false });

export function useDevice(): TvDevice {
  return useContext(DeviceContext);
}
