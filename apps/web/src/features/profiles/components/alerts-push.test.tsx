import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@playz/api-contract';
import { makeApp, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';

// Spec 1 §3 Alert (LiveEvent) by Web Push on this browser (decision 066): the switch shows where
// the browser can receive pushes and the server sends them; the browser's permission is asked only
// when the viewer turns it on, then the service worker is registered and the subscription saved.
const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const withAlert = (enabled: boolean): Customer =>
  subscriber({
    loggedWith: 'playz',
    alerts: [
      { alertType: 'LiveEvent', deltaTime: 15, enabled },
      { alertType: 'Newsletter', deltaTime: 0, enabled: false },
    ],
  });

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
  options: { applicationServerKey: null },
  toJSON: () => ({ keys: { p256dh: 'BPa1', auth: 'c2VjcmV0' } }),
  unsubscribe: vi.fn(async () => true),
};
let browser: {
  requestPermission: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  current: typeof subscription | null;
};

beforeEach(() => {
  browser = {
    requestPermission: vi.fn(async () => 'granted'),
    register: vi.fn(async () => registration),
    subscribe: vi.fn(async () => {
      browser.current = subscription;
      return subscription;
    }),
    current: null,
  };
  const registration = {
    pushManager: { getSubscription: async () => browser.current, subscribe: browser.subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: browser.register,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  Object.assign(window, {
    PushManager: class {},
    Notification: { permission: 'default', requestPermission: browser.requestPermission },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});

function openAccount(customer: Customer, handlers: Record<string, MockHandler> = {}) {
  return renderApp('/customer/account', {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /customer/active-devices': { response: { Devices: [] } },
    'GET /profile-pictures': { response: { ProfilePictures: [] } },
    'GET /web-push/key': { response: { PublicKey: SERVER_KEY } },
    'POST /customer/web-push/subscribe': { response: { Success: true } },
    ...handlers,
  });
}
const pushSwitch = async () =>
  within(await screen.findByRole('region', { name: 'Alertes' })).findByRole('switch', {
    name: /Recevoir aussi l’alerte sur ce navigateur/,
  });

describe('live event alert by Web Push on this browser (spec 1 §3 Alert, decision 066)', () => {
  it('asks the permission only when turned on, then registers the service worker and saves the subscription', async () => {
    const app = openAccount(withAlert(true));
    const toggle = await pushSwitch();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(toggle);
    expect(await screen.findByText('Notifications activées sur ce navigateur')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    const [{ applicationServerKey, userVisibleOnly }] = browser.subscribe.mock.calls[0]!;
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    const [saved] = app.callsTo('POST', '/customer/web-push/subscribe');
    expect(Object.fromEntries(saved!.body)).toMatchObject({
      endpoint: subscription.endpoint,
      p256dh: 'BPa1',
      auth: 'c2VjcmV0',
    });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it('says how to allow notifications when the browser blocks them, and saves nothing', async () => {
    browser.requestPermission.mockResolvedValue('denied');
    const app = openAccount(withAlert(true));
    fireEvent.click(await pushSwitch());
    expect(
      await screen.findByText(
        'Les notifications sont bloquées pour Playz : autorisez-les dans les réglages du navigateur.',
      ),
    ).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(app.callsTo('POST', '/customer/web-push/subscribe')).toEqual([]);
    expect(((await pushSwitch()) as HTMLInputElement).checked).toBe(false);
  });

  it('says so when the browser cannot reach its push service, and saves nothing', async () => {
    browser.subscribe.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    const app = openAccount(withAlert(true));
    fireEvent.click(await pushSwitch());
    expect(
      await screen.findByText('Ce navigateur n’a pas pu s’abonner aux notifications. Réessayez plus tard.'),
    ).toBeInTheDocument();
    expect(app.callsTo('POST', '/customer/web-push/subscribe')).toEqual([]);
    expect(((await pushSwitch()) as HTMLInputElement).checked).toBe(false);
  });

  it('is off and waits for the live event alert, and is not offered when the service sends no push', async () => {
    const { unmount } = openAccount(withAlert(false));
    const toggle = await pushSwitch();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Activez d’abord l’alerte des événements en direct.')).toBeInTheDocument();
    unmount();

    const { queryClient } = openAccount(withAlert(true), { 'GET /web-push/key': { response: { PublicKey: null } } });
    await screen.findByRole('switch', { name: /Me prévenir avant un événement en direct/ });
    await waitFor(() => expect(queryClient.getQueryState(['web-push', 'key'])?.status).toBe('success'));
    expect(screen.queryByRole('switch', { name: /Recevoir aussi l’alerte/ })).toBeNull();
  });
});
