/**
 * This browser's side of Web Push (decision 066): the service worker (public/sw.js) that shows the
 * alerts, and the push subscription made with the server's VAPID key. Permission is asked only
 * from the viewer's own gesture (turning push on), never on a page's load.
 */

/** Whether this browser can receive pushes at all (no service worker, PushManager or Notification: no). */
export function canPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's answer to notifications so far. */
export const notificationPermission = (): NotificationPermission => (canPush() ? Notification.permission : 'denied');

export class PushBlockedError extends Error {
  constructor() {
    super('notifications are blocked for this site');
  }
}

const SCRIPT = '/sw.js';

/** The key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's subscription, if the app's service worker has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!canPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Asks for the permission (the viewer just turned push on), registers the service worker and
 * subscribes with the server's key; a subscription made with another key (the server's pair
 * changed) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscriptionKeys> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  await navigator.serviceWorker.register(SCRIPT, { scope: '/', updateViaCache: 'none' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey = (a: ArrayBuffer | null | undefined) =>
    !!a && a.byteLength === key.length && new Uint8Array(a).every((byte, i) => byte === key[i]);
  if (subscription && !sameKey(subscription.options.applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}

/** Ends this browser's subscription; the endpoint it had, for the server to forget. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
