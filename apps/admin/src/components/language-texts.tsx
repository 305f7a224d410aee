import { CATALOGUE_LANGUAGES } from '@playz/api-contract/admin';
import { Fragment } from 'react';
import { useT, type Translate } from '@/i18n/use-t';

export type TextLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** One text of each language: its label (given the language's name), its size, one line or several. */
export type LanguageTextField<F extends string> = {
  name: F;
  label: (languageName: string) => string;
  maxLength: number;
  /** Rows of a text area; a single-line input without. */
  rows?: number;
};

/** The catalogue's title and synopsis, as a content and a series have them. */
export const titleAndSynopsis = (t: Translate) =>
  [
    { name: 'title', label: (language: string) => t('catalogue.titleIn', { language }), maxLength: 200 },
    {
      name: 'synopsis',
      label: (language: string) => t('catalogue.synopsisIn', { language }),
      maxLength: 4000,
      rows: 3,
    },
  ] as const;

/** The texts with one language's field changed: what an editor keeps in its state. */
export function withText<F extends string, V extends Record<F, string>>(
  texts: Record<TextLanguage, V>,
  language: TextLanguage,
  field: F,
  text: string,
): Record<TextLanguage, V> {
  return { ...texts, [language]: { ...texts[language], [field]: text } };
}

/**
 * The same texts in the four languages (French first, the service's), as every editor of the console
 * writes them: contents, series, collections, live events, home rows. French's first text is the
 * one required: the apps fall back to French (decision 105). `grouped` puts each language's texts in
 * a fieldset with the language as its legend; otherwise they follow one another, each labelled with
 * its language.
 */
export function LanguageTexts<F extends string>(props: {
  fields: readonly LanguageTextField<F>[];
  value: Record<TextLanguage, Record<F, string>>;
  onChange: (language: TextLanguage, field: F, text: string) => void;
  /** The language's name in the labels; the catalogue's names by default. */
  languageName?: (language: TextLanguage) => string;
  grouped?: boolean;
  /** A wrapper around the languages (for a grid); none without. */
  className?: string;
}) {
  const t = useT();
  const nameOf = props.languageName ?? ((language: TextLanguage) => t(`catalogue.language.${language}`));
  const grouped = props.grouped ?? true;
  const languages = CATALOGUE_LANGUAGES.map((language) => {
    const languageName = nameOf(language);
    const fields = props.fields.map((field, index) => (
      <label key={field.name} lang={grouped ? undefined : language}>
        {field.label(languageName)}
        {field.rows ? (
          <textarea
            rows={field.rows}
            maxLength={field.maxLength}
            required={language === 'fr' && index === 0}
            value={props.value[language][field.name]}
            onChange={(e) => props.onChange(language, field.name, e.target.value)}
          />
        ) : (
          <input
            maxLength={field.maxLength}
            required={language === 'fr' && index === 0}
            value={props.value[language][field.name]}
            onChange={(e) => props.onChange(language, field.name, e.target.value)}
          />
        )}
      </label>
    ));
    return grouped ? (
      <fieldset key={language} lang={language}>
        <legend>{languageName}</legend>
        {fields}
      </fieldset>
    ) : (
      <Fragment key={language}>{fields}</Fragment>
    );
  });
  return props.className ? <div className={props.className}>{languages}</div> : <>{languages}</>;
}
