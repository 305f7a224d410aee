import { describe, expect, it } from 'vitest';
import { isSubscriptionValid } from './subscription-validity';
import { canPlay, hasFullAccess, playbackUsage, productAccessOf } from './product-access';

const now = new Date('2026-11-22T12:00:00Z');
const future = '2026-12-01T00:00:00Z';
const past = '2026-11-01T00:00:00Z';

describe('subscription validity (spec 3 §4 Validity)', () => {
  it('is valid only for a subscriber', () => {
    expect(isSubscriptionValid({ subscriber: false, status: 'Paid', expirationDate: future }, now)).toBe(false);
    expect(isSubscriptionValid({ subscriber: true, status: 'Paid', expirationDate: future }, now)).toBe(true);
  });
  it.each(['Cancelled', 'Refunded', 'ToRenew'])('%s stays valid until the expiration date only', (status) => {
    expect(isSubscriptionValid({ subscriber: true, status, expirationDate: future }, now)).toBe(true);
    expect(isSubscriptionValid({ subscriber: true, status, expirationDate: past }, now)).toBe(false);
  });
  it.each(['PreOrder', 'Error', 'Unsubscription'])('%s never gives access', (status) => {
    expect(isSubscriptionValid({ subscriber: true, status, expirationDate: future }, now)).toBe(false);
  });
});

describe('product access and players (spec 2 §4 Access to play, spec 3 §4 Access rules)', () => {
  const sub = (product: string, expirationDate = future) => ({
    subscriber: true,
    status: 'Paid',
    expirationDate,
    product,
  });

  it('demo access (hasFullAccess) gives everything, unlimited or until its date', () => {
    expect(hasFullAccess({ expiresAt: null }, now)).toBe(true);
    expect(productAccessOf([], { expiresAt: future }, now)).toEqual(['service', 'replay', 'video']);
    expect(productAccessOf([], { expiresAt: past }, now)).toEqual([]);
  });
  it('maps products to access types', () => {
    expect(productAccessOf([sub('Service')], null, now)).toEqual(['service']);
    expect(productAccessOf([sub('ReplaySubscription')], null, now)).toEqual(['replay']);
    expect(productAccessOf([sub('Video'), sub('Service', past)], null, now)).toEqual(['video']);
  });
  it('live, content and list players need service or replay; episodes need service or video', () => {
    expect(canPlay('content', ['replay'])).toBe(true);
    expect(canPlay('live', ['video'])).toBe(false);
    expect(canPlay('episode', ['video'])).toBe(true);
    expect(canPlay('episode', ['replay'])).toBe(false);
    expect(canPlay('list', ['service'])).toBe(true);
  });
  it('asks Preview usage instead of View without access', () => {
    expect(playbackUsage('content', [])).toBe('Preview');
    expect(playbackUsage('content', ['service'])).toBe('View');
  });
});
