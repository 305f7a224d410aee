import 'i18next';
import type { Messages } from '@playz/i18n';

// Message keys are checked at compile time against the French catalogue (CONVENTIONS §11).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
