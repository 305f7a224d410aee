import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { errorNumber, post } from '../accounts-test-support';
import { logInTv, registered, socketUrl, type TestSocket } from './remote-support';

// "Send to TV" from a kids profile (spec 1 §6 "a parental code protects content", spec 2 §7
// requestHistoryPush / requestItemPush; decisions 059, 064): the TV plays what it is sent under its
// own session, so the server refuses a kids profile's push of what the kids profile may not play.

let t: TestApp;
let url: string;
const A = 'abonne@playz.fr';
const open: TestSocket[] = [];
let udidCount = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  url = socketUrl(t.app);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t.close();
});

/** The account's TV (an adult session) and a phone of the same account, linked to it. */
async function linkedPhone(onKidsProfile: boolean) {
  const udid = `tv-kids-${++udidCount}`;
  const token = await logInTv(t.app, A, udid);
  const screen = await registered(url, { type: 'Server', udid, platform: 'Tizen', name: 'Salon', token });
  const cookie = await logInAs(t.app, A);
  if (onKidsProfile) {
    const created = await t.app.inject(
      post('/customer/edit/profile', { username: `Léo ${udidCount}`, is_kids: '1' }, { cookie }),
    );
    const kid = created.json().Response.Profile as { UUID: string };
    const switched = await t.app.inject(
      post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }),
    );
    expect(errorNumber(switched)).toBe(0);
  }
  const phone = await registered(url, { type: 'Client', udid: `phone-kids-${udidCount}` }, { cookie });
  open.push(screen, phone);
  await phone.next(
    (f) =>
      f.event === 'onServerDevicesListUpdated' &&
      (f.data as { devices: { udid: string }[] }).devices.some((d) => d.udid === udid),
  );
  phone.send({ action: 'linkServerDevice', data: { udid } });
  await phone.event('onServerDeviceLinked');
  return { screen, phone };
}

const pushes = (f: Record<string, unknown>) => f.action === 'requestHistoryPush' || f.action === 'requestItemPush';

describe('spec 1 §6 "send to TV" from a kids profile (spec 2 §7 requestHistoryPush, decision 064)', () => {
  it('spec 2 §7 requestHistoryPush / requestItemPush: a kids profile may not send a -16 film nor a -12 series; tous publics goes', async () => {
    const { screen, phone } = await linkedPhone(true);
    phone.send({ action: 'requestHistoryPush', data: { route: '/content/1011/le-ciel-en-feu' } });
    const refused = await phone.next((f) => f.event === 'error');
    expect(refused.data).toEqual({
      number: 4,
      message: "Ce programme n'est pas disponible sur un profil enfant.",
      action: 'requestHistoryPush',
      reason: 'NotForKidsProfile',
    });
    phone.send({ action: 'requestItemPush', data: { route: '/content-list/2001/brigade-du-port' } });
    expect((await phone.next((f) => f.event === 'error')).data).toMatchObject({
      action: 'requestItemPush',
      reason: 'NotForKidsProfile',
    });
    // Pushes are relayed in order: the first the screen gets is the tous publics film sent after.
    phone.send({ action: 'requestHistoryPush', data: { route: '/content/1001/la-mer' } });
    expect((await screen.next(pushes)).data).toEqual({ route: '/content/1001/player' });
    expect(screen.frames.filter(pushes)).toHaveLength(1);
  });

  it('spec 2 §7 requestHistoryPush: an adult profile sends the -16 film (the TV asks its parental code)', async () => {
    const { screen, phone } = await linkedPhone(false);
    phone.send({ action: 'requestHistoryPush', data: { route: '/content/1011/le-ciel-en-feu' } });
    expect((await screen.next(pushes)).data).toEqual({ route: '/content/1011/player' });
    expect(phone.frames.filter((f) => f.event === 'error')).toEqual([]);
  });
});
