import type { Kysely } from 'kysely';
import type { Content } from '@playz/api-contract';
import type { Database } from '../../db/schema';
import type { CatalogueCache } from './catalogue-cache';

/** A content's title and synopsis in one language, as the console writes them (decision 094). */
interface TranslatedText {
  title: string;
  synopsis: string;
}

/**
 * The translated texts of the contents that have them, per catalogue version (decision 107):
 * content id -> language -> text. French is the content row itself and never here; a language
 * whose title and synopsis are both empty is not either.
 */
export interface ContentTranslations {
  byContent: ReadonlyMap<number, Readonly<Partial<Record<string, TranslatedText>>>>;
  /**
   * A series' or season's (content_lists) and a collection's texts, as the console writes them
   * (decision 105): laid over the same way as a content's, French the row itself.
   */
  byList: ReadonlyMap<number, Readonly<Partial<Record<string, TranslatedText>>>>;
  byCollection: ReadonlyMap<number, Readonly<Partial<Record<string, TranslatedText>>>>;
  /** The languages at least one content, series or collection is translated into. */
  locales: ReadonlySet<string>;
  /** The contents an editor sells alone, and the offer (productPriceID) each is sold at. */
  soldAlone: ReadonlyMap<number, number>;
}

const TEXTS_KEY = 'content-texts';
/** Like a content's own answer: kept until the catalogue version moves, the TTL bounds nothing else. */
const TEXTS_TTL_MS = 10 * 60 * 1000;
const OTHER_LOCALES = ['en', 'nl', 'es'] as const;

/** A row's stored texts without French, and only the languages with a title or a synopsis. */
function ownTexts(
  json: string | null | undefined,
  locales: Set<string>,
): Partial<Record<string, TranslatedText>> | null {
  if (!json) return null;
  const stored = JSON.parse(json) as Partial<Record<string, Partial<TranslatedText>>>;
  const own: Partial<Record<string, TranslatedText>> = {};
  for (const locale of OTHER_LOCALES) {
    const title = stored[locale]?.title?.trim() ?? '';
    const synopsis = stored[locale]?.synopsis?.trim() ?? '';
    if (!title && !synopsis) continue;
    own[locale] = { title, synopsis };
    locales.add(locale);
  }
  return Object.keys(own).length ? own : null;
}

async function readTranslations(db: Kysely<Database>): Promise<ContentTranslations> {
  const [rows, lists, collections] = await Promise.all([
    db.selectFrom('content_editorial').select(['content_id', 'texts', 'access', 'price_offer_id']).execute(),
    db.selectFrom('content_lists').select(['id', 'texts']).where('texts', 'is not', null).execute(),
    db.selectFrom('collections').select(['id', 'texts']).where('texts', 'is not', null).execute(),
  ]);
  const byContent = new Map<number, Partial<Record<string, TranslatedText>>>();
  const byList = new Map<number, Partial<Record<string, TranslatedText>>>();
  const byCollection = new Map<number, Partial<Record<string, TranslatedText>>>();
  const locales = new Set<string>();
  const soldAlone = new Map<number, number>();
  for (const row of rows) {
    if (row.access === 'purchase' && row.price_offer_id !== null)
      soldAlone.set(Number(row.content_id), Number(row.price_offer_id));
    const own = ownTexts(row.texts, locales);
    if (own) byContent.set(Number(row.content_id), own);
  }
  for (const row of lists) {
    const own = ownTexts(row.texts, locales);
    if (own) byList.set(Number(row.id), own);
  }
  for (const row of collections) {
    const own = ownTexts(row.texts, locales);
    if (own) byCollection.set(Number(row.id), own);
  }
  return { byContent, byList, byCollection, locales, soldAlone };
}

const isContent = (value: Record<string, unknown>): value is Content & Record<string, unknown> =>
  typeof value.contentID === 'number' && typeof value.title === 'string' && 'description' in value;

/** A series, season or list (spec 2 §3 Content list), whole or as a summary. */
const isList = (value: Record<string, unknown>) =>
  typeof value.ID === 'number' &&
  typeof value.name === 'string' &&
  'description' in value &&
  (value.type === 'Series' || value.type === 'Season' || value.type === 'Default');

/** A collection: its own answer (with its items) or a collection item's {ID, name}. */
const isCollection = (value: Record<string, unknown>, key: string | undefined) =>
  typeof value.ID === 'number' &&
  typeof value.name === 'string' &&
  !('type' in value) &&
  (key === 'ContentCollection' || Array.isArray(value.items));

/**
 * The viewers' answers in their language (decision 107): the console keeps a content's title and
 * synopsis in fr, en, nl and es; the content row, which every catalogue read builds its answer
 * from and every cache keeps, holds the French ones. An answer is laid over with the viewer's
 * language here, after the cache: each field the editor wrote in that language replaces the
 * French one (a content's title and synopsis, a series' or season's name and description, a
 * collection's name: decision 105's addendum), an empty one keeps the French (the fallback). Slugs and share links stay French so
 * one address names the content in every language. A content sold alone gets its offer as its
 * `productPriceID` here too, in every language (its row has no such column).
 *
 * What nothing changes comes back as the same object (French, or no content of the answer
 * translated nor sold alone): the caches' and the hot path's kept bytes of an object stay theirs. What changes
 * is made once per object, language and translations, and kept beside the object (a WeakMap), so
 * a cached answer's localised copy is a stable object too, with its own kept bytes.
 */
export function createContentTexts(deps: { db: Kysely<Database>; cache: CatalogueCache }) {
  const made = new WeakMap<object, Map<string, { from: ContentTranslations; value: unknown }>>();

  function overlay(value: unknown, locale: string, translations: ContentTranslations, key?: string): unknown {
    if (Array.isArray(value)) {
      let changed = false;
      const out = value.map((item) => {
        const next = overlay(item, locale, translations, key);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : value;
    }
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const [childKey, child] of Object.entries(record)) {
      if (child === null || typeof child !== 'object') continue;
      const next = overlay(child, locale, translations, childKey);
      if (next !== child) (out ??= { ...record })[childKey] = next;
    }
    // A series' (or season's) name and description, a collection's name: the same per-field
    // fallback as a content's (decision 105's texts, laid over as decision 107's).
    const listText = isList(record)
      ? translations.byList.get(record.ID as number)?.[locale]
      : isCollection(record, key)
        ? translations.byCollection.get(record.ID as number)?.[locale]
        : undefined;
    if (listText) {
      out ??= { ...record };
      if (listText.title) out.name = listText.title;
      if (listText.synopsis && 'description' in record) out.description = listText.synopsis;
    }
    if (isContent(record)) {
      const text = translations.byContent.get(record.contentID)?.[locale];
      if (text) {
        out ??= { ...record };
        if (text.title) out.title = text.title;
        if (text.synopsis) out.description = text.synopsis;
      }
      // A content sold alone names its offer, in every language: the apps show its price and
      // buy button, and do not open it to a subscription (decision 107).
      const offer = translations.soldAlone.get(record.contentID);
      if (offer !== undefined && record.productPriceID !== offer) (out ??= { ...record }).productPriceID = offer;
    }
    return out ?? value;
  }

  /** `value` in `locale`, memoised per object; the same object when nothing is translated. */
  function localise<T>(value: T, locale: string, translations: ContentTranslations): T {
    if (value === null || typeof value !== 'object') return value;
    const texts = locale !== 'fr' && translations.locales.has(locale);
    if (!texts && translations.soldAlone.size === 0) return value;
    // Without texts in this language, the French copy (offers only) serves it: one copy, not four.
    if (!texts) locale = 'fr';
    let perLocale = made.get(value);
    const kept = perLocale?.get(locale);
    if (kept && kept.from === translations) return kept.value as T;
    const out = overlay(value, locale, translations) as T;
    if (!perLocale) made.set(value, (perLocale = new Map()));
    perLocale.set(locale, { from: translations, value: out });
    return out;
  }

  const load = () => deps.cache.get(TEXTS_KEY, TEXTS_TTL_MS, () => readTranslations(deps.db));

  return {
    /** The translations of the current catalogue version. */
    translations: load,
    /** The language an answer's cached form must be kept per: `locale` when some content speaks it, else fr. */
    async textLocale(locale: string): Promise<string> {
      return locale !== 'fr' && (await load()).locales.has(locale) ? locale : 'fr';
    },
    /** What `textLocale` would resolve to now, when the translations are known without waiting, else undefined. */
    peekTextLocale(locale: string): string | undefined {
      if (locale === 'fr') return 'fr';
      const translations = deps.cache.peek<ContentTranslations>(TEXTS_KEY);
      if (!translations) return undefined;
      return translations.locales.has(locale) ? locale : 'fr';
    },
    async localise<T>(value: T, locale: string): Promise<T> {
      return localise(value, locale, await load());
    },
    /** What `localise` would give now when the translations are known without waiting, else undefined. */
    peekLocalised<T>(value: T, locale: string): T | undefined {
      const translations = deps.cache.peek<ContentTranslations>(TEXTS_KEY);
      return translations ? localise(value, locale, translations) : undefined;
    },
  };
}
export type ContentTexts = ReturnType<typeof createContentTexts>;
