import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, post, registerAccount } from './accounts-test-support';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const me = async (cookie: string) => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
const editProfile = (cookie: string, fields: Record<string, string>) =>
  t.app.inject(post('/customer/edit/profile', fields, { cookie }));
const checkCode = (cookie: string, code: string, ip?: string) =>
  t.app.inject(post('/customer/parental-code/check', { code }, { cookie, ip }));

describe('GET /profile-pictures (spec 1 §3, §7)', () => {
  it('lists pictures with ID, Name and urls whose SVG files exist under DATA_DIR/media', async () => {
    const res = await t.app.inject(get('/profile-pictures'));
    const pictures = res.json().Response.ProfilePictures;
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    expect(pictures[0]).toEqual({
      ID: 1,
      Name: 'Renard',
      urls: {
        poster: '/media/art/avatars/avatar-1.svg',
        preview: '/media/art/avatars/avatar-1.svg',
        thumbnail: '/media/art/avatars/avatar-1.svg',
      },
    });
    const file = path.join(t.config.dataDir, 'media', 'art', 'avatars', 'avatar-1.svg');
    expect(fs.readFileSync(file, 'utf8')).toContain('<svg');
  });
});

describe('POST /customer/edit/profile (spec 1 §7) and kids profiles (decision 009)', () => {
  it('gives every account a first profile and edits its name and picture', async () => {
    const { cookie, customer } = await registerAccount(t.app);
    const [first] = customer.profiles as { UUID: string }[];
    const res = await editProfile(cookie, {
      customer_profile_uuid: first!.UUID,
      username: 'Maman',
      profile_picture_id: '3',
    });
    expect(res.json().Response.Profile).toEqual({
      UUID: first!.UUID,
      userName: 'Maman',
      posterUrl: '/media/art/avatars/avatar-3.svg',
      previewUrl: '/media/art/avatars/avatar-3.svg',
      thumbnailUrl: '/media/art/avatars/avatar-3.svg',
      profilePictureID: 3,
      isKids: false,
    });
    expect((await me(cookie)).profiles[0].userName).toBe('Maman');
  });

  it('creates profiles, refuses duplicate (40) or invalid (41) names, unknown pictures (3) and profiles (7)', async () => {
    const { cookie } = await registerAccount(t.app);
    const created = await editProfile(cookie, { username: 'Léo', is_kids: '1', profile_picture_id: '6' });
    expect(created.json().Response.Profile).toMatchObject({ userName: 'Léo', isKids: true });
    expect(created.json().Response.Customer.profiles).toHaveLength(2);
    expect(errorNumber(await editProfile(cookie, { username: 'léo' }))).toBe(40);
    expect(errorNumber(await editProfile(cookie, { username: '' }))).toBe(41);
    expect(errorNumber(await editProfile(cookie, { username: 'Nina', profile_picture_id: '999' }))).toBe(3);
    expect(errorNumber(await editProfile(cookie, { customer_profile_uuid: 'nope', username: 'Nina' }))).toBe(7);
  });

  it('does not let the first profile become a kids profile (3)', async () => {
    const { cookie, customer } = await registerAccount(t.app);
    const [first] = customer.profiles as { UUID: string }[];
    expect(errorNumber(await editProfile(cookie, { customer_profile_uuid: first!.UUID, is_kids: '1' }))).toBe(3);
  });

  it('locks a kids profile: account management is refused and leaving it asks for the parental code', async () => {
    const { cookie, customer } = await registerAccount(t.app, { parental_code: '2468' });
    const [adult] = customer.profiles as { UUID: string }[];
    const kid = (await editProfile(cookie, { username: 'Léo', is_kids: '1' })).json().Response.Profile;

    const switched = await t.app.inject(
      post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }),
    );
    expect(switched.json().Response.Customer.currentProfileIndex).toBe(1);

    // From the kids profile: no account edits, no deletion, no unlocking.
    expect(errorNumber(await t.app.inject(post('/customer/edit', { optin: '1' }, { cookie })))).toBe(4);
    expect(errorNumber(await t.app.inject(get('/customer/delete', { cookie })))).toBe(4);
    expect(errorNumber(await editProfile(cookie, { customer_profile_uuid: kid.UUID, is_kids: '0' }))).toBe(4);
    expect(errorNumber(await editProfile(cookie, { customer_profile_uuid: adult!.UUID, username: 'Moi' }))).toBe(4);
    // The kid may still rename their own profile.
    expect(errorNumber(await editProfile(cookie, { customer_profile_uuid: kid.UUID, username: 'Léo le grand' }))).toBe(
      0,
    );

    const back = (code?: string) =>
      t.app.inject(
        post('/customer/profile/switch', { customer_profile_uuid: adult!.UUID, ...(code ? { code } : {}) }, { cookie }),
      );
    expect(errorNumber(await back())).toBe(4);
    expect(errorNumber(await back('0000'))).toBe(4);
    const unlocked = await back('2468');
    expect(unlocked.json().Response.Customer.currentProfileIndex).toBe(0);
    expect(errorNumber(await t.app.inject(post('/customer/edit', { optin: '1' }, { cookie })))).toBe(0);
  });

  it('deletes a profile other than the first', async () => {
    const { cookie, customer } = await registerAccount(t.app);
    const [first] = customer.profiles as { UUID: string }[];
    const extra = (await editProfile(cookie, { username: 'Invité' })).json().Response.Profile;
    const del = (uuid: string) =>
      t.app.inject(post('/customer/profile/delete', { customer_profile_uuid: uuid }, { cookie }));
    expect(errorNumber(await del(first!.UUID))).toBe(4);
    expect((await del(extra.UUID)).json().Response.Customer.profiles).toHaveLength(1);
    expect(errorNumber(await del(extra.UUID))).toBe(7);
  });

  it('answers 11 to a visitor', async () => {
    expect((await t.app.inject(post('/customer/edit/profile', { username: 'A' }))).statusCode).toBe(401);
  });
});

describe('POST /customer/parental-code/check with lockout (decisions 003 and 009)', () => {
  it('says whether the code is right', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '1357' });
    expect((await checkCode(cookie, '1357')).json().Response).toEqual({ Valid: true });
    expect((await checkCode(cookie, '7531')).json().Response).toEqual({ Valid: false });
    expect(errorNumber(await checkCode(cookie, 'abcd'))).toBe(3);
  });

  it('answers Valid false when no code is set, and 11 to a visitor', async () => {
    const { cookie } = await registerAccount(t.app);
    expect((await checkCode(cookie, '1234')).json().Response).toEqual({ Valid: false });
    expect(errorNumber(await t.app.inject(post('/customer/parental-code/check', { code: '1234' })))).toBe(11);
  });

  it('stops brute force: after 5 wrong codes the 6th check is refused, even with the right code, until the window ends', async () => {
    // Start at the beginning of a 15-minute window so the whole attack happens inside it.
    clock = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 1000);
    const { cookie } = await registerAccount(t.app, { parental_code: '4321' });
    for (const [i, code] of ['0000', '1111', '2222', '3333', '5555'].entries()) {
      const res = await checkCode(cookie, code, `10.20.${i}.1`);
      expect(res.json().Response).toEqual({ Valid: false });
    }
    const refused = await checkCode(cookie, '4321', '10.20.9.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toEqual({
      Number: 4,
      Message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(13 * 60);
    // Switching to another address or another call does not get around it.
    expect((await checkCode(cookie, '4321', '10.20.10.1')).statusCode).toBe(429);

    clock = new Date(clock.getTime() + 15 * 60_000);
    expect((await checkCode(cookie, '4321')).json().Response).toEqual({ Valid: true });
  });

  it('a right code forgets the wrong ones before it', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '8642' });
    for (let round = 0; round < 3; round += 1) {
      for (const code of ['0000', '1111', '2222', '3333']) {
        expect((await checkCode(cookie, code)).json().Response).toEqual({ Valid: false });
      }
      expect((await checkCode(cookie, '8642')).json().Response).toEqual({ Valid: true });
    }
  });
});

describe('POST /customer/edit/alert (spec 1 §3, §7)', () => {
  it('turns the LiveEvent alert on with its delay and lists both alerts on the Customer', async () => {
    const { cookie } = await registerAccount(t.app);
    const res = await t.app.inject(
      post('/customer/edit/alert', { alert_type: 'LiveEvent', delta_time: '30', enabled: '1' }, { cookie }),
    );
    expect(res.json().Response).toEqual({ Result: true });
    expect((await me(cookie)).alerts).toEqual([
      { alertType: 'LiveEvent', deltaTime: 30, enabled: true },
      { alertType: 'Newsletter', deltaTime: 0, enabled: false },
    ]);
    // The delay is kept when only the switch changes.
    await t.app.inject(post('/customer/edit/alert', { alert_type: 'LiveEvent', enabled: '0' }, { cookie }));
    expect((await me(cookie)).alerts[0]).toEqual({ alertType: 'LiveEvent', deltaTime: 30, enabled: false });
  });

  it('makes the Newsletter alert the optin', async () => {
    const { cookie } = await registerAccount(t.app);
    await t.app.inject(post('/customer/edit/alert', { alert_type: 'Newsletter', enabled: '1' }, { cookie }));
    expect((await me(cookie)).optin).toBe(true);
  });

  it('answers 3 for an unknown type or a bad switch, 2 when enabled is missing, 11 to a visitor', async () => {
    const { cookie } = await registerAccount(t.app);
    expect(
      errorNumber(await t.app.inject(post('/customer/edit/alert', { alert_type: 'Sms', enabled: '1' }, { cookie }))),
    ).toBe(3);
    expect(
      errorNumber(
        await t.app.inject(post('/customer/edit/alert', { alert_type: 'LiveEvent', enabled: 'yes' }, { cookie })),
      ),
    ).toBe(3);
    expect(errorNumber(await t.app.inject(post('/customer/edit/alert', { alert_type: 'LiveEvent' }, { cookie })))).toBe(
      2,
    );
    expect(
      errorNumber(await t.app.inject(post('/customer/edit/alert', { alert_type: 'LiveEvent', enabled: '1' }))),
    ).toBe(11);
  });
});
