import type { Plugin } from 'vite';
import { fr } from '@playz/i18n/fr';
import { en } from '@playz/i18n/en';
import { nl } from '@playz/i18n/nl';
import { es } from '@playz/i18n/es';
import { splitTexts, type TextTree } from '../lib/first-screen-texts.ts';

const PREFIX = 'virtual:web-texts/';
const catalogues: Record<string, TextTree> = { fr, en, nl, es };

/**
 * `virtual:web-texts/<locale>/<first|screens>`: one language's first-screen texts, or the rest the
 * web shows, as a module of its own (decision 122). The shared catalogues (`@playz/i18n`, read as
 * they are by the TV app, the console and the server's mails) stay one object per language; the web
 * splits them here at build time, since a bundler cannot drop an object literal's unused keys.
 */
export function webTexts(): Plugin {
  return {
    name: 'playz-web-texts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale = '', part = ''] = id.slice(PREFIX.length + 1).split('/');
      const catalogue = catalogues[locale];
      if (!catalogue || (part !== 'first' && part !== 'screens')) throw new Error(`no texts ${id.slice(1)}`);
      return `export default ${JSON.stringify(splitTexts(catalogue, part))};`;
    },
  };
}
