import { describe, expect, it } from 'vitest';
import type { Access } from '@playz/domain';
import type { DeviceLeases } from './device-leases';
import { createStreamAuthority } from './stream-authority';
import type { FilesGrant } from './stream-signing';

// Decision 022 (the stream authority) and decision 054 (the subscription.changed event): a
// customer's streams follow their rights, checked again as soon as billing says they changed.
const CUSTOMER = 7;
const grant: FilesGrant = {
  kind: 'manifests',
  prefix: 'clips/aurora',
  expiresAt: 4_000_000_000,
  sessionId: 'session-a',
  customerId: CUSTOMER,
  usage: 'View',
  segmentRange: null,
  player: 'content',
};

function authorityWith(rights: { access: Access[] }) {
  const leases = { renew: async () => true, take: async () => undefined } as unknown as DeviceLeases;
  return createStreamAuthority({
    liveSessions: async (ids) => new Set(ids),
    accessOf: async () => rights.access,
    leases,
    now: () => new Date('2026-11-29T10:00:00Z'),
  });
}

describe('stream authority and a change of rights (spec 3 §4 Access rules)', () => {
  it('keeps what it read for a few seconds: a refund alone is seen at the next check', async () => {
    const rights = { access: ['service'] as Access[] };
    const authority = authorityWith(rights);
    expect(await authority.allows(grant)).toBe(true);
    rights.access = [];
    expect(await authority.allows(grant)).toBe(true);
  });

  it('reads the rights again at once when told they changed, for that customer only', async () => {
    const rights = { access: ['service'] as Access[] };
    const authority = authorityWith(rights);
    expect(await authority.allows(grant)).toBe(true);
    expect(await authority.allowsSegments({ ...grant, kind: 'segments' })).toBe(true);
    rights.access = [];
    authority.rightsChanged(CUSTOMER + 1);
    expect(await authority.allows(grant)).toBe(true);
    authority.rightsChanged(CUSTOMER);
    expect(await authority.allowsSegments({ ...grant, kind: 'segments' })).toBe(false);
    expect(await authority.allows(grant)).toBe(false);
  });
});
