import { describe, expect, it } from 'vitest';
import { createSealedGrants } from './sealed-grants';
import type { SsoRepository } from './sso.repository';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('provider grant tokens kept sealed (decision 086)', () => {
  it('seals and opens a token; another secret or an altered value opens to null', () => {
    const grants = createSealedGrants(SECRET);
    const sealed = grants.seal('r.refresh-token-of-apple')!;
    expect(sealed.startsWith('s1.')).toBe(true);
    expect(sealed).not.toContain('refresh-token');
    expect(grants.open(sealed)).toBe('r.refresh-token-of-apple');
    expect(createSealedGrants(`${SECRET}-other`).open(sealed)).toBeNull();
    expect(grants.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(grants.seal(null)).toBeNull();
    expect(grants.open(null)).toBeNull();
  });

  it('a token kept in clear by an earlier version is read as it is, then sealed in place once', async () => {
    const grants = createSealedGrants(SECRET);
    const rows = [
      { provider: 'apple', subject: 'apple-1', revoke_token: 'r.kept-in-clear' as string | null },
      { provider: 'google', subject: 'google-1', revoke_token: grants.seal('already') },
    ];
    const repo = {
      async grantsToSeal(prefix: string) {
        return rows.filter((r) => r.revoke_token !== null && !r.revoke_token.startsWith(prefix));
      },
      async replaceGrant(provider: string, subject: string, before: string, after: string) {
        const row = rows.find((r) => r.provider === provider && r.subject === subject && r.revoke_token === before);
        if (row) row.revoke_token = after;
      },
    } as unknown as SsoRepository;
    expect(grants.open('r.kept-in-clear')).toBe('r.kept-in-clear');
    expect(await grants.sealKeptInClear(repo)).toBe(1);
    expect(rows[0]!.revoke_token).toMatch(/^s1\./);
    expect(grants.open(rows[0]!.revoke_token)).toBe('r.kept-in-clear');
    expect(grants.open(rows[1]!.revoke_token)).toBe('already');
    expect(await grants.sealKeptInClear(repo)).toBe(0);
  });
});
