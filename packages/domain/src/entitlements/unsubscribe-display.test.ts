import { describe, expect, it } from 'vitest';
import { billingTypesAvailableOn } from './unsubscribe';
import { subscriptionDisplay } from './unsubscribe-display';

const now = new Date('2026-11-22T12:00:00Z');
const future = '2026-12-12T00:00:00.000Z';
const past = '2026-11-01T00:00:00.000Z';
const web = billingTypesAvailableOn('Web');
const sub = (status: string, expirationDate = future, billingType = 'CreditCard') => ({
  billingType,
  status,
  subscriber: true,
  expirationDate,
});

describe('account display of a subscription (spec 3 §4 Display)', () => {
  it('to-renew shows the next term and the unsubscribe button', () => {
    expect(subscriptionDisplay(sub('ToRenew'), web, now)).toEqual({
      status: 'toRenew',
      isValid: true,
      nextTermDate: future,
      accessUntil: null,
      canUnsubscribe: true,
    });
  });

  it('a paid subscription renews too: the button and the next term (decision 025)', () => {
    const paid = sub('Paid');
    expect(subscriptionDisplay(paid, web, now)).toMatchObject({
      status: 'active',
      nextTermDate: paid.expirationDate,
      canUnsubscribe: true,
    });
  });

  it.each([
    ['Cancelled', 'cancelled'],
    ['Refunded', 'refunded'],
  ] as const)("%s shows 'cancelled, access until date' and no button", (status, kind) => {
    expect(subscriptionDisplay(sub(status), web, now)).toEqual({
      status: kind,
      isValid: true,
      nextTermDate: null,
      accessUntil: future,
      canUnsubscribe: false,
    });
  });

  it('a cancelled subscription past its date is no longer valid but keeps the date it ended', () => {
    expect(subscriptionDisplay(sub('Cancelled', past), web, now)).toMatchObject({ isValid: false, accessUntil: past });
  });

  it('a subscription billed by a store of another device shows no button here', () => {
    expect(subscriptionDisplay(sub('ToRenew', future, 'GooglePlay'), web, now).canUnsubscribe).toBe(false);
  });

  it('a to-renew subscription past its date has no next term to show', () => {
    expect(subscriptionDisplay(sub('ToRenew', past), web, now)).toMatchObject({ isValid: false, nextTermDate: null });
  });
});
