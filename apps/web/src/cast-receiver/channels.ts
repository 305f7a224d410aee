import { CAST_NAMESPACE, readCastCommand, type CastCommand, type CastMediaStatus } from '@/lib/cast-protocol';
import type { ReceiverChannel } from './receiver';

/** The Cast receiver framework (CAF), loaded from its official address on a Cast device only. */
export const CAF_RECEIVER_URL = 'https://www.gstatic.com/cast/sdk/libs/caf_receiver/v3/cast_receiver_framework.js';

// The framework's globals, as far as the receiver uses them.
interface CafContext {
  addCustomMessageListener(namespace: string, listener: (event: { data: unknown; senderId: string }) => void): void;
  sendCustomMessage(namespace: string, senderId: string | undefined, message: object): void;
  start(options: object): void;
}
interface CafGlobals {
  cast?: {
    framework?: {
      CastReceiverContext: { getInstance(): CafContext };
      system: { MessageType: { JSON: string } };
    };
  };
}

/**
 * A Cast device's user agent says CrKey (Chromecast, Google TV's cast receiver): only there is
 * the framework loaded. Elsewhere (a test browser, a TV app's web view) the page listens to
 * window messages instead, so nothing is fetched from another site.
 */
export const isCastDevice = (userAgent: string) => /\bCrKey\//.test(userAgent);

export function loadCafReceiver(doc: Document = document): Promise<CafGlobals | null> {
  return new Promise((resolve) => {
    const script = doc.createElement('script');
    script.src = CAF_RECEIVER_URL;
    script.onload = () => resolve(window as CafGlobals);
    script.onerror = () => resolve(null);
    doc.head.append(script);
  });
}

/** The framework's channel: Playz's namespace, statuses broadcast to every sender. */
export function cafChannel(globals: CafGlobals): ReceiverChannel | null {
  const framework = globals.cast?.framework;
  if (!framework) return null;
  const context = framework.CastReceiverContext.getInstance();
  const listeners: ((command: CastCommand) => void)[] = [];
  context.addCustomMessageListener(CAST_NAMESPACE, (event) => {
    const command = readCastCommand(event.data);
    if (command) for (const listener of listeners) listener(command);
  });
  // The receiver brings its own player (@playz/player): the framework's are not loaded, and since
  // the framework sees no media of its own, its idle timeout would close the app mid-film.
  context.start({
    customNamespaces: { [CAST_NAMESPACE]: framework.system.MessageType.JSON },
    skipPlayersLoad: true,
    disableIdleTimeout: true,
  });
  return {
    onCommand: (listener) => void listeners.push(listener),
    sendStatus: (status) => context.sendCustomMessage(CAST_NAMESPACE, undefined, status),
  };
}

/**
 * Window messages carrying the same commands: what drives the page where there is no framework
 * (a test, a web view hosting it). Statuses go back to the window that sent the last command.
 */
export function windowChannel(target: Window = window): ReceiverChannel {
  let sender: MessageEventSource | null = null;
  const listeners: ((command: CastCommand) => void)[] = [];
  target.addEventListener('message', (event: MessageEvent) => {
    const command = readCastCommand(event.data);
    if (!command) return;
    sender = event.source;
    for (const listener of listeners) listener(command);
  });
  return {
    onCommand: (listener) => void listeners.push(listener),
    sendStatus: (status: CastMediaStatus) => (sender as Window | null)?.postMessage(status, '*'),
  };
}
