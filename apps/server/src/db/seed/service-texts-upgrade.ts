import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { APP_TEXTS_SETTING } from '../../modules/service/app-texts';
import { DEMO_APP_TEXTS, DEMO_SERVICE_TEXTS } from './demo-service-texts';

/**
 * The first seed runs once per database (`seed.version`), so texts added later (the nl and es
 * pages, the translated cookie types and publisher contact) would never reach a database seeded
 * before them. This step runs at every start and, once per SERVICE_TEXTS_VERSION, adds what the
 * database lacks: a locale's missing pages and missing application texts. What is there is kept,
 * so an operator's edit of a text is never overwritten; no other table is touched.
 */
export const SERVICE_TEXTS_KEY = 'seed.service-texts';
/** Bump when a locale, a page or an application text is added to the demo service texts. */
export const SERVICE_TEXTS_VERSION = 1;

type ByLocale = Partial<Record<string, Record<string, unknown>>>;

/** Each locale's entries of `demo` that `stored` lacks, added; the stored ones win. */
export function addMissingTexts(stored: ByLocale, demo: ByLocale): ByLocale {
  const merged: ByLocale = { ...stored };
  for (const [locale, entries] of Object.entries(demo)) merged[locale] = { ...entries, ...stored[locale] };
  return merged;
}

export async function seedServiceTranslations(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const read = async (key: string) =>
      (await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
    // A database the first seed has not filled is left to it.
    if ((await read('seed.version')) === undefined) return false;
    if (Number(await read(SERVICE_TEXTS_KEY)) >= SERVICE_TEXTS_VERSION) return false;
    const parse = (value: string | undefined): ByLocale => (value ? (JSON.parse(value) as ByLocale) : {});
    const write = (key: string, value: unknown) =>
      trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    await write('serviceTexts', addMissingTexts(parse(await read('serviceTexts')), DEMO_SERVICE_TEXTS));
    await write(APP_TEXTS_SETTING, addMissingTexts(parse(await read(APP_TEXTS_SETTING)), DEMO_APP_TEXTS));
    await write(SERVICE_TEXTS_KEY, SERVICE_TEXTS_VERSION);
    return true;
  });
}
