import { DEFAULT_LOCALE, type Locale } from '@playz/domain';
import type { MessageKey } from '@playz/i18n';
import { mergeTexts, type TextTree } from './first-screen-texts';

/**
 * The values a text's `{{name}}` placeholders take; `count` also picks a plural's form. As i18next
 * did, null is written as nothing and a value not given (undefined) leaves the placeholder visible.
 */
export type TextValues = Record<string, string | number | null | undefined>;
/** A text by its key, typed against the French catalogue (CONVENTIONS §11): a mistyped key fails to compile. */
export type Translate = (key: MessageKey, values?: TextValues) => string;

function lookup(tree: TextTree | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function interpolate(text: string, values: TextValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? placeholder : value === null ? '' : String(value);
  });
}

type LanguageListener = (language: Locale) => void;

/**
 * The web's texts in the languages fetched so far, and the language spoken (decision 130: what the
 * web used of i18next, in place of its 16.9 kB gzip on the landing). The catalogues' format is
 * i18next's and stays so (the TV app and the console read them with i18next): dot paths,
 * `{{name}}` placeholders, plurals as `key_<CLDR category>` picked by `count` (and `key_zero` for a
 * count of 0), French behind every other language, and a key found nowhere shown as the key.
 */
export class Texts {
  #language: Locale;
  readonly #catalogues = new Map<Locale, TextTree>();
  readonly #listeners = new Set<LanguageListener>();
  #changingTo: Locale | undefined;

  /**
   * @param fetchTexts what a change of language awaits: the language's texts, merged into any held.
   */
  constructor(
    language: Locale,
    texts: Partial<Record<Locale, TextTree>>,
    private readonly fetchTexts: (language: Locale) => Promise<TextTree>,
  ) {
    this.#language = language;
    for (const [locale, tree] of Object.entries(texts) as Array<[Locale, TextTree]>) this.addTexts(locale, tree);
  }

  get language(): Locale {
    return this.#language;
  }

  /** The text of `key` in the language spoken, else in French, else the key itself. */
  readonly t: Translate = (key, values) => {
    const count = typeof values?.['count'] === 'number' ? values['count'] : undefined;
    const text = this.#find(this.#language, key, count) ?? this.#find(DEFAULT_LOCALE, key, count) ?? key;
    return interpolate(text, values);
  };

  #find(locale: Locale, key: string, count: number | undefined): string | undefined {
    const tree = this.#catalogues.get(locale);
    if (!tree) return undefined;
    if (count === undefined) return lookup(tree, key);
    return (
      (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ??
      lookup(tree, `${key}_${pluralCategory(locale, count)}`) ??
      lookup(tree, key)
    );
  }

  /** Whether `key` has a text in the language spoken or in French. */
  exists(key: string): boolean {
    return (this.#find(this.#language, key, undefined) ?? this.#find(DEFAULT_LOCALE, key, undefined)) !== undefined;
  }

  hasTexts(locale: Locale): boolean {
    return this.#catalogues.has(locale);
  }

  /** One text of one language as the catalogue has it (no fallback, no placeholder filled). */
  rawText(locale: Locale, key: string): string | undefined {
    return lookup(this.#catalogues.get(locale), key);
  }

  /** Adds texts to a language's, the new ones winning over the ones held. */
  addTexts(locale: Locale, tree: TextTree): void {
    const held = this.#catalogues.get(locale);
    this.#catalogues.set(locale, held ? mergeTexts(held, tree) : tree);
  }

  /**
   * Speaks `language` once its texts are in, so no screen shows keys or two languages half-way. Of
   * changes overlapping, the last asked wins.
   */
  async changeLanguage(language: Locale): Promise<void> {
    this.#changingTo = language;
    const texts = await this.fetchTexts(language);
    this.addTexts(language, texts);
    if (this.#changingTo !== language) return;
    this.#changingTo = undefined;
    if (language === this.#language) return;
    this.#language = language;
    for (const listener of this.#listeners) listener(language);
  }

  /** Calls `listener` on each change of language; returns what stops it. */
  onLanguageChanged(listener: LanguageListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
