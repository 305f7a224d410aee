import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const ENTRY = '\0catalogue-split-entry';
/** Texts found only in one catalogue each (player.ratingBadge). */
const ONLY_IN = {
  en: 'Not advised for under-{{age}}s',
  nl: 'Afgeraden onder de {{age}} jaar',
  es: 'No recomendado para menores de {{age}} años',
};

/** The JavaScript an entry loads before anything lazy: its chunk and the chunks it imports. */
function staticCode(output: Rolldown.RolldownOutput['output']): string {
  const chunks = new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of chunks.get(file)?.imports ?? []) visit(dep);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen].map((file) => chunks.get(file)?.code ?? '').join('\n');
}

describe('catalogues fetched per language (spec 1 §4 language choice, decision 098)', () => {
  it('a page that imports from @playz/i18n’s index and French loads no other catalogue until it asks for it', async () => {
    // What the web's pages do: purchaseLabelKey from the index (the player pages, billing),
    // French from its own module (lib/i18n.ts), English on demand.
    const result = (await build({
      configFile: false,
      root: path.resolve(import.meta.dirname, '../..'),
      logLevel: 'silent',
      build: { write: false, minify: false, rolldownOptions: { input: ENTRY } },
      plugins: [
        {
          name: 'catalogue-split-entry',
          resolveId: (id) => (id === ENTRY ? ENTRY : null),
          load: (id) =>
            id === ENTRY
              ? `import { purchaseLabelKey } from '@playz/i18n';
                 import { fr } from '@playz/i18n/fr';
                 console.log(purchaseLabelKey, fr);
                 void import('@playz/i18n/en').then((module) => console.log(module.en));`
              : null,
        },
      ],
    })) as Rolldown.RolldownOutput;
    const loaded = staticCode(result.output);
    expect(loaded).toContain('Déconseillé aux moins de');
    for (const text of Object.values(ONLY_IN)) expect(loaded).not.toContain(text);
    // English is still there, in a chunk of its own.
    const all = result.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
    expect(all).toContain(ONLY_IN.en);
  }, 60_000);
});
