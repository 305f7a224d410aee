import type { CastFramework, CastFrameworkSource, CastFrameworkState, CastSessionLike } from './cast-framework';

/**
 * A Cast framework the test drives (decision 070): devices come and go, the picker connects to
 * "Salon", the receiver's messages are the test's. What the sender sent is kept.
 */
export function createFakeCastFramework() {
  let state: CastFrameworkState = 'NO_DEVICES_AVAILABLE';
  const stateListeners = new Set<(state: CastFrameworkState) => void>();
  const messageListeners = new Set<(message: string) => void>();
  let devicesListener: ((available: boolean) => void) | null = null;
  let session: CastSessionLike | null = null;
  const sent: Record<string, unknown>[] = [];
  const loads: string[] = [];

  const setState = (next: CastFrameworkState) => {
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  };
  const framework: CastFramework = {
    getCastState: () => state,
    onCastStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    requestSession: async () => {
      setState('CONNECTING');
      session = {
        deviceName: () => 'Salon',
        sendMessage: async (_namespace, message) => void sent.push(message as Record<string, unknown>),
        onMessage(_namespace, listener) {
          messageListeners.add(listener);
          return () => messageListeners.delete(listener);
        },
      };
      setState('CONNECTED');
    },
    currentSession: () => session,
    endCurrentSession: () => {
      session = null;
      setState('NOT_CONNECTED');
    },
  };
  const source: CastFrameworkSource = {
    watchDevices: (appId, onChange) => {
      loads.push(`watch ${appId}`);
      devicesListener = onChange;
      return () => (devicesListener = null);
    },
    load: async (appId) => {
      loads.push(`load ${appId}`);
      return framework;
    },
  };
  return {
    source,
    sent,
    loads,
    /** The browser finds a device (or loses the last). */
    devices(available: boolean) {
      devicesListener?.(available);
      if (available && state === 'NO_DEVICES_AVAILABLE') setState('NOT_CONNECTED');
      if (!available) setState('NO_DEVICES_AVAILABLE');
    },
    /** The receiver says something. */
    receive(message: object) {
      for (const listener of [...messageListeners]) listener(JSON.stringify(message));
    },
    /** The device ends the session itself (its own remote, another sender). */
    disconnect() {
      session = null;
      setState('NOT_CONNECTED');
    },
  };
}
