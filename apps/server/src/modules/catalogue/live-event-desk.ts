import type { Kysely, Selectable } from 'kysely';
import type { AdminLiveEvent, AdminLiveEventInput, LiveEventRefusal } from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError, liveEventState } from '@playz/domain';
import type { Database } from '../../db/schema';
import { decodeCursor, encodeCursor, keysetPage } from '../../db/keyset-cursor';
import { retryOnUniqueViolation } from '../../db/unique-violation';
import type { DeskAudit } from './catalogue-desk';

type LiveEventRow = Selectable<Database['live_events']>;
type Texts = AdminLiveEventInput['texts'];

const refused = (reason: LiveEventRefusal) => apiError(ApiErrorNumber.BadParameter, `liveEvent.${reason}`);

/** The console lists this many events at most, latest start first (a few a week are expected). */

/** The event's texts: the four languages when an editor wrote them, else its French name for all. */
export function liveEventTexts(row: Pick<LiveEventRow, 'name' | 'description' | 'texts'>): Texts {
  if (row.texts) return JSON.parse(row.texts) as Texts;
  return { fr: { name: row.name, description: row.description }, en: {}, nl: {}, es: {} };
}

/** Its name and description in a viewer's language, the French ones where that language is empty. */
export function liveEventTextIn(row: Pick<LiveEventRow, 'name' | 'description' | 'texts'>, locale: string) {
  const texts = liveEventTexts(row);
  const own = (texts as Record<string, { name?: string; description?: string } | undefined>)[locale];
  return { name: own?.name || row.name, description: own?.description || row.description };
}

/**
 * The editors' live events (decision 108): create and change one, cancel or hide it, attach its
 * replay once it has ended. Each change is written with its audit entry in one transaction, then
 * `afterChange` tells the catalogue's readers, as the channels' desk does (decision 102).
 */
export function createLiveEventDesk(deps: {
  db: Kysely<Database>;
  now: () => Date;
  afterChange: () => Promise<void>;
  /** The offers that sell an event's pass (spec 3 LivePurchase), on sale now. */
  passOffers: () => Promise<{ id: number; name: string; price: number }[]>;
}) {
  const { db } = deps;

  const one = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('live_events').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.LiveEventNotFound);
    return row;
  };

  async function toAdmin(trx: Kysely<Database>, rows: LiveEventRow[]): Promise<AdminLiveEvent[]> {
    const channelIds = [...new Set(rows.flatMap((r) => (r.channel_id !== null ? [r.channel_id] : [])))];
    const contentIds = [...new Set(rows.filter((r) => r.content_id > 0).map((r) => r.content_id))];
    const [channels, contents] = await Promise.all([
      channelIds.length
        ? trx.selectFrom('channels').select(['id', 'name']).where('id', 'in', channelIds).execute()
        : [],
      contentIds.length
        ? trx.selectFrom('contents').select(['id', 'title']).where('id', 'in', contentIds).execute()
        : [],
    ]);
    const channelName = new Map(channels.map((c) => [c.id, c.name]));
    const contentTitle = new Map(contents.map((c) => [c.id, c.title]));
    const t = deps.now();
    return rows.map((r) => ({
      id: r.id,
      texts: liveEventTexts(r),
      channelId: r.channel_id,
      channelName: r.channel_id !== null ? (channelName.get(r.channel_id) ?? null) : null,
      start: r.date_scheduled,
      durationMinutes: Math.round(r.duration / 60),
      leadMinutes: Math.round(r.lead_time_seconds / 60),
      countdownType: r.countdown_type as AdminLiveEvent['countdownType'],
      passOfferId: r.product_price_id,
      poster: r.poster,
      locationName: r.location_name,
      locationAddress: r.location_address,
      state: liveEventState(
        { dateScheduled: r.date_scheduled, duration: r.duration, leadTimeSeconds: r.lead_time_seconds },
        t,
      ),
      hiddenAt: r.hidden_at ?? null,
      replay:
        r.content_id > 0 ? { id: r.content_id, title: contentTitle.get(r.content_id) ?? `#${r.content_id}` } : null,
    }));
  }

  /**
   * The columns an input sets, checked against the channels and the pass offers. The offers are
   * read before the transaction: on SQLite's one connection a read outside it would wait forever.
   */
  async function columnsOf(trx: Kysely<Database>, input: AdminLiveEventInput, offerIds: number[]) {
    const startMs = Date.parse(input.start);
    if (Number.isNaN(startMs)) throw refused('start');
    if (input.channelId !== null) {
      const channel = await trx
        .selectFrom('channels')
        .select('id')
        .where('id', '=', input.channelId)
        .executeTakeFirst();
      if (!channel) throw refused('channel');
    }
    if (input.passOfferId !== null && !offerIds.includes(input.passOfferId)) throw refused('offer');
    const clean = (text: { name?: string | undefined; description?: string | undefined }) => ({
      ...(text.name ? { name: text.name } : {}),
      ...(text.description ? { description: text.description } : {}),
    });
    const texts: Texts = {
      fr: input.texts.fr,
      en: clean(input.texts.en),
      nl: clean(input.texts.nl),
      es: clean(input.texts.es),
    };
    return {
      channel_id: input.channelId,
      name: texts.fr.name,
      description: texts.fr.description,
      texts: JSON.stringify(texts),
      date_scheduled: new Date(startMs).toISOString(),
      duration: input.durationMinutes * 60,
      lead_time_seconds: input.leadMinutes * 60,
      countdown_type: input.countdownType,
      product_price_id: input.passOfferId,
      poster: input.poster,
      location_name: input.locationName || null,
      location_address: input.locationAddress || null,
      edited_at: deps.now().toISOString(),
    };
  }

  /** What the audit keeps of an event: the editor's fields, not the derived ones. */
  const audited = (event: AdminLiveEvent) => {
    const { state: _state, channelName: _channel, ...kept } = event;
    return kept;
  };

  async function change(
    id: number,
    work: (trx: Kysely<Database>, before: LiveEventRow) => Promise<boolean>,
    audit: DeskAudit,
  ) {
    const done = await db.transaction().execute(async (trx) => {
      const before = await one(trx, id);
      const changed = await work(trx, before);
      const [beforeView] = await toAdmin(trx, [before]);
      const [after] = await toAdmin(trx, [await one(trx, id)]);
      if (changed) await audit(trx, { before: audited(beforeView!), after: audited(after!) });
      return { event: after!, repeated: !changed };
    });
    if (!done.repeated) await deps.afterChange();
    return done;
  }

  const setHidden = (id: number, hidden: boolean, audit: DeskAudit) =>
    change(
      id,
      async (trx, before) => {
        // Hiding a hidden event (or showing a shown one) changes nothing and is not audited again.
        if (Boolean(before.hidden_at) === hidden) return false;
        await trx
          .updateTable('live_events')
          .set({ hidden_at: hidden ? deps.now().toISOString() : null, edited_at: deps.now().toISOString() })
          .where('id', '=', id)
          .execute();
        return true;
      },
      audit,
    );

  return {
    /**
     * Latest start first, then id, a page at a time after the previous page's last (decisions 110
     * and 116): the list stopped at 500 events, hiding the oldest with no way to reach them.
     */
    async list(page: { after?: string; limit: number }) {
      const after = page.after ? decodeCursor('live-events', ['text', 'int'], page.after) : null;
      const rows = await db
        .selectFrom('live_events')
        .selectAll()
        .$if(after !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('date_scheduled', '<', after![0]),
              eb.and([eb('date_scheduled', '=', after![0]), eb('id', '<', after![1])]),
            ]),
          ),
        )
        .orderBy('date_scheduled', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const { items, next } = keysetPage(rows, page.limit, (last) =>
        encodeCursor('live-events', [last.date_scheduled, last.id]),
      );
      return { events: await toAdmin(db, items), passOffers: await deps.passOffers(), next };
    },

    async create(input: AdminLiveEventInput, audit: DeskAudit): Promise<AdminLiveEvent> {
      const offerIds = (await deps.passOffers()).map((o) => o.id);
      const event = await retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const columns = await columnsOf(trx, input, offerIds);
          // Ids follow the catalogue's own numbering (imported and demo events), as channels' programmes do.
          const top = await trx
            .selectFrom('live_events')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst();
          const id = Number(top?.id ?? 0) + 1;
          await trx
            .insertInto('live_events')
            .values({
              id,
              content_id: 0,
              description_sections: '[]',
              preview: null,
              teaser: null,
              hidden_at: null,
              ...columns,
            })
            .execute();
          const [created] = await toAdmin(trx, [await one(trx, id)]);
          await audit(trx, { before: null, after: audited(created!) });
          return created!;
        }),
      );
      await deps.afterChange();
      return event;
    },

    async update(id: number, input: AdminLiveEventInput, audit: DeskAudit): Promise<AdminLiveEvent> {
      const offerIds = (await deps.passOffers()).map((o) => o.id);
      const done = await change(
        id,
        async (trx) => {
          await trx
            .updateTable('live_events')
            .set(await columnsOf(trx, input, offerIds))
            .where('id', '=', id)
            .execute();
          return true;
        },
        audit,
      );
      return done.event;
    },

    hide: (id: number, audit: DeskAudit) => setHidden(id, true, audit),
    show: (id: number, audit: DeskAudit) => setHidden(id, false, audit),

    /**
     * Its replay (spec 2: "a replay when contentID is above 0"), only once it has ended: the
     * viewers' replays list shows Past events only, and an event on air plays its channel.
     */
    async setReplay(id: number, contentId: number, audit: DeskAudit): Promise<AdminLiveEvent> {
      const done = await change(
        id,
        async (trx, before) => {
          const state = liveEventState(
            {
              dateScheduled: before.date_scheduled,
              duration: before.duration,
              leadTimeSeconds: before.lead_time_seconds,
            },
            deps.now(),
          );
          if (contentId > 0 && state !== 'Past') throw refused('not-ended');
          if (contentId > 0) {
            const content = await trx
              .selectFrom('contents')
              .select('id')
              .where('id', '=', contentId)
              .where('enabled', '=', 1)
              .executeTakeFirst();
            if (!content) throw refused('content');
          }
          if (before.content_id === contentId) return false;
          await trx
            .updateTable('live_events')
            .set({ content_id: contentId, edited_at: deps.now().toISOString() })
            .where('id', '=', id)
            .execute();
          return true;
        },
        audit,
      );
      return done.event;
    },
  };
}

export type LiveEventDesk = ReturnType<typeof createLiveEventDesk>;
