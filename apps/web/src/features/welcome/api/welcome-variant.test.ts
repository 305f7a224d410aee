import { describe, expect, it } from 'vitest';
import { welcomeVariantOf } from './welcome-variant';

const base = { logged: true, login: 'a@b.fr', hasDomainMailbox: false, demoCampaign: null, hasValidSubscription: true };
const demo = { id: 1, name: 'Essai', durationDays: 7, expirationDate: '2030-01-01T00:00:00Z' };

describe('welcome variants (spec 1 §2, spec 3 §2)', () => {
  it('follows the account: own login, mailbox, social, no account, demo', () => {
    expect(welcomeVariantOf(base, null, null)).toBe('login');
    expect(welcomeVariantOf({ ...base, hasDomainMailbox: true }, null, null)).toBe('mailbox');
    expect(welcomeVariantOf(base, 'Google', null)).toBe('social');
    expect(welcomeVariantOf({ ...base, logged: false, login: null }, null, null)).toBe('anonymous');
    expect(welcomeVariantOf({ ...base, demoCampaign: demo, hasValidSubscription: false }, null, null)).toBe('demo');
  });

  it('lets ?debug=1..5 force a variant, and ignores other values', () => {
    expect(['1', '2', '3', '4', '5'].map((debug) => welcomeVariantOf(base, null, debug))).toEqual([
      'login',
      'mailbox',
      'social',
      'anonymous',
      'demo',
    ]);
    expect(welcomeVariantOf(base, null, '6')).toBe('login');
    expect(welcomeVariantOf(base, null, 'x')).toBe('login');
    expect(welcomeVariantOf(base, null, '0')).toBe('login');
  });
});
