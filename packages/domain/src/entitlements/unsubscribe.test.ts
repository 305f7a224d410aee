import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../constants';
import { isSubscriptionValid, PURCHASE_STATUSES } from './subscription-validity';
import {
  BILLING_TYPES,
  billingTypesAvailableOn,
  canUnsubscribe,
  unsubscribeDecision,
  unsubscribed,
} from './unsubscribe';

const web = billingTypesAvailableOn('Web');

describe('billing types available per platform (spec 3 §4)', () => {
  it.each([
    ['Web', ['Wap2', 'CrossScreen', 'CreditCard', 'Paypal', 'Dummy']],
    ['Tizen', ['SamsungCheckout', 'Dummy']],
    ['OrangeSTB', ['OrangeAppshopTV', 'Dummy']],
    ['AndroidTV', ['GooglePlay', 'BAchat', 'Dummy']],
    ['FireOS', ['AmazonPay', 'Dummy']],
    ['XBox', ['Dummy']],
  ] as const)('%s: %j', (platform, expected) => {
    expect(billingTypesAvailableOn(platform)).toEqual(expected);
  });

  it('lets a client narrow its platform list (Android TV BBox variant) but never widen it', () => {
    expect(billingTypesAvailableOn('AndroidTV', ['BAchat'])).toEqual(['BAchat', 'Dummy']);
    expect(billingTypesAvailableOn('Web', ['SamsungCheckout', 'CreditCard'])).toEqual(['CreditCard', 'Dummy']);
  });

  it('always adds Dummy, whatever the client declares (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLATFORMS), fc.array(fc.constantFrom(...BILLING_TYPES)), (platform, declared) => {
        const available = billingTypesAvailableOn(platform, declared);
        expect(available).toContain('Dummy');
        expect(available.every((t) => t === 'Dummy' || billingTypesAvailableOn(platform).includes(t))).toBe(true);
      }),
    );
  });
});

describe('unsubscribe allowed (spec 3 §4 Unsubscribe, §6 "cancellable on an available billing type")', () => {
  it.each(['Paid', 'ToRenew', 'Renewed'])('a %s credit-card subscription may be unsubscribed on the web', (status) => {
    expect(canUnsubscribe({ billingType: 'CreditCard', status }, web)).toBe(true);
    expect(unsubscribeDecision({ billingType: 'CreditCard', status }, web)).toBe('cancel');
  });

  it.each(['Cancelled', 'Refunded'])('not when it is already %s: nothing is left to stop', (status) => {
    expect(canUnsubscribe({ billingType: 'CreditCard', status }, web)).toBe(false);
    expect(unsubscribeDecision({ billingType: 'CreditCard', status }, web)).toBe('alreadyEnded');
  });

  it('not when its billing type is not available on this device (Samsung checkout on the web)', () => {
    const samsung = { billingType: 'SamsungCheckout', status: 'Paid' };
    expect(canUnsubscribe(samsung, web)).toBe(false);
    expect(unsubscribeDecision(samsung, web)).toBe('notOnThisPlatform');
    expect(canUnsubscribe(samsung, billingTypesAvailableOn('Tizen'))).toBe(true);
  });

  it('a Dummy subscription may be unsubscribed on every platform', () => {
    for (const platform of PLATFORMS) {
      expect(canUnsubscribe({ billingType: 'Dummy', status: 'Paid' }, billingTypesAvailableOn(platform))).toBe(true);
    }
  });

  it.each(['PreOrder', 'Error'])('refuses %s, which never gave access (decision 004)', (status) => {
    expect(unsubscribeDecision({ billingType: 'CreditCard', status }, web)).toBe('notRenewing');
  });

  it('is never allowed for Cancelled or Refunded, nor off the platform list (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PURCHASE_STATUSES),
        fc.constantFrom(...BILLING_TYPES),
        fc.constantFrom(...PLATFORMS),
        (status, billingType, platform) => {
          const available = billingTypesAvailableOn(platform);
          if (canUnsubscribe({ billingType, status }, available)) {
            expect(['Cancelled', 'Refunded']).not.toContain(status);
            expect(available).toContain(billingType);
          }
        },
      ),
    );
  });
});

describe('unsubscribing keeps access until the expiration date (spec 3 §4 Validity)', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('turns a Paid subscription Cancelled with the same expiration date', () => {
    const paid = {
      billingType: 'CreditCard',
      status: 'Paid',
      subscriber: true,
      expirationDate: '2026-12-12T00:00:00Z',
    };
    expect(unsubscribed(paid, web)).toEqual({ ...paid, status: 'Cancelled' });
  });

  it('is idempotent: unsubscribing twice equals once (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PURCHASE_STATUSES), fc.constantFrom(...BILLING_TYPES), (status, billingType) => {
        const once = unsubscribed({ billingType, status }, web);
        expect(unsubscribed(once, web)).toEqual(once);
      }),
    );
  });

  it('never gives nor takes access at any instant (property)', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.constantFrom(...PURCHASE_STATUSES),
        fc.boolean(),
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: -90 * day, max: 90 * day }),
        (status, subscriber, expiresInDays, offset) => {
          const expirationDate = new Date(now.getTime() + expiresInDays * day).toISOString();
          const before = { billingType: 'CreditCard', status, subscriber, expirationDate };
          const after = unsubscribed(before, web);
          const at = new Date(now.getTime() + offset);
          expect(isSubscriptionValid(after, at)).toBe(isSubscriptionValid(before, at));
        },
      ),
    );
  });
});
