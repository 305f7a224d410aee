import { createSecretBox } from '../../lib/secret-box';
import type { SsoRepository } from './sso.repository';

/** Key purpose of the providers' grant tokens (one derived key per use). */
const GRANT_PURPOSE = 'sso-grant-token';
/** Marks a sealed token: tokens kept before decision 086 have none and are sealed at start. */
const SEALED = 's1.';

/**
 * The providers' refresh tokens revoke the person's grant when the account is deleted (decision
 * 079). They are as good as a password at the provider, so they are kept sealed with a key
 * derived from the server secret (decision 086): a copy of the database alone does not give them.
 */
export function createSealedGrants(serverSecret: string) {
  const box = createSecretBox(serverSecret, GRANT_PURPOSE);
  return {
    seal: (token: string | null) => (token === null ? null : SEALED + box.seal(token)),
    /** null for a token sealed with another secret or altered: it can no longer revoke anything. */
    open: (kept: string | null) => {
      if (kept === null) return null;
      return kept.startsWith(SEALED) ? box.open(kept.slice(SEALED.length)) : kept;
    },
    /** Seals what an earlier version kept in clear; safe to run on every node at once. */
    async sealKeptInClear(repo: SsoRepository): Promise<number> {
      const rows = await repo.grantsToSeal(SEALED);
      for (const row of rows)
        await repo.replaceGrant(row.provider, row.subject, row.revoke_token!, SEALED + box.seal(row.revoke_token!));
      return rows.length;
    },
  };
}
export type SealedGrants = ReturnType<typeof createSealedGrants>;
