import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types, loaded by eslint.config.js
import { noTrackerCitations } from './no-tracker-citations.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    ecmaVersion: 2023,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});
// Built from parts, so this file itself holds no citation for the rule to find.
const cite = (n: number | string, word = 'issue') => `${word} ${n}`;
const error = [{ messageId: 'trackerCitation' }];

describe('playz/no-tracker-citations (CONVENTIONS 10: cite the decision, not the tracker)', () => {
  tester.run('no-tracker-citations', noTrackerCitations, {
    valid: [
      { code: '// Reset links live 20 minutes (decision 011).\nconst ttl = 20;' },
      { code: "describe('sign out everywhere (decision 009, beyond the spec)', () => {});" },
      { code: "const heading = '## Signed stream URLs: issue and verify';" },
      { code: '/** One issue and one verify together; spec 2 §7. */\nexport const x = 1;' },
      { code: `const issues = [1, 2];\nconst ${'issue'}1 = issues[0];` },
      { code: 'const a = <p>Any issue? Call us on 3615.</p>;' },
    ],
    invalid: [
      { code: `// A new password ends the other sessions (${cite(3)}).\nconst x = 1;`, errors: error },
      {
        code: `/**\n * Counters are bounded (${cite(10)}): callers choose the keys.\n */\nconst x = 1;`,
        errors: error,
      },
      { code: `/** Bounded (${'issue'}\n * 10): callers choose the keys. */\nconst x = 1;`, errors: error },
      { code: `describe('zapping (${cite(8)}: instant channel change)', () => {});`, errors: error },
      { code: `it('${cite(12, 'Issue')}: a node that dies is replaced', () => {});`, errors: error },
      { code: `const goal = \`Goal ≥ \${0.85}× (${cite(12)})\`;`, errors: error },
      { code: `const note = 'see ${cite('#4')}';`, errors: error },
      { code: `// Both flows (${cite('3 and 9', 'issues')}).\nconst x = 1;`, errors: error },
      { code: `const a = <p>Beyond the spec (${cite(11)})</p>;`, errors: error },
      { code: `// Since ${'issue'}-10 the check runs first.\nconst x = 1;`, errors: error },
    ],
  });
});
