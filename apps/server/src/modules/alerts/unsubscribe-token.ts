import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a mail's one-click unsubscribe link (RFC 8058): who and which alert, signed with a
 * key derived from the server secret, so the link works without signing in and cannot be made for
 * someone else. It does not expire: a mail read a month later must still let its reader stop them.
 */
export function createUnsubscribeTokens(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('playz alert unsubscribe v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    make(customerId: number, alertType: string): string {
      const payload = `${customerId}.${alertType}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The customer and alert a token names, or null for anything not made by `make`. */
    read(token: string): { customerId: number; alertType: string } | null {
      const match = /^(\d{1,12})\.([A-Za-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(sign(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { customerId: Number(match[1]), alertType: match[2]! };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
