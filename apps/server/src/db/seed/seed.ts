import { PROTECTED_SUFFIX } from './protected-media';
import type { Kysely } from 'kysely';
import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import type { Database } from '../schema';
import {
  DEMO_CATEGORIES,
  DEMO_CHANNELS,
  DEMO_CLIPS,
  DEMO_FILMS,
  DEMO_SERIES,
  programmeId,
  programmeSeconds,
  type DemoClipKey,
} from './demo-catalogue';
import { DEMO_SERVICE_TEXTS } from './demo-service-texts';
import { demoContentRating, demoListRating } from './demo-ratings';
import { DEMO_COLLECTION_ITEMS, DEMO_COLLECTIONS, DEMO_PAGE_ROWS } from './demo-rows';
import {
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  DEMO_APP_SETTINGS,
  DEMO_COOKIE_TYPES,
  DEMO_LANDING_TEXTS,
  DEMO_OFFERS,
} from './demo-settings';

/** Bump when the demo data changes shape; a database seeded with an older version is left alone. */
export const SEED_VERSION = 1;

export interface Artwork {
  poster: string | null;
  portrait: string | null;
  /** Clean wide frame without text (heroes, player poster). */
  backdrop: string | null;
  preview: string | null;
}
export interface SeedMedia {
  /** Artwork of a clip: a clean frame of it, for items without artwork of their own. */
  clip(key: DemoClipKey): Artwork & { duration: number };
  /** Artwork made for one title (its own text over its clip); falls back to the clip's. */
  title(key: string): Artwork | null;
  channelLogo(id: number): string | null;
}

const DAY = 24 * 3600 * 1000;

/**
 * Seeds the demo catalogue, settings and accounts in one transaction, once (decision 007). Running
 * it again is a no-op: the `seed.version` setting records that it happened.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  media: SeedMedia,
  now: Date,
  /** The demo accounts, whose password is published: the demo mode's only (decision 047). */
  { withAccounts = true }: { withAccounts?: boolean } = {},
): Promise<boolean> {
  const done = await db.selectFrom('settings').select('value').where('key', '=', 'seed.version').executeTakeFirst();
  if (done) return false;
  const passwordHash = await hash(DEMO_ACCOUNT_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const created = now.toISOString();
    const art = (titleKey: string | null, clip: DemoClipKey) => {
      const own = titleKey ? media.title(titleKey) : null;
      const base = media.clip(clip);
      return {
        poster: own?.poster ?? base.poster,
        portrait: own?.portrait ?? base.portrait,
        backdrop: base.backdrop,
        preview: base.preview,
      };
    };

    await trx
      .insertInto('settings')
      .values([
        { key: 'app', value: JSON.stringify(DEMO_APP_SETTINGS) },
        { key: 'cookieTypes', value: JSON.stringify(DEMO_COOKIE_TYPES) },
        { key: 'landing', value: JSON.stringify(DEMO_LANDING_TEXTS) },
        { key: 'serviceTexts', value: JSON.stringify(DEMO_SERVICE_TEXTS) },
      ])
      .execute();
    await trx.insertInto('offers').values(DEMO_OFFERS).execute();
    await trx.insertInto('categories').values(DEMO_CATEGORIES).execute();

    await trx
      .insertInto('channels')
      .values(
        DEMO_CHANNELS.map((c, i) => ({
          id: c.id,
          channel_type: c.isLiveIngest ? 'Stream' : 'Playlist',
          name: c.name,
          description: `${c.name} : ${c.programmes.join(', ')}.`,
          locale: 'fr',
          genre: c.genre,
          logo: media.channelLogo(c.id),
          poster: media.clip(c.clip).poster,
          position: i + 1,
        })),
      )
      .execute();

    const contentRows: Database['contents'][] = [];
    const push = (row: Omit<Database['contents'], 'enabled' | 'expiration_date' | 'created_at' | 'rating'>) =>
      contentRows.push({
        ...row,
        enabled: 1,
        expiration_date: null,
        created_at: created,
        rating: demoContentRating(row.id),
      });

    for (const f of DEMO_FILMS) {
      const a = art(`film-${f.id}`, f.clip);
      push({
        id: f.id,
        content_list_id: null,
        channel_id: null,
        content_type: 'Film',
        title: f.title,
        description: f.description,
        duration: media.clip(f.clip).duration,
        clip_key: f.isProtected ? `${f.clip}${PROTECTED_SUFFIX}` : f.clip,
        year: f.year,
        episode_number: null,
        genre: f.genre,
        ...a,
      });
    }
    for (const c of DEMO_CLIPS) {
      push({
        id: c.id,
        content_list_id: null,
        channel_id: 12,
        content_type: 'Clip',
        title: c.title,
        description: 'Un sketch court pour rire un bon coup.',
        duration: media.clip(c.clip).duration,
        clip_key: c.clip,
        year: 2025,
        episode_number: null,
        genre: 'comedie',
        ...art(null, c.clip),
      });
    }
    for (const ch of DEMO_CHANNELS) {
      ch.programmes.forEach((title, index) => {
        push({
          id: programmeId(ch.id, index),
          content_list_id: null,
          channel_id: ch.id,
          content_type: 'Programme',
          title,
          description: `${title}, sur ${ch.name}.`,
          duration: programmeSeconds(ch, title),
          clip_key: ch.clip,
          year: null,
          episode_number: null,
          genre: ch.genre,
          ...art(null, ch.clip),
        });
      });
    }

    const listRows: Database['content_lists'][] = [];
    DEMO_SERIES.forEach((s, si) => {
      const a = art(`series-${s.id}`, s.clip);
      listRows.push({
        id: s.id,
        type: 'Series',
        name: s.name,
        description: s.description,
        parent_id: null,
        number: null,
        channel_id: null,
        ...a,
        metadata: JSON.stringify({ Genre: s.genre }),
        position: si + 1,
        rating: demoListRating(s.id),
      });
      for (const season of s.seasons) {
        listRows.push({
          id: season.id,
          type: 'Season',
          name: `${s.name}, saison ${season.number}`,
          description: s.description,
          parent_id: s.id,
          number: season.number,
          channel_id: null,
          ...a,
          metadata: '{}',
          position: season.number,
          rating: demoListRating(season.id),
        });
        season.episodes.forEach((title, e) => {
          push({
            id: season.id * 10 + e + 1,
            content_list_id: season.id,
            channel_id: null,
            content_type: 'Episode',
            title,
            description: `${s.name}, saison ${season.number}, épisode ${e + 1} : ${title}.`,
            duration: media.clip(s.clip).duration,
            clip_key: s.clip,
            year: 2025,
            episode_number: e + 1,
            genre: s.genre,
            ...art(`series-${s.id}`, s.clip),
          });
        });
      }
    });
    await trx.insertInto('content_lists').values(listRows).execute();
    for (let i = 0; i < contentRows.length; i += 200)
      await trx
        .insertInto('contents')
        .values(contentRows.slice(i, i + 200))
        .execute();

    await trx.insertInto('collections').values(DEMO_COLLECTIONS).execute();
    await trx.insertInto('collection_items').values(DEMO_COLLECTION_ITEMS).execute();
    await trx.insertInto('page_rows').values(DEMO_PAGE_ROWS).execute();
    await trx
      .insertInto('demo_campaigns')
      .values({ id: 1, name: 'Campagne de lancement', duration_days: null, expiration_date: null })
      .execute();

    if (withAccounts) await seedDemoAccounts(trx, passwordHash, now);
    await trx
      .insertInto('settings')
      .values({ key: 'seed.version', value: JSON.stringify(SEED_VERSION) })
      .execute();
  });
  return true;
}

/** The demo accounts of the README's table, with the subscriber's history (resume points, favourites). */
async function seedDemoAccounts(trx: Kysely<Database>, passwordHash: string, now: Date) {
  const created = now.toISOString();
  const ids: number[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = await trx
      .insertInto('customers')
      .values({
        uid: randomUUID(),
        login: account.login,
        password_hash: passwordHash,
        user_name: account.firstName,
        locale: 'fr',
        country: 'fr',
        gender: null,
        first_name: account.firstName,
        last_name: account.lastName,
        phone_number: null,
        optin: 0,
        parental_code_hash: null,
        logged_with: 'playz',
        has_domain_mailbox: 0,
        demo_campaign_id: account.login.startsWith('demo@') ? 1 : null,
        demo_expires_at: null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const [subscriberId] = ids;
  if (subscriberId === undefined) throw new Error('demo subscriber not created');
  await trx
    .insertInto('subscriptions')
    .values({
      customer_id: subscriberId,
      offer_id: 11,
      billing_type: 'CreditCard',
      status: 'Paid',
      subscriber: 1,
      expiration_date: new Date(now.getTime() + 20 * DAY).toISOString(),
      created_at: new Date(now.getTime() - 10 * DAY).toISOString(),
      operator_id: null,
    })
    .execute();
  const progress = [
    { content_id: 1002, playback_time: 12, percentage: 37.5 },
    { content_id: 21012, playback_time: 20, percentage: 62.5 },
    { content_id: 1003, playback_time: 6, percentage: 18.75 },
  ];
  await trx
    .insertInto('processing')
    .values(
      progress.map((p, i) => ({
        customer_id: subscriberId,
        ...p,
        updated_at: new Date(now.getTime() - i * 3600 * 1000).toISOString(),
      })),
    )
    .execute();
  await trx
    .insertInto('favorites')
    .values(
      [1001, 1004, 1009, 1012].map((id, i) => ({
        customer_id: subscriberId,
        item_type: 'Content',
        item_id: id,
        created_at: new Date(now.getTime() - i * DAY).toISOString(),
      })),
    )
    .execute();
}
