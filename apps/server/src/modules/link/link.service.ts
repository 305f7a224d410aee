import QRCode from 'qrcode';
import {
  LINK_CODE_TTL_MS,
  accountLinkDataSchema,
  type AccountLink,
  type AccountLinkStatus,
  type LinkAction,
} from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempt } from '../../lib/too-many-attempts';
import type { CallerContext } from '../../sessions/caller';
import { generateLinkCode, hashLinkCode, normalizeLinkCode } from './link-code';
import type { LinkRepository } from './link.repository';

const TEN_MINUTES = 10 * 60 * 1000;
/**
 * Guessing a code is bounded per address: every call that names a code counts, before the code is
 * looked up, so a refused guess learns nothing. A TV polling /status every 2 s for the code's
 * 10 minutes makes 300 calls; the phone side needs a handful.
 */
const RULES = {
  create: { max: 30, windowMs: TEN_MINUTES },
  status: { max: 400, windowMs: TEN_MINUTES },
  phone: { max: 30, windowMs: TEN_MINUTES },
};

const notFound = () => apiError(ApiErrorNumber.NotFound);

/** The note a phone hands the TV (spec 1 §7 /data): a JSON object, else 3. */
function parseLinkData(json: string): object {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw apiError(ApiErrorNumber.BadParameter);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw apiError(ApiErrorNumber.BadParameter);
  return data;
}

/**
 * The note as stored for the TV: the contract's schema (keys it does not list are dropped), else
 * 3. Checked once the caller may write the note; the TV checks it again before using it.
 */
function storedLinkData(data: object): string {
  const parsed = accountLinkDataSchema.safeParse(data);
  if (!parsed.success) throw apiError(ApiErrorNumber.BadParameter);
  return JSON.stringify(parsed.data);
}

export function createLinkService(deps: {
  repo: LinkRepository;
  /** The accounts module's session start: registers the TV as a device of the account. */
  startSession: (customerId: number, device: CallerContext['device']) => Promise<string>;
  limiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function findLive(code: string) {
    return deps.repo.findLive(hashLinkCode(normalizeLinkCode(code)), now().toISOString());
  }

  async function phoneAttempt(ip: string) {
    await countAttempt(deps.limiter, [`link:phone:ip:${ip}`], RULES.phone, now().getTime());
  }

  return {
    /** spec 1 §7 GET /customer/account/link: TV side. */
    async create(
      action: LinkAction,
      device: { platform: string; udid: string | null },
      ip: string,
    ): Promise<AccountLink> {
      const t = now();
      await countAttempt(deps.limiter, [`link:create:ip:${ip}`], RULES.create, t.getTime());
      await deps.repo.deleteExpired(t.toISOString());
      const code = generateLinkCode();
      const expiresAt = new Date(t.getTime() + LINK_CODE_TTL_MS).toISOString();
      await deps.repo.insert({
        code_hash: hashLinkCode(code),
        action,
        created_at: t.toISOString(),
        expires_at: expiresAt,
        platform: device.platform,
        device_udid: device.udid,
        approved_customer_id: null,
        approved_at: null,
        consumed_at: null,
        data: null,
      });
      const url = `${deps.publicUrl}/customer/link?code=${code}`;
      const qrImage = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return { url, code, qrImage, expiresAt };
    },

    /**
     * TV poll. Once approved, this call spends the code and opens a session for the TV (the
     * caller sets the cookie and the x-playz-token header from `token`).
     */
    async status(
      code: string,
      device: CallerContext['device'],
      ip: string,
    ): Promise<{ status: AccountLinkStatus; token: string | null }> {
      await countAttempt(deps.limiter, [`link:status:ip:${ip}`], RULES.status, now().getTime());
      const row = await findLive(code);
      // A code asked for by a device with an id answers only to that device.
      if (!row || (row.device_udid !== null && row.device_udid !== device.udid)) throw notFound();
      const data = row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null;
      if (row.approved_customer_id === null) {
        return { status: { used: false, registered: false, logged: false, cuid: null, data }, token: null };
      }
      const customer = await deps.repo.findCustomer(row.approved_customer_id);
      if (!customer || !(await deps.repo.consume(row.code_hash, now().toISOString()))) throw notFound();
      const token = await deps.startSession(customer.id, device);
      // "registered": the phone created its account while this registration code was live.
      const registered = row.action === 'register' && customer.created_at > row.created_at;
      return { status: { used: true, registered, logged: true, cuid: customer.uid, data }, token };
    },

    async check(code: string, ip: string): Promise<{ Result: boolean; Action: LinkAction | null }> {
      await phoneAttempt(ip);
      const row = await findLive(code);
      const usable = row !== undefined && row.approved_customer_id === null;
      return { Result: usable, Action: usable ? (row.action as LinkAction) : null };
    },

    /**
     * The logged phone binds the code to its account; `data` (optional) is the note for the TV,
     * attached in the same step so the TV's next poll cannot come between them.
     */
    async approve(code: string, customerId: number, ip: string, json?: string): Promise<{ Success: true }> {
      await phoneAttempt(ip);
      const note = json !== undefined ? parseLinkData(json) : undefined;
      const row = await findLive(code);
      if (!row) throw notFound();
      const data = note !== undefined ? storedLinkData(note) : undefined;
      const at = now().toISOString();
      if (row.approved_customer_id === customerId) {
        if (data !== undefined && !(await deps.repo.setData(row.code_hash, customerId, data, at))) throw notFound();
        return { Success: true };
      }
      if (!(await deps.repo.approve(row.code_hash, customerId, at, data))) throw notFound();
      return { Success: true };
    },

    /**
     * The phone's note to the TV (spec 1 §7 /data): a JSON object of at most 2 KB. Only the
     * account that approved the code may write it, until the TV spends the code (decision 011: any
     * account could write a note into another screen's code before its approval): 4 before the
     * approval, 7 when another account approved it, or it is spent, expired or unknown.
     */
    async setData(code: string, json: string, customerId: number, ip: string): Promise<{ Success: true }> {
      await phoneAttempt(ip);
      const note = parseLinkData(json);
      const row = await findLive(code);
      if (!row) throw notFound();
      if (row.approved_customer_id === null) throw apiError(ApiErrorNumber.Forbidden);
      if (row.approved_customer_id !== customerId) throw notFound();
      const data = storedLinkData(note);
      if (!(await deps.repo.setData(row.code_hash, customerId, data, now().toISOString()))) throw notFound();
      return { Success: true };
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
