import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestApp, databaseOfTestApp, type TestApp } from './test-app';
import { errorNumber, get, post, registerAccount } from './accounts-test-support';

// Beyond the spec (decision 081): a profile's subtitle and audio choices, kept on the server.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readLanguages = (cookie: string, query: Record<string, string> = {}) =>
  t.app.inject(get('/customer/profile/languages', { cookie, query }));
const saveLanguages = (cookie: string, fields: Record<string, string>) =>
  t.app.inject(post('/customer/profile/languages', fields, { cookie }));
const addProfile = async (cookie: string, fields: Record<string, string>) =>
  (await t.app.inject(post('/customer/edit/profile', fields, { cookie }))).json().Response.Profile as { UUID: string };
const switchTo = (cookie: string, uuid: string) =>
  t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: uuid }, { cookie }));

describe('spec 1 §7 beyond the spec (decision 081): GET and POST /customer/profile/languages', () => {
  it('answers the defaults until the profile chooses, then what it saved, part by part', async () => {
    const { cookie, customer } = await registerAccount(t.app);
    const [first] = customer.profiles as { UUID: string }[];
    const before = await readLanguages(cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json().Response.Languages).toEqual({
      profileUUID: first!.UUID,
      audioLanguage: null,
      subtitleLanguage: null,
      subtitleSize: 'medium',
      subtitleBackground: 'box',
      updatedAt: null,
    });

    const saved = await saveLanguages(cookie, {
      audio_language: 'en',
      subtitle_language: 'fr',
      subtitle_size: 'large',
    });
    expect(saved.json().Response.Languages).toMatchObject({
      profileUUID: first!.UUID,
      audioLanguage: 'en',
      subtitleLanguage: 'fr',
      subtitleSize: 'large',
      subtitleBackground: 'box',
    });
    expect(saved.json().Response.Languages.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // What is not sent stays; '' turns subtitles off.
    await saveLanguages(cookie, { subtitle_language: '', subtitle_background: 'shadow' });
    expect((await readLanguages(cookie)).json().Response.Languages).toMatchObject({
      audioLanguage: 'en',
      subtitleLanguage: null,
      subtitleSize: 'large',
      subtitleBackground: 'shadow',
    });
  });

  it("keeps each profile's own choices: the session's profile by default, another of the account by UUID", async () => {
    const { cookie } = await registerAccount(t.app);
    const other = await addProfile(cookie, { username: 'Mamie' });
    await saveLanguages(cookie, { customer_profile_uuid: other.UUID, subtitle_language: 'fr', subtitle_size: 'large' });
    expect((await readLanguages(cookie)).json().Response.Languages.subtitleLanguage).toBeNull();
    await switchTo(cookie, other.UUID);
    expect((await readLanguages(cookie)).json().Response.Languages).toMatchObject({
      profileUUID: other.UUID,
      subtitleLanguage: 'fr',
      subtitleSize: 'large',
    });
  });

  it('refuses bad input with the catalogue: 3 for a bad tag, size or background, never a 5xx', async () => {
    const { cookie } = await registerAccount(t.app);
    const bad: Record<string, string>[] = [
      { audio_language: 'english' },
      { subtitle_language: 'FR' },
      { subtitle_language: 'fr; DROP TABLE profile_languages' },
      { subtitle_size: 'huge' },
      { subtitle_background: 'red' },
      { subtitle_language: 'x'.repeat(5000) },
    ];
    for (const fields of bad) {
      const res = await saveLanguages(cookie, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBeLessThan(500);
      expect(errorNumber(res), JSON.stringify(fields)).toBe(3);
    }
    // Nothing of it was saved.
    expect((await readLanguages(cookie)).json().Response.Languages.updatedAt).toBeNull();
    // The message is in the viewer's language.
    const fr = await t.app.inject(
      post('/customer/profile/languages', { subtitle_size: 'huge' }, { cookie, headers: { 'accept-language': 'fr' } }),
    );
    expect(fr.json().Error.Message).toMatch(/param/i);
  });

  it("refuses another account's profile (7) and a visitor (11)", async () => {
    const owner = await registerAccount(t.app);
    const [ownerProfile] = owner.customer.profiles as { UUID: string }[];
    await saveLanguages(owner.cookie, { subtitle_language: 'en' });
    const stranger = await registerAccount(t.app);
    const read = await readLanguages(stranger.cookie, { customer_profile_uuid: ownerProfile!.UUID });
    expect(errorNumber(read)).toBe(7);
    const write = await saveLanguages(stranger.cookie, {
      customer_profile_uuid: ownerProfile!.UUID,
      subtitle_language: 'fr',
    });
    expect(errorNumber(write)).toBe(7);
    expect((await readLanguages(owner.cookie)).json().Response.Languages.subtitleLanguage).toBe('en');
    expect(errorNumber(await t.app.inject(get('/customer/profile/languages')))).toBe(11);
    expect(errorNumber(await t.app.inject(post('/customer/profile/languages', { subtitle_language: 'fr' })))).toBe(11);
  });

  it("lets a kids profile set its own choices, never another profile's (4)", async () => {
    const { cookie, customer } = await registerAccount(t.app, { parental_code: '2468' });
    const [adult] = customer.profiles as { UUID: string }[];
    const kid = await addProfile(cookie, { username: 'Léo', is_kids: '1' });
    await switchTo(cookie, kid.UUID);
    const own = await saveLanguages(cookie, { subtitle_language: 'fr', subtitle_size: 'large' });
    expect(own.json().Response.Languages).toMatchObject({ profileUUID: kid.UUID, subtitleLanguage: 'fr' });
    expect(
      errorNumber(await saveLanguages(cookie, { customer_profile_uuid: adult!.UUID, subtitle_language: 'en' })),
    ).toBe(4);
    expect(errorNumber(await readLanguages(cookie, { customer_profile_uuid: adult!.UUID }))).toBe(4);
  });

  it('forgets the choices with their profile', async () => {
    const { cookie } = await registerAccount(t.app);
    const other = await addProfile(cookie, { username: 'Invité' });
    await saveLanguages(cookie, { customer_profile_uuid: other.UUID, audio_language: 'en' });
    await t.app.inject(post('/customer/profile/delete', { customer_profile_uuid: other.UUID }, { cookie }));
    const db = databaseOfTestApp(t.config)!.db;
    const rows = await db.selectFrom('profile_languages').select('profile_id').execute();
    const profiles = await db.selectFrom('customer_profiles').select('id').execute();
    const ids = new Set(profiles.map((p) => p.id));
    expect(rows.every((r) => ids.has(r.profile_id))).toBe(true);
  });
});

describe('account deletion (spec 1 §7) with saved choices (decision 081)', () => {
  it("deletes the account and its profiles' choices with it", async () => {
    const { cookie } = await registerAccount(t.app);
    const saved = (await saveLanguages(cookie, { subtitle_language: 'fr' })).json().Response.Languages;
    const db = databaseOfTestApp(t.config)!.db;
    const profile = await db
      .selectFrom('customer_profiles')
      .select('id')
      .where('uuid', '=', saved.profileUUID)
      .executeTakeFirstOrThrow();
    const deleted = await t.app.inject(get('/customer/delete', { cookie }));
    expect(errorNumber(deleted)).toBe(0);
    const left = await db
      .selectFrom('profile_languages')
      .select('profile_id')
      .where('profile_id', '=', profile.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('migration 016 (decision 081) on a database that already ran later ones', () => {
  it('runs 016 after 019, 020 and 021 on an existing database', async () => {
    const db = databaseOfTestApp(t.config)!;
    // The database as it stood before 016 existed: every other migration run, no table.
    await db.db.schema.dropTable('profile_languages').execute();
    await sql`DELETE FROM kysely_migration WHERE name = '016-profile-languages'`.execute(db.db);
    expect(await migrateToLatest(db)).toEqual(['016-profile-languages']);
    const { cookie } = await registerAccount(t.app);
    expect((await saveLanguages(cookie, { audio_language: 'en' })).json().Response.Languages.audioLanguage).toBe('en');
  });
});
