import { describe, expect, it } from 'vitest';
import { createPaidMessages } from '../../adapters/paid-messages';
import { createMemoryRateLimitStore, createRateLimiter } from '../../lib/rate-limiter';
import type { RecoveryRepository } from './recovery.repository';
import { createRecoveryService } from './recovery.service';

// Forgot password must not tell a known e-mail from an unknown one, by its answer or by how long
// the answer takes: nothing about the address (lookup, secret, mail) happens before the answer.
// The timing itself is measured by the bench (bench/src/recovery/forgot-password-timing.ts).
describe('forgot password answers before anything about the address is done', () => {
  it('a known and an unknown e-mail: the same answer, first; the lookup, the secret and the mail after', async () => {
    const events: string[] = [];
    const repo = {
      findCustomerByLogin: async (login: string) => {
        events.push('lookup');
        return login === 'demo@playz.fr' ? { id: 7, login, locale: 'fr' } : undefined;
      },
      replaceResetSecret: async () => void events.push('secret'),
    } as unknown as RecoveryRepository;
    const now = () => new Date('2026-11-25T08:00:00Z');
    const limiter = createRateLimiter(createMemoryRateLimitStore(), () => now().getTime());
    const service = createRecoveryService({
      repo,
      messages: createPaidMessages({
        sms: { send: async () => {} },
        mail: { send: async (mail) => void events.push(`mail to ${mail.to}`) },
        limiter,
        now: () => now().getTime(),
      }),
      limiter,
      publicUrl: 'http://localhost:3000',
      log: { error: () => {} },
      endSessions: async () => {},
      now,
    });
    const ask = async (email: string) => {
      events.length = 0;
      const answer = await service.forgotPassword(email, '198.51.100.7');
      events.push(`answer ${JSON.stringify(answer)}`);
      await service.drain();
      return [...events];
    };
    expect(await ask('demo@playz.fr')).toEqual(['answer {"Result":true}', 'lookup', 'secret', 'mail to demo@playz.fr']);
    expect(await ask('nobody@playz.fr')).toEqual(['answer {"Result":true}', 'lookup']);
  });
});
