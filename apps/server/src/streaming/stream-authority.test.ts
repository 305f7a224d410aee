import { describe, expect, it } from 'vitest';
import type { Access } from '@playz/domain';
import type { DeviceLeases } from './device-leases';
import { createStreamAuthority } from './stream-authority';
import type { FilesGrant, LiveGrant } from './stream-signing';

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

// Decision 112: a live reload answered from memory reads its session's state again behind it.
const liveGrant: LiveGrant = {
  kind: 'live',
  channelId: 1,
  window: 'live',
  fromMs: 0,
  toMs: 0,
  expiresAt: 4_000_000_000,
  sessionId: 'session-live',
  customerId: CUSTOMER,
  usage: 'View',
  contentId: null,
};

/** An authority whose session look-ups wait until the test answers them, on a clock it moves. */
function authorityOnHold() {
  const clock = { ms: Date.parse('2026-11-29T10:00:00Z') };
  const alive = new Set(['session-live']);
  const held: (() => void)[] = [];
  const leases = { renew: async () => true, take: async () => undefined } as unknown as DeviceLeases;
  let holding = false;
  const authority = createStreamAuthority({
    liveSessions: (ids) => {
      const answer = new Set(ids.filter((id) => alive.has(id)));
      if (!holding) return Promise.resolve(answer);
      return new Promise((resolve) => held.push(() => resolve(answer)));
    },
    accessOf: async () => ['service'] as Access[],
    leases,
    now: () => new Date(clock.ms),
  });
  return {
    authority,
    clock,
    alive,
    hold: () => void (holding = true),
    /** Lets the held look-ups answer (what they read when they were asked) and their callers run. */
    release: async () => {
      holding = false;
      while (held.length) held.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
    /** Waits for the read started behind a reload (it starts on the next turn). */
    turn: () => new Promise((resolve) => setImmediate(resolve)).then(() => new Promise((r) => setImmediate(r))),
  };
}

describe('spec 2 §7 live reloads from memory and the session read behind them (decision 112)', () => {
  it('spec 2 §7 a reload past 1.5 s reads the state again, so it stays in memory past the 5 s it used to last', async () => {
    const { authority, clock, turn } = authorityOnHold();
    expect(await authority.allows(liveGrant)).toBe(true);
    for (let step = 0; step < 8; step++) {
      clock.ms += 1600;
      expect(authority.allowsFromMemory(liveGrant)).toBe(true);
      await turn();
    }
  });

  it('spec 2 §7 a session ended elsewhere (no event here) is refused from the next reload after the read', async () => {
    const { authority, clock, alive, turn } = authorityOnHold();
    expect(await authority.allows(liveGrant)).toBe(true);
    clock.ms += 1600;
    expect(authority.allowsFromMemory(liveGrant)).toBe(true);
    alive.delete('session-live');
    await turn();
    expect(authority.allowsFromMemory(liveGrant)).toBe(false);
    expect(await authority.allows(liveGrant)).toBe(false);
  });

  it('spec 2 §7 a read begun before a log-out never brings the session back', async () => {
    const { authority, clock, hold, release } = authorityOnHold();
    expect(await authority.allows(liveGrant)).toBe(true);
    hold();
    clock.ms += 1600;
    // The read starts behind this reload, and answers "alive" as it was asked before the log-out.
    expect(authority.allowsFromMemory(liveGrant)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    authority.sessionsEnded({ customerId: CUSTOMER });
    await release();
    expect(authority.allowsFromMemory(liveGrant)).toBeUndefined();
  });

  it('spec 2 §7 a read begun before a stop never brings the stopped device back', async () => {
    const { authority, clock, hold, release } = authorityOnHold();
    expect(await authority.allows(liveGrant)).toBe(true);
    hold();
    clock.ms += 1600;
    expect(authority.allowsFromMemory(liveGrant)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    authority.streamStopped('session-live');
    await release();
    expect(authority.allowsFromMemory(liveGrant)).toBeUndefined();
    expect(await authority.allows(liveGrant)).toBe(false);
  });
});
