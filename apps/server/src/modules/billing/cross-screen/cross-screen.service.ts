import { createHash, randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '@playz/api-contract';
import { ApiErrorNumber, apiError, isValidFrenchMobile, normalizeFrenchPhone } from '@playz/domain';
import type { RateLimiter } from '../../../lib/rate-limiter';
import type { CrossScreenRepository } from './cross-screen.repository';

/** A payment link lasts long enough to find a card and pay, not longer. */
export const BILLING_LINK_TTL_MS = 30 * 60 * 1000;
const SENDS_PER_LINK = { max: 3, windowMs: BILLING_LINK_TTL_MS };

const hashCode = (code: string) => createHash('sha256').update(`billing-link:${code}`).digest('hex');
const newCode = () =>
  Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
const normalize = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** `c***e@exemple.fr`: enough for the owner to recognise, not enough to learn someone's address. */
export function maskLogin(login: string | null): string {
  if (!login) return '';
  const [name = '', domain] = login.split('@');
  const shown = name.length <= 2 ? `${name[0] ?? ''}***` : `${name[0]}***${name.at(-1)}`;
  return domain ? `${shown}@${domain}` : shown;
}

type Session = { id: string; customerId: number };
type LinkStatus = 'Pending' | 'Paid' | 'Expired';

/**
 * Cross screen (spec 3 §1, §7; decision 025): the TV makes a link for its account, a phone signed
 * in to that account pays by any web method, and the TV's status turns Paid. The code is shown on
 * the TV and typed on the phone; the URL in the QR code carries a longer token instead.
 */
export function createCrossScreen(deps: {
  repo: CrossScreenRepository;
  limiter: RateLimiter;
  sendSms: (to: string, text: string) => Promise<void>;
  publicUrl: string;
  now: () => Date;
}) {
  async function statusOf(link: {
    customer_id: number | null;
    created_at: string;
    expires_at: string;
  }): Promise<LinkStatus> {
    if (link.customer_id !== null && (await deps.repo.paidSince(link.customer_id, link.created_at))) return 'Paid';
    return Date.parse(link.expires_at) <= deps.now().getTime() ? 'Expired' : 'Pending';
  }

  async function ownLink(session: Session, code: string) {
    const link = await deps.repo.findByCodeHash(hashCode(normalize(code)));
    if (!link || link.customer_id !== session.customerId) throw apiError(ApiErrorNumber.BillingNotFound);
    return link;
  }

  const urlOf = (token: string) => `${deps.publicUrl}/billing/link/${token}`;

  return {
    async create(session: Session) {
      const at = deps.now();
      const code = newCode();
      const token = randomBytes(16).toString('hex');
      const expiresAt = new Date(at.getTime() + BILLING_LINK_TTL_MS).toISOString();
      await deps.repo.insert({
        ...{ code: hashCode(code), token, customer_id: session.customerId, billing_id: null },
        ...{ created_at: at.toISOString(), expires_at: expiresAt },
      });
      const url = urlOf(token);
      const qrImage = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return { url, code, qrImage, expiresAt };
    },

    async status(session: Session, code: string): Promise<LinkStatus> {
      return statusOf(await ownLink(session, code));
    },

    /** Texts the link (at most 3 times per link: no SMS bombing through a TV). */
    async send(session: Session, code: string, msisdn: string): Promise<boolean> {
      const link = await ownLink(session, code);
      const to = normalizeFrenchPhone(msisdn);
      if (!isValidFrenchMobile(to)) throw apiError(ApiErrorNumber.BadParameter, "Le numéro n'est pas valide");
      if ((await statusOf(link)) !== 'Pending') throw apiError(ApiErrorNumber.Forbidden);
      const verdict = await deps.limiter.hit(`billing-link-sms:${link.token}`, SENDS_PER_LINK);
      if (!verdict.allowed) throw apiError(ApiErrorNumber.Forbidden);
      await deps.sendSms(to, `Playz : pour payer l'abonnement de votre TV, ouvrez ${urlOf(link.token)}`);
      return true;
    },

    /** What the phone shows: whose account it pays for, and whether it is signed in to it. */
    async check(session: Session | null, key: { token?: string; code?: string }) {
      const link = key.token
        ? await deps.repo.findByToken(key.token)
        : key.code
          ? await deps.repo.findByCodeHash(hashCode(normalize(key.code)))
          : undefined;
      if (!link || link.customer_id === null) throw apiError(ApiErrorNumber.BillingNotFound);
      const owner = await deps.repo.customerLogin(link.customer_id);
      return {
        maskedLogin: maskLogin(owner?.login ?? null),
        isSameAccount: session?.customerId === link.customer_id,
        status: await statusOf(link),
        // The token page links back to itself by token; the typed code is not shown again.
        code: key.token ? link.token : normalize(key.code ?? ''),
      };
    },
  };
}
export type CrossScreen = ReturnType<typeof createCrossScreen>;
