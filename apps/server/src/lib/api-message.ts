import { apiErrorMessageKey, translate } from '@playz/i18n';

/** The message of an error number in the viewer's language (fr by default), spec 1 §8. */
export function localizedApiMessage(number: number, locale: string): string {
  return translate(locale, apiErrorMessageKey(number));
}
