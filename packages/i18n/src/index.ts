// @playz/i18n: message catalogues in fr (source of truth), en, nl and es (CONVENTIONS §11),
// in i18next format, plus a small translate() for the server.
export { SUPPORTED_LOCALES, DEFAULT_LOCALE, type Locale } from '@playz/domain';
export { fr, type Messages } from './fr';
export { en } from './en';
export { nl } from './nl';
export { es } from './es';
export type { MessageKey } from './message-key';
export { messages, translate, type TranslateVars } from './translate';
export { apiErrorMessageKey } from './api-error-message-key';
export { purchaseLabelKey } from './purchase-label-key';
