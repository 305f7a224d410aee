import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';
import { noTrackerCitations } from './tools/eslint/no-tracker-citations.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { playz: { rules: { boundaries, 'no-tracker-citations': noTrackerCitations } } },
    rules: {
      'playz/boundaries': 'error',
      'playz/no-tracker-citations': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'apps/tv/**/*.{ts,tsx}',
      'packages/player/**/*.ts',
      'packages/ui/**/*.{ts,tsx}',
      'packages/api-client/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web's texts are its own formatter's (apps/web/src/lib/texts.ts, decision 130): i18next and
    // react-i18next were 16 kB gzip of the landing's script. The TV app and the console keep them.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'i18next', message: "The web's texts: @/lib/i18n and @/lib/use-translation (decision 130)." },
            { name: 'react-i18next', message: "The web's texts: @/lib/use-translation (decision 130)." },
            // react-router's data router was 17 kB gzip of the landing's script: the web renders the
            // declarative router (app/app-router.tsx), whose pages these would crash (decision 132).
            {
              name: 'react-router',
              importNames: [
                'createBrowserRouter',
                'createHashRouter',
                'createMemoryRouter',
                'RouterProvider',
                'ScrollRestoration',
                'useRouteError',
                'useNavigation',
                'useMatches',
                'useLoaderData',
                'useActionData',
                'useFetcher',
                'useBlocker',
                'useRevalidator',
              ],
              message: "The web's router is @/app/app-router, declarative (decision 132).",
            },
            { name: 'react-router/dom', message: "The web's router is @/app/app-router, declarative (decision 132)." },
          ],
        },
      ],
    },
  },
  {
    // The stand-ins' code loads only in the demo mode, through one dynamic import
    // (apps/server/src/modules/billing/providers/stand-ins.ts, decision 047); types may be shared.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playz/provider-sandbox',
              message: 'Only the demo mode loads the stand-ins: use loadStandIns() (decision 047).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
