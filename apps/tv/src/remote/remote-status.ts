import { useSyncExternalStore } from 'react';
import type { ConnectionState } from '@playz/remote';

/** What the TV's screens show of the remote control: registered or not, and phones driving it. */
export interface RemoteStatus {
  /** null while no viewer is logged (the TV is not a remote-control screen then). */
  state: ConnectionState | null;
  udid: string | null;
  clients: number;
}

let status: RemoteStatus = { state: null, udid: null, clients: 0 };
const listeners = new Set<() => void>();

export function setRemoteStatus(change: Partial<RemoteStatus>): void {
  status = { ...status, ...change };
  for (const listener of [...listeners]) listener();
}

export function useRemoteStatus(): RemoteStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}
