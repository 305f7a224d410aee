/**
 * The part of Google's Cast sender framework the web player uses, behind a narrow interface the
 * tests fake (decision 070). The framework itself is never bundled: it is loaded at run time from
 * its official address, and only where the browser says a Cast device can be reached.
 */
export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

/** cast.framework.CastState. */
export type CastFrameworkState = 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';

export interface CastSessionLike {
  /** The receiver device's name, as its owner called it ("Salon"). */
  deviceName(): string;
  sendMessage(namespace: string, message: object): Promise<void>;
  /** Listens to the receiver's messages on `namespace`; returns the unsubscribe. */
  onMessage(namespace: string, listener: (message: string) => void): () => void;
}

export interface CastFramework {
  getCastState(): CastFrameworkState;
  /** Returns the unsubscribe. */
  onCastStateChange(listener: (state: CastFrameworkState) => void): () => void;
  /** Opens the browser's device picker; rejects when the viewer closes it. */
  requestSession(): Promise<void>;
  currentSession(): CastSessionLike | null;
  /** Ends the session; `stopCasting` stops the receiver's application too. */
  endCurrentSession(stopCasting: boolean): void;
}

// The framework's globals, as far as the adapter reads them.
interface SdkSession {
  getCastDevice(): { friendlyName: string };
  sendMessage(namespace: string, message: object): Promise<unknown>;
  addMessageListener(namespace: string, listener: (namespace: string, message: string) => void): void;
  removeMessageListener(namespace: string, listener: (namespace: string, message: string) => void): void;
}
interface SdkContext {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  getCastState(): CastFrameworkState;
  addEventListener(type: string, listener: (event: { castState: CastFrameworkState }) => void): void;
  removeEventListener(type: string, listener: (event: { castState: CastFrameworkState }) => void): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): SdkSession | null;
  endCurrentSession(stopCasting: boolean): void;
}
interface SdkGlobals {
  cast?: {
    framework?: {
      CastContext: { getInstance(): SdkContext };
      CastContextEventType: { CAST_STATE_CHANGED: string };
    };
  };
  chrome?: { cast?: { AutoJoinPolicy?: { ORIGIN_SCOPED: string } } };
  __onGCastApiAvailable?: (isAvailable: boolean) => void;
}

/** The framework's CastContext behind the narrow interface, for the receiver `appId`. */
export function adaptCastSdk(globals: SdkGlobals, appId: string): CastFramework | null {
  const framework = globals.cast?.framework;
  if (!framework) return null;
  const context = framework.CastContext.getInstance();
  context.setOptions({
    receiverApplicationId: appId,
    // A tab of this site joins the session another tab of it started (the framework's default).
    autoJoinPolicy: globals.chrome?.cast?.AutoJoinPolicy?.ORIGIN_SCOPED ?? 'origin_scoped',
  });
  const changed = framework.CastContextEventType.CAST_STATE_CHANGED;
  return {
    getCastState: () => context.getCastState(),
    onCastStateChange(listener) {
      const handler = (event: { castState: CastFrameworkState }) => listener(event.castState);
      context.addEventListener(changed, handler);
      return () => context.removeEventListener(changed, handler);
    },
    requestSession: async () => void (await context.requestSession()),
    currentSession() {
      const session = context.getCurrentSession();
      if (!session) return null;
      return {
        deviceName: () => session.getCastDevice().friendlyName,
        sendMessage: async (namespace, message) => void (await session.sendMessage(namespace, message)),
        onMessage(namespace, listener) {
          const handler = (_namespace: string, message: string) => listener(message);
          session.addMessageListener(namespace, handler);
          return () => session.removeMessageListener(namespace, handler);
        },
      };
    },
    endCurrentSession: (stopCasting) => context.endCurrentSession(stopCasting),
  };
}

interface PresentationAvailabilityLike extends EventTarget {
  value: boolean;
}
type PresentationRequestCtor = new (url: string) => { getAvailability(): Promise<PresentationAvailabilityLike> };

/**
 * Whether the browser reaches a Cast device for `appId`: the Presentation API's availability of
 * the `cast:` address (Chrome's media router, which the framework itself uses). It asks nothing
 * of the network, so a browser without casting (Firefox, Safari, a headless test browser, a Chrome
 * without devices) never loads the framework. Calls `onChange` as devices come and go; returns
 * the unsubscribe.
 */
export function watchCastDevices(
  appId: string,
  onChange: (available: boolean) => void,
  globals: { PresentationRequest?: PresentationRequestCtor } = globalThis as never,
): () => void {
  const Request = globals.PresentationRequest;
  if (typeof Request !== 'function') return () => undefined;
  let availability: PresentationAvailabilityLike | null = null;
  let stopped = false;
  const report = () => availability && onChange(availability.value);
  try {
    void new Request(`cast:${appId}`)
      .getAvailability()
      .then((found) => {
        if (stopped) return;
        availability = found;
        found.addEventListener('change', report);
        report();
      })
      // No monitoring on this browser (NotSupportedError): no casting offered.
      .catch(() => undefined);
  } catch {
    return () => undefined;
  }
  return () => {
    stopped = true;
    availability?.removeEventListener('change', report);
  };
}

let loading: Promise<SdkGlobals | null> | null = null;

/**
 * Loads the sender framework once per page, from its official address. Resolves with its globals,
 * or null when it cannot load (offline, blocked) or says casting is not available.
 */
export function loadCastSdk(
  doc: Document = document,
  globals: SdkGlobals = window as never,
): Promise<SdkGlobals | null> {
  if (globals.cast?.framework) return Promise.resolve(globals);
  loading ??= new Promise<SdkGlobals | null>((resolve) => {
    globals.__onGCastApiAvailable = (isAvailable) => resolve(isAvailable ? globals : null);
    const script = doc.createElement('script');
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    doc.head.append(script);
  });
  return loading;
}

/** How the player gets the framework: where devices are found, the official one (tests pass a fake). */
export interface CastFrameworkSource {
  watchDevices(appId: string, onChange: (available: boolean) => void): () => void;
  load(appId: string): Promise<CastFramework | null>;
}

export const officialCastFramework: CastFrameworkSource = {
  watchDevices: (appId, onChange) => watchCastDevices(appId, onChange),
  load: async (appId) => {
    const globals = await loadCastSdk();
    return globals ? adaptCastSdk(globals, appId) : null;
  },
};
