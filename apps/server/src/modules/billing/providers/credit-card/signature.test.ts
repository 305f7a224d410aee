import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isFieldsSignatureValid, signatureText, signFields } from './signature';

// The hosted page's signature (decision 026): Base64(HMAC-SHA-256(key, vads_ values sorted by
// name, joined with '+', then '+' and the key)).
const KEY = 'sandbox-key-1234';
const FIELDS = {
  vads_trans_id: '000042',
  vads_amount: '0',
  vads_site_id: '12345678',
  vads_page_action: 'REGISTER_SUBSCRIBE',
  vads_currency: '978',
  vads_order_info: 'Playz Mensuel à l’essai',
  // Not a vads_ field: not signed.
  lang: 'fr',
};

describe('credit card form signature', () => {
  it('signs the vads_ values sorted by field name, then the key', () => {
    // By hand: amount, currency, order_info, page_action, site_id, trans_id (alphabetical).
    expect(signatureText(FIELDS, KEY)).toBe(
      '0+978+Playz Mensuel à l’essai+REGISTER_SUBSCRIBE+12345678+000042+sandbox-key-1234',
    );
  });

  it('is the Base64 HMAC-SHA-256 of that text (UTF-8) with the key: a fixed vector', () => {
    const byHand = createHmac('sha256', KEY)
      .update('0+978+Playz Mensuel à l’essai+REGISTER_SUBSCRIBE+12345678+000042+sandbox-key-1234', 'utf8')
      .digest('base64');
    expect(signFields(FIELDS, KEY)).toBe(byHand);
    expect(signFields(FIELDS, KEY)).toBe('Lzuv3hesaLYtwYGsgh4MQcSDKBT1RxVPEvpAS43k/bE=');
  });

  it('checks a received form: any changed vads_ value or another key fails', () => {
    const signed = { ...FIELDS, signature: signFields(FIELDS, KEY) };
    expect(isFieldsSignatureValid(signed, KEY)).toBe(true);
    expect(isFieldsSignatureValid({ ...signed, lang: 'en' }, KEY)).toBe(true);
    expect(isFieldsSignatureValid({ ...signed, vads_amount: '1' }, KEY)).toBe(false);
    expect(isFieldsSignatureValid({ ...signed, vads_extra: '' }, KEY)).toBe(false);
    expect(isFieldsSignatureValid(signed, 'another-key-5678')).toBe(false);
    expect(isFieldsSignatureValid({ ...FIELDS }, KEY)).toBe(false);
  });
});
