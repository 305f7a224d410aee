import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { get, openDatabase } from './accounts-test-support';
import { SERVICE_TEXTS_KEY, seedServiceTranslations } from '../src/db/seed/service-texts-upgrade';

type Section = { title: string; text: string };
type Page = { name: string; sections: Section[] };
type CookieType = {
  id: number;
  name: string;
  description: string;
  mandatory: boolean;
  cookies: { id: number; description: string; expiration: number }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = async (name: string, locale?: string): Promise<Page> =>
  (await t.app.inject(get(`/service/infos/${name}`, locale ? { query: { locale } } : {}))).json().Response.Page;

/** Markers, links, e-mail addresses and paths of a text: what a translation must keep as it is. */
const fixedParts = (text: string) =>
  [...text.matchAll(/\{\{\w+\}\}|https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<=^|\s)\/[a-z0-9][\w\-/.]*/gi)]
    .map((m) => m[0])
    .sort();
const isBareMarker = (text: string) => /^\{\{\w+\}\}$/.test(text);

/** A phrase each translated page must contain: proof it is the language asked for, not French. */
const DISTINCTIVE: Record<string, Record<string, string>> = {
  nl: {
    terms: 'Je hebt 14 dagen vanaf het afsluiten van het abonnement om je herroepingsrecht uit te oefenen',
    privacy: 'Verwerkingsverantwoordelijke',
    faq: 'Gebruik de link Wachtwoord vergeten? op de inlogpagina',
    cookies: 'Je kunt je keuzes op elk moment wijzigen',
  },
  es: {
    terms: 'Dispones de un plazo de 14 días a partir de la suscripción para ejercer tu derecho de desistimiento',
    privacy: 'Responsable del tratamiento',
    faq: 'Desde la página Mi cuenta, con el botón Darse de baja',
    cookies: 'Puedes cambiar tus opciones en cualquier momento',
  },
};
const PAGES = ['terms', 'privacy', 'faq', 'cookies'];

describe('spec 1 §2 text pages in Dutch and Spanish (locale parameter, spec 1 §7)', () => {
  describe.each(['nl', 'es'])('%s', (locale) => {
    it.each(PAGES)('answers the %s page in the language asked, with a real translated phrase', async (name) => {
      const all = JSON.stringify(await page(name, locale));
      expect(all).toContain(DISTINCTIVE[locale]?.[name]);
    });

    it.each(PAGES)('translates every section of %s, keeping markers, links and e-mail addresses', async (name) => {
      const [fr, translated] = [await page(name, 'fr'), await page(name, locale)];
      expect(translated.sections).toHaveLength(fr.sections.length);
      translated.sections.forEach((section, i) => {
        const reference = fr.sections[i] as Section;
        // No section falls back to the French text of reference.
        expect(section.title).not.toBe(reference.title);
        if (!isBareMarker(reference.text)) expect(section.text).not.toBe(reference.text);
        expect(fixedParts(section.text)).toEqual(fixedParts(reference.text));
      });
    });
  });

  it('keeps the cookie page settings marker and table marker in nl and es', async () => {
    for (const locale of ['nl', 'es']) {
      const texts = (await page('cookies', locale)).sections.map((s) => s.text).join(' ');
      expect(texts).toContain('{{cookieSettingsLink}}');
      expect(texts).toContain('{{cookieTable}}');
    }
  });

  it('cuts a regional locale (nl_BE, es-ES) to its language, and reads Accept-Language without one', async () => {
    expect((await page('privacy', 'nl_BE')).name).toBe('Privacybeleid');
    expect((await page('privacy', 'es-ES')).name).toBe('Política de privacidad');
    const res = await t.app.inject(get('/service/infos/faq', { headers: { 'accept-language': 'es-ES,es;q=0.9' } }));
    expect(res.json().Response.Page.name).toBe('Preguntas frecuentes');
  });
});

describe('spec 1 §3 cookie types and publisher in the caller’s locale (/service/cookie-types, /data, publisher)', () => {
  const cookieTypes = async (locale: string): Promise<CookieType[]> =>
    (await t.app.inject(get('/service/cookie-types', { query: { locale } }))).json().Response.CookieTypes;

  it.each([
    ['en', ['Functional', 'Audience measurement', 'Advertising']],
    ['nl', ['Functioneel', 'Statistieken', 'Advertenties']],
    ['es', ['Funcionales', 'Medición de audiencia', 'Publicidad']],
  ])('names every cookie type and cookie in %s; ids, lifetimes and the mandatory flag stay', async (locale, names) => {
    const [fr, translated] = [await cookieTypes('fr'), await cookieTypes(locale)];
    expect(fr.map((c) => c.name)).toEqual(['Fonctionnels', "Mesure d'audience", 'Publicité']);
    expect(translated.map((c) => c.name)).toEqual(names);
    translated.forEach((type, i) => {
      const reference = fr[i] as CookieType;
      expect(type.description).not.toBe(reference.description);
      expect({ id: type.id, mandatory: type.mandatory }).toEqual({ id: reference.id, mandatory: reference.mandatory });
      type.cookies.forEach((cookie, j) => {
        const ref = reference.cookies[j];
        expect({ id: cookie.id, expiration: cookie.expiration }).toEqual({ id: ref?.id, expiration: ref?.expiration });
        // 'Conversion' is the same word in English and French: the other languages must differ.
        if (locale !== 'en') expect(cookie.description).not.toBe(ref?.description);
      });
    });
  });

  it('gives /data the same translated cookie types and the publisher contact in nl and es', async () => {
    const app = async (locale: string) => (await t.app.inject(get('/data', { query: { locale } }))).json().Response.App;
    const [nl, es] = [await app('nl'), await app('es')];
    expect(nl.cookieTypes[1].description).toBe('Helpen ons te begrijpen hoe de dienst wordt gebruikt.');
    expect(es.cookieTypes[0].cookies[0].description).toBe('Sesión de acceso');
    expect(nl.publisher.contact).toBe('Contentdirectie, Playz Médias');
    expect(es.publisher).toMatchObject({ contact: 'Dirección de contenidos, Playz Médias', email: 'contact@playz.fr' });
    const publisher = await t.app.inject(get('/service/infos/publisher', { query: { locale: 'nl' } }));
    expect(publisher.json().Response.Publisher).toMatchObject({
      contact: 'Contentdirectie, Playz Médias',
      city: 'Lyon',
    });
    const french = await t.app.inject(get('/service/infos/publisher'));
    expect(french.json().Response.Publisher.contact).toBe('Direction des contenus, Playz Médias');
  });
});

describe('a database seeded before the translations gets them at start (seed.service-texts)', () => {
  it('adds the missing locales and texts once, keeping an operator’s edits and the customers', async () => {
    const database = openDatabase(t.config);
    try {
      const { db } = database;
      const setting = async (key: string) =>
        (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
      const customers = async () => (await db.selectFrom('customers').select('id').execute()).length;
      // The state of a database seeded before nl and es existed: fr and en only, no app texts,
      // and a French terms title an operator has since changed.
      const old = JSON.parse((await setting('serviceTexts')) as string);
      old.fr.terms.name = 'CGU modifiées par l’opérateur';
      delete old.nl;
      delete old.es;
      await db
        .updateTable('settings')
        .set({ value: JSON.stringify(old) })
        .where('key', '=', 'serviceTexts')
        .execute();
      await db.deleteFrom('settings').where('key', 'in', ['appTexts', SERVICE_TEXTS_KEY]).execute();
      const before = await customers();

      expect(await seedServiceTranslations(db)).toBe(true);
      expect((await page('terms', 'nl')).name).toBe('Algemene voorwaarden');
      expect((await page('faq', 'es')).name).toBe('Preguntas frecuentes');
      expect((await page('terms', 'fr')).name).toBe('CGU modifiées par l’opérateur');
      const appTexts = JSON.parse((await setting('appTexts')) as string);
      expect(appTexts.es.cookieTypes['3'].name).toBe('Publicidad');
      expect(await customers()).toBe(before);

      // Idempotent: the next start changes nothing.
      const after = await setting('serviceTexts');
      expect(await seedServiceTranslations(db)).toBe(false);
      expect(await setting('serviceTexts')).toBe(after);
    } finally {
      await database.close();
    }
  });
});
