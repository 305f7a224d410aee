import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from '../../src/modules/alerts/push/push-endpoints';

// Decision 066: the server POSTs to the endpoint of a browser's push subscription, which a client
// gives. Only the browsers' push services (and, in the demo mode, a stand-in on this machine) are
// taken, or anyone could make the server call its own network.
describe('Web Push endpoints the server will call (decision 066)', () => {
  const production = { demo: false };
  const demo = { demo: true };

  it('takes the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ])
      expect(isAllowedPushEndpoint(endpoint, production), endpoint).toBe(true);
  });

  it('refuses any other host, plain http, another port, credentials and look-alike names', () => {
    for (const endpoint of [
      'https://attacker.example/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://evilpush.apple.com.attacker.example/x',
      'http://127.0.0.1:3000/api/1.2/customer/delete',
      'http://localhost:6379/',
      'http://169.254.169.254/latest/meta-data/',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, production), endpoint).toBe(false);
  });

  it('lets only the demo mode push to a stand-in on this machine, and nowhere else inside', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4003/push/1', demo)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4003/push/1', demo)).toBe(true);
    for (const endpoint of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.5/push', 'file:///etc/passwd'])
      expect(isAllowedPushEndpoint(endpoint, demo), endpoint).toBe(false);
  });
});
