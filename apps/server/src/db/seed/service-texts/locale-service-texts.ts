import type { ServiceTextPage, ServiceTextPageName } from '@playz/api-contract';
import type { AppTexts } from '../../../modules/service/app-texts';

/** One locale's service pages and, except French, its application texts (demo-service-texts.ts). */
export interface LocaleServiceTexts {
  pages: Record<ServiceTextPageName, ServiceTextPage>;
  /** Absent for French: the application data is French already. */
  app?: AppTexts;
}
