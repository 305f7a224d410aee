import { describe, expect, it } from 'vitest';
import { withdrawalDeadline } from './terms';

const start = new Date('2026-11-01T10:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * 24 * 3600 * 1000);

describe('spec 3 §1 withdrawal of 14 days (decision 083)', () => {
  it('a paid first term may be withdrawn until 14 days after its start, not at that instant', () => {
    const paid = { status: 'Paid', startedAt: start, firstChargeCents: 499 };
    expect(withdrawalDeadline(paid, at(0))?.toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(withdrawalDeadline(paid, at(13.99))?.toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(withdrawalDeadline(paid, at(14))).toBeNull();
    expect(withdrawalDeadline(paid, at(20))).toBeNull();
  });

  it('a free first period, a subscription without its billing, a renewed, cancelled or refunded term: no withdrawal', () => {
    expect(withdrawalDeadline({ status: 'Paid', startedAt: start, firstChargeCents: 0 }, at(1))).toBeNull();
    expect(withdrawalDeadline({ status: 'Paid', startedAt: start, firstChargeCents: null }, at(1))).toBeNull();
    for (const status of ['Renewed', 'ToRenew', 'Cancelled', 'Refunded'])
      expect(withdrawalDeadline({ status, startedAt: start, firstChargeCents: 499 }, at(1))).toBeNull();
  });
});
