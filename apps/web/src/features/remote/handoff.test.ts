import { describe, expect, it } from 'vitest';
import { handoffOf } from './handoff';

const ORIGIN = 'https://playz.fr';
const page = (url: string) => `/subscribe?handoff=${encodeURIComponent(url)}`;

describe('the step a TV hands to the phone (beyond the spec, decision 034 Apps)', () => {
  it('opens our billing link page that the TV offers', () => {
    expect(handoffOf(page('https://playz.fr/billing/link/tok-1'), ORIGIN)).toBe('/billing/link/tok-1');
    expect(handoffOf(page('https://playz.fr/customer/link?code=ABCD2345'), ORIGIN)).toBe(
      '/customer/link?code=ABCD2345',
    );
  });

  it('ignores another origin, another page of ours, and a TV page without an offer', () => {
    expect(handoffOf(page('https://evil.example/billing/link/tok-1'), ORIGIN)).toBeNull();
    expect(handoffOf(page('https://playz.fr/customer/account'), ORIGIN)).toBeNull();
    expect(handoffOf(page('javascript:alert(1)'), ORIGIN)).toBeNull();
    expect(handoffOf('/subscribe', ORIGIN)).toBeNull();
    expect(handoffOf(null, ORIGIN)).toBeNull();
  });
});
