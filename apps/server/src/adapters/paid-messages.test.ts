import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from '../lib/rate-limiter';
import { TooManyAttemptsError } from '../lib/too-many-attempts';
import type { MailMessage } from './mail/mail.adapter';
import { MESSAGE_BUDGETS, createPaidMessages, recipientKey } from './paid-messages';
import type { SmsMessage } from './sms/sms.adapter';

function paidMessages() {
  const sent: { sms: SmsMessage[]; mail: MailMessage[] } = { sms: [], mail: [] };
  const t = { ms: Date.parse('2026-03-02T10:00:00Z') };
  const messages = createPaidMessages({
    sms: { send: async (m) => void sent.sms.push(m) },
    mail: { send: async (m) => void sent.mail.push(m) },
    limiter: createRateLimiter(createMemoryRateLimitStore(), () => t.ms),
    now: () => t.ms,
  });
  return { messages, sent, t };
}

const sender = { customerId: 7, ip: '192.0.2.1' };

describe('paid messages (decision 050)', () => {
  it("sends to the permit's recipient only, as many messages as the permit allows", async () => {
    const { messages, sent } = paidMessages();
    const permit = await messages.permit('sms', '+33 6 12 34 56 78', sender);
    await messages.sendSms(permit, { operatorId: 2, text: 'Playz' });
    expect(sent.sms).toEqual([{ to: '+33 6 12 34 56 78', operatorId: 2, text: 'Playz' }]);
    await expect(messages.sendSms(permit, { operatorId: 2, text: 'again' })).rejects.toThrow(/used up/);
    expect(sent.sms).toHaveLength(1);
  });

  it('refuses a permit of another kind, or one it did not give', async () => {
    const { messages, sent } = paidMessages();
    const smsPermit = await messages.permit('sms', '0612345678', sender);
    await expect(messages.sendMail(smsPermit, { subject: 's', text: 't', html: 'h' })).rejects.toThrow(/mail permit/);
    const forged = { kind: 'sms' as const, to: '0699999999', count: 1 };
    await expect(messages.sendSms(forged, { operatorId: 0, text: 'x' })).rejects.toThrow(/sms permit/);
    expect(sent).toEqual({ sms: [], mail: [] });
  });

  it('counts a mailbox once whatever its +tag, and refuses past its hourly budget until the next hour', async () => {
    const { messages, t } = paidMessages();
    const budget = MESSAGE_BUDGETS.mail.to.hour;
    for (let i = 0; i < budget; i += 1)
      await messages.permit('mail', `Camille+${i}@Exemple.fr`, { customerId: null, ip: `192.0.2.${i}` });
    const refused = messages.permit('mail', 'camille@exemple.fr', { customerId: null, ip: '192.0.2.200' });
    await expect(refused).rejects.toBeInstanceOf(TooManyAttemptsError);
    t.ms += 60 * 60 * 1000;
    await expect(
      messages.permit('mail', 'camille@exemple.fr', { customerId: null, ip: '192.0.2.201' }),
    ).resolves.toMatchObject({ kind: 'mail' });
  });

  it('keys a number by its national form and an address without case or +tag', () => {
    expect(recipientKey('sms', '+33 6 12 34 56 78')).toBe('0612345678');
    expect(recipientKey('mail', ' A.B+promo@Exemple.FR ')).toBe('a.b@exemple.fr');
  });
});
