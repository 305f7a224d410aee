import { describe, expect, it } from 'vitest';
import type { ProviderBilling } from '../payment-provider';
import { creditCardConfig } from './config';
import { eventOfIpn } from './callback.routes';
import { nextTransId, paymentForm } from './payment-form';
import { cardPaymentEvent } from './payment-events';
import { renewalOrderId } from './provider';
import { isFieldsSignatureValid } from './signature';

const config = creditCardConfig({}, 'http://localhost:3000', true)!;
const NOW = new Date('2026-03-10T08:15:30.250Z');
const billing = (over: Partial<ProviderBilling> = {}): ProviderBilling => ({
  id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  kind: 'Subscription',
  amountCents: 799,
  currency: 'EUR',
  trialDays: 0,
  offer: {
    id: 11,
    productId: 1,
    name: 'Playz Mensuel',
    durationUnit: 'Month',
    durationCount: 1,
    renewalPriceCents: 799,
  },
  customer: { id: 7, login: 'client@exemple.fr' },
  msisdn: null,
  operatorId: null,
  returnUrl: 'http://localhost:3000/billing/return/a1b2c3d4e5f6a1b2c3d4e5f6',
  providerRef: null,
  subscriptionRef: null,
  ...over,
});
const form = (b: ProviderBilling) =>
  paymentForm(b, config, { publicUrl: 'http://localhost:3000', now: NOW, transId: '123456' });

describe('credit card payment form (decision 026)', () => {
  it('a paid subscription registers the card and pays its first term: REGISTER_PAY, no processor schedule', () => {
    const f = form(billing());
    expect(f).toMatchObject({
      vads_page_action: 'REGISTER_PAY',
      vads_amount: '799',
      vads_currency: '978',
      vads_ctx_mode: 'TEST',
      vads_action_mode: 'INTERACTIVE',
      vads_payment_config: 'SINGLE',
      vads_version: 'V2',
      vads_trans_id: '123456',
      vads_trans_date: '20260310081530',
      vads_order_id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
      vads_url_check: 'http://localhost:3000/billing/callbacks/credit-card',
      vads_url_return: 'http://localhost:3000/billing/return/a1b2c3d4e5f6a1b2c3d4e5f6',
      vads_cust_email: 'client@exemple.fr',
    });
    expect(isFieldsSignatureValid(f, config.key)).toBe(true);
    // Renewals are our billing job's charges on the token: the processor gets no schedule of its
    // own (vads_sub_*), which would charge the holder a second time.
    expect(Object.keys(f).filter((k) => k.startsWith('vads_sub_'))).toEqual([]);
  });

  it('a free first period registers the card with 0 (REGISTER); the first charge is the job’s at the trial end', () => {
    const f = form(billing({ amountCents: 0, trialDays: 30 }));
    expect(f).toMatchObject({ vads_page_action: 'REGISTER', vads_amount: '0' });
    expect(f.vads_sub_effect_date).toBeUndefined();
  });

  it('a purchase pays once (PAYMENT, no mandate); a card update re-registers the token', () => {
    const purchase = form(billing({ kind: 'Purchase', amountCents: 299 }));
    expect(purchase.vads_page_action).toBe('PAYMENT');
    expect(purchase.vads_sub_amount).toBeUndefined();
    const update = form(billing({ kind: 'CardUpdate', amountCents: 0, subscriptionRef: 'f'.repeat(32) }));
    expect(update).toMatchObject({ vads_page_action: 'REGISTER_UPDATE', vads_identifier: 'f'.repeat(32) });
    expect(() => form(billing({ kind: 'CardUpdate', amountCents: 0 }))).toThrow(/token/);
  });

  it('trans ids are 6 digits and never repeat within a day on one process', () => {
    const at = new Date('2026-03-10T23:59:59.950Z');
    const ids = Array.from({ length: 200 }, () => nextTransId(at));
    expect(new Set(ids).size).toBe(200);
    expect(ids.every((id) => /^\d{6}$/.test(id) && Number(id) <= 899_999)).toBe(true);
  });
});

describe('credit card outcomes', () => {
  const state = {
    uuid: 'u'.repeat(32),
    orderId: 'o1',
    amountCents: 799,
    currency: 'EUR',
    token: 't1',
    cardUpdate: false,
  };
  it('maps the processor statuses to one event per outcome', () => {
    expect(cardPaymentEvent({ ...state, status: 'AUTHORISED' })).toMatchObject({
      kind: 'paid',
      key: `trans:${'u'.repeat(32)}:paid`,
    });
    // CAPTURED later is the same payment: the same key, so it applies once.
    expect(cardPaymentEvent({ ...state, status: 'CAPTURED' })?.key).toBe(`trans:${'u'.repeat(32)}:paid`);
    expect(cardPaymentEvent({ ...state, status: 'ACCEPTED', cardUpdate: true })?.kind).toBe('cardUpdated');
    expect(cardPaymentEvent({ ...state, status: 'REFUSED' })?.kind).toBe('refused');
    expect(cardPaymentEvent({ ...state, status: 'ABANDONED' })?.kind).toBe('abandoned');
    expect(cardPaymentEvent({ ...state, status: 'CANCELLED' })?.kind).toBe('abandoned');
    expect(cardPaymentEvent({ ...state, status: 'WAITING_AUTHORISATION' })).toBeNull();
  });

  it('reads an IPN: numeric currency, the token as the subscription reference', () => {
    expect(
      eventOfIpn({
        vads_trans_uuid: 'u'.repeat(32),
        vads_order_id: 'o1',
        vads_trans_status: 'AUTHORISED',
        vads_amount: '799',
        vads_currency: '978',
        vads_identifier: 't1',
        vads_page_action: 'REGISTER_PAY_SUBSCRIBE',
      }),
    ).toMatchObject({ kind: 'paid', amountCents: 799, currency: 'EUR', subscriptionRef: 't1', billingId: 'o1' });
    expect(eventOfIpn({ vads_order_id: 'o1', vads_amount: '1' })).toBeNull();
  });

  it('names a renewal order from its idempotency key (the same key, the same order)', () => {
    expect(renewalOrderId('renewal:1:2026-04-10')).toBe(renewalOrderId('renewal:1:2026-04-10'));
    expect(renewalOrderId('renewal:1:2026-04-10')).not.toBe(renewalOrderId('renewal:1:2026-05-10'));
    expect(renewalOrderId('renewal:1:2026-04-10')).toMatch(/^R[0-9a-f]{31}$/);
  });
});
