import type { Kysely } from 'kysely';
import { ApiErrorNumber, apiError, normalizePromoCode, validatePromoCode } from '@playz/domain';
import type { Database } from '../../db/schema';
import { decodeCursor, encodeCursor, keysetPage } from '../../db/keyset-cursor';

export interface ConsolePromoCode {
  code: string;
  /** What it opens: a demo campaign of the whole service, for its free days (decision 019). */
  campaign: { id: number; name: string; days: number | null; endsAt: string | null };
  maxRedemptions: number | null;
  redeemed: number;
  expiresAt: string | null;
  disabledAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** live, expired (its date or its campaign's), capped or disabled: what registration does with it now. */
  state: 'live' | 'expired' | 'capped' | 'disabled';
}

export interface PromoCodeRedeemer {
  customerId: number;
  login: string | null;
  name: string;
  redeemedAt: string | null;
  deleted: boolean;
}

type RecordChange = (trx: Kysely<Database>, change: { before: unknown; after: unknown }) => Promise<void>;

const REDEEMERS_SHOWN = 100;
const CURSOR_LIST = 'promo-codes';

/**
 * The console's promo codes (decision 090), kept in this module with the redemption they govern:
 * each code with how many accounts redeemed it and who, a new code with its own campaign, and
 * disabling a code. Each change is written with its audit entry in one transaction (`record`).
 */
export function createPromoCodeConsole(db: Kysely<Database>, now: () => Date) {
  function stateOf(row: {
    disabled_at: string | null;
    expires_at: string | null;
    campaign_ends: string | null;
    max_redemptions: number | null;
    redeemed: number;
  }): ConsolePromoCode['state'] {
    const at = now().toISOString();
    if (row.disabled_at !== null) return 'disabled';
    if ((row.expires_at !== null && row.expires_at <= at) || (row.campaign_ends !== null && row.campaign_ends <= at))
      return 'expired';
    if (row.max_redemptions !== null && row.redeemed >= row.max_redemptions) return 'capped';
    return 'live';
  }

  async function rows(
    within: Kysely<Database>,
    code?: string,
    page?: { after: readonly [string, string] | null; limit: number },
  ): Promise<ConsolePromoCode[]> {
    let query = within
      .selectFrom('promo_codes as p')
      .innerJoin('demo_campaigns as c', 'c.id', 'p.demo_campaign_id')
      .select((eb) => [
        'p.code',
        'p.expires_at',
        'p.created_at',
        'p.created_by',
        'p.max_redemptions',
        'p.disabled_at',
        'c.id as campaign_id',
        'c.name as campaign_name',
        'c.duration_days',
        'c.expiration_date as campaign_ends',
        eb
          .selectFrom('customers as r')
          .select((r) => r.fn.countAll<number>().as('n'))
          .whereRef('r.promo_code', '=', 'p.code')
          .as('redeemed'),
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.code');
    if (code !== undefined) query = query.where('p.code', '=', code);
    if (page) {
      // Newest first, then by code (unique): the rows after the previous page's last (decision 110).
      const after = page.after;
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('p.created_at', '<', after[0]),
            eb.and([eb('p.created_at', '=', after[0]), eb('p.code', '>', after[1])]),
          ]),
        );
      query = query.limit(page.limit + 1);
    }
    return (await query.execute()).map((row) => {
      const redeemed = Number(row.redeemed ?? 0);
      return {
        code: row.code,
        campaign: { id: row.campaign_id, name: row.campaign_name, days: row.duration_days, endsAt: row.campaign_ends },
        maxRedemptions: row.max_redemptions,
        redeemed,
        expiresAt: row.expires_at,
        disabledAt: row.disabled_at,
        createdAt: row.created_at,
        createdBy: row.created_by,
        state: stateOf({ ...row, redeemed }),
      };
    });
  }

  /** The code named by `raw` (any case), or 7. */
  async function one(raw: string, within: Kysely<Database> = db): Promise<ConsolePromoCode> {
    const [found] = await rows(within, normalizePromoCode(raw));
    if (!found) throw apiError(ApiErrorNumber.NotFound);
    return found;
  }

  return {
    /** A page of codes, newest first (decision 110): `after` is the previous page's `next`. */
    async list(page: {
      after?: string;
      limit: number;
    }): Promise<{ promoCodes: ConsolePromoCode[]; next: string | null }> {
      const after = page.after ? decodeCursor(CURSOR_LIST, ['text', 'text'], page.after) : null;
      const found = await rows(db, undefined, { after, limit: page.limit });
      const { items, next } = keysetPage(found, page.limit, (last) =>
        encodeCursor(CURSOR_LIST, [last.createdAt, last.code]),
      );
      return { promoCodes: items, next };
    },

    /** One code and the accounts that redeemed it, the latest first (the first hundred). */
    async detail(raw: string): Promise<{ code: ConsolePromoCode; redeemers: PromoCodeRedeemer[] }> {
      const code = await one(raw);
      const redeemers = await db
        .selectFrom('customers')
        .select(['id', 'login', 'first_name', 'last_name', 'user_name', 'promo_redeemed_at', 'deleted_at'])
        .where('promo_code', '=', code.code)
        .orderBy('promo_redeemed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(REDEEMERS_SHOWN)
        .execute();
      return {
        code,
        redeemers: redeemers.map((r) => ({
          customerId: r.id,
          // A deleted account keeps its row for accounting only: no address is shown for it.
          login: r.deleted_at ? null : r.login,
          name: r.deleted_at ? '' : [r.first_name, r.last_name].filter(Boolean).join(' ') || r.user_name || '',
          redeemedAt: r.promo_redeemed_at,
          deleted: r.deleted_at !== null,
        })),
      };
    },

    /**
     * A new code opening a new campaign of `days` free days. The code is stored upper case, as
     * registration looks it up; an existing code (any case) is 3, never overwritten.
     */
    async create(
      input: { code: string; days: number; maxRedemptions: number | null; expiresAt: string | null; by: string },
      record: RecordChange,
    ): Promise<ConsolePromoCode> {
      const code = normalizePromoCode(input.code);
      if (code === '' || validatePromoCode(code) !== null) throw apiError(ApiErrorNumber.BadParameter);
      if (input.expiresAt !== null && input.expiresAt <= now().toISOString())
        throw apiError(ApiErrorNumber.BadParameter, 'the expiry date is in the past');
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('promo_codes').select('code').where('code', '=', code).executeTakeFirst();
        if (taken) throw apiError(ApiErrorNumber.BadParameter, 'this code already exists');
        const last = await trx
          .selectFrom('demo_campaigns')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        // demo_campaigns keeps the ids the spec's operators hand out, without a sequence.
        const campaignId = Number(last?.id ?? 0) + 1;
        await trx
          .insertInto('demo_campaigns')
          .values({ id: campaignId, name: `Code ${code}`, duration_days: input.days, expiration_date: null })
          .execute();
        await trx
          .insertInto('promo_codes')
          .values({
            code,
            demo_campaign_id: campaignId,
            expires_at: input.expiresAt,
            created_at: now().toISOString(),
            max_redemptions: input.maxRedemptions,
            disabled_at: null,
            created_by: input.by,
          })
          .execute();
        const made = await one(code, trx);
        await record(trx, { before: null, after: made });
        return made;
      });
    },

    /** Disables a code from now on; disabling a disabled code changes nothing (and records nothing). */
    async disable(raw: string, record: RecordChange): Promise<{ code: ConsolePromoCode; repeated: boolean }> {
      return db.transaction().execute(async (trx) => {
        const before = await one(raw, trx);
        if (before.disabledAt !== null) return { code: before, repeated: true };
        await trx
          .updateTable('promo_codes')
          .set({ disabled_at: now().toISOString() })
          .where('code', '=', before.code)
          .where('disabled_at', 'is', null)
          .execute();
        const after = await one(raw, trx);
        await record(trx, { before, after });
        return { code: after, repeated: false };
      });
    },
  };
}
export type PromoCodeConsole = ReturnType<typeof createPromoCodeConsole>;
