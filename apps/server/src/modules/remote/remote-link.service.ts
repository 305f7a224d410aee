import QRCode from 'qrcode';
import { LINK_CODE_TTL_MS, type AccountLink } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempt } from '../../lib/too-many-attempts';
import { generateLinkCode, hashLinkCode, normalizeLinkCode, type LinkRepository } from '../link';
import { GUEST_GRANT_TTL_MS, type GrantSigner } from './remote-grant';
import type { RemoteHub } from './remote-hub';

/** A code for the screen's own account's phones, or for a guest phone of another account. */
export type RemoteLinkKind = 'remote' | 'remote-guest';

const TEN_MINUTES = 10 * 60 * 1000;
/** Same bounds as the log-in codes' (decision 011): a refused guess learns nothing. */
const RULES = {
  create: { max: 30, windowMs: TEN_MINUTES },
  phone: { max: 30, windowMs: TEN_MINUTES },
};

/**
 * The kind is part of the hashed text, so a remote code and a log-in code live side by side in
 * link_codes (decision 011's table and rules) without one ever being read as the other.
 */
const codeHash = (kind: RemoteLinkKind, code: string) => hashLinkCode(`${kind}:${normalizeLinkCode(code)}`);
const notFound = () => apiError(ApiErrorNumber.NotFound);

/** Remote-control link codes (spec 2 §7 /customer/remote/link and /guest/link; decision 034). */
export function createRemoteLinkService(deps: {
  repo: LinkRepository;
  hub: RemoteHub;
  grants: GrantSigner;
  limiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /**
   * Spends a code (the first phone wins) and names its screen. An own-account code answers 7 to
   * any other account, as an unknown code does: it tells nothing about the other account.
   */
  async function spend(kind: RemoteLinkKind, code: string, customerId: number, ip: string) {
    const t = now();
    await countAttempt(deps.limiter, [`remote-link:phone:ip:${ip}`], RULES.phone, t.getTime());
    const hash = codeHash(kind, code);
    const row = await deps.repo.findLive(hash, t.toISOString());
    const owner = row?.data ? (JSON.parse(row.data) as { owner: number }).owner : null;
    if (!row || owner === null || row.device_udid === null) throw notFound();
    if (kind === 'remote' && owner !== customerId) throw notFound();
    if (!(await deps.repo.approve(hash, customerId, t.toISOString()))) throw notFound();
    const udid = row.device_udid;
    const screen = deps.hub.screen(owner, udid);
    const device = { udid, platform: screen?.platform ?? row.platform, name: screen?.name ?? row.platform };
    return { owner, result: { used: true, registered: screen !== null, device } };
  }

  return {
    /** Screen side: a code for the caller's screen `udid`, registered on the socket (7 if not). */
    async create(kind: RemoteLinkKind, owner: number, udid: string, ip: string): Promise<AccountLink> {
      const t = now();
      await countAttempt(deps.limiter, [`remote-link:create:ip:${ip}`], RULES.create, t.getTime());
      const screen = deps.hub.screen(owner, udid);
      if (!screen) throw notFound();
      await deps.repo.deleteExpired(t.toISOString());
      const code = generateLinkCode();
      const expiresAt = new Date(t.getTime() + LINK_CODE_TTL_MS).toISOString();
      await deps.repo.insert({
        code_hash: codeHash(kind, code),
        action: kind,
        created_at: t.toISOString(),
        expires_at: expiresAt,
        platform: screen.platform,
        device_udid: udid,
        approved_customer_id: null,
        approved_at: null,
        consumed_at: null,
        data: JSON.stringify({ owner }),
      });
      const url = `${deps.publicUrl}/remote?${kind === 'remote' ? 'code' : 'guest'}=${code}`;
      const qrImage = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return { url, code, qrImage, expiresAt };
    },

    /** Phone side of /customer/remote/link/check: a code of a screen of the caller's account. */
    async checkOwn(code: string, customerId: number, ip: string) {
      return (await spend('remote', code, customerId, ip)).result;
    },

    /** Phone side of /customer/remote/guest/link/check: any logged account, answered a grant. */
    async checkGuest(code: string, customerId: number, ip: string) {
      const { owner, result } = await spend('remote-guest', code, customerId, ip);
      const expiresAt = now().getTime() + GUEST_GRANT_TTL_MS;
      const grant = deps.grants.sign({ owner, udid: result.device.udid, guest: customerId, expiresAt });
      return { ...result, grant, grantExpiresAt: new Date(expiresAt).toISOString() };
    },
  };
}
export type RemoteLinkService = ReturnType<typeof createRemoteLinkService>;
