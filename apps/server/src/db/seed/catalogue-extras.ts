import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { programmeId } from './demo-catalogue';

/**
 * Demo data of catalogue browsing (people, characters, games, live events, campaign videos), seeded
 * by its own idempotent step after the first seed: a database seeded before it existed gets it too, and
 * the `seed.catalogue-extras` setting records that it happened. Ids are fixed (decision 007).
 */
export const CATALOGUE_EXTRAS_KEY = 'seed.catalogue-extras';

/** Directors and actors of the demo films (invented names), searched and shown in metadata. */
export const DEMO_PEOPLE: Record<number, { Directors: string[]; Actors: string[] }> = {
  1001: { Directors: ['Maïa Etcheverry'], Actors: ['Jeanne Duval', 'Hugo Lacaze'] },
  1002: { Directors: ['Karim Benali'], Actors: ['Théo Marchand', 'Inès Fabre'] },
  1003: { Directors: ['Solène Aubry'], Actors: ['Camille Nordin'] },
  1004: { Directors: ['Rémi Castaing'], Actors: ['Paul Girard', 'Loïc Girard', 'Bastien Girard'] },
  1005: { Directors: ['Maïa Etcheverry'], Actors: ['Gaëlle Le Bihan', 'Yves Kerjean'] },
  1006: { Directors: ['Karim Benali'], Actors: ['Nadia Ferhat', 'Théo Marchand'] },
  1007: { Directors: ['Solène Aubry'], Actors: [] },
  1008: { Directors: ['Rémi Castaing'], Actors: ['Paul Girard', 'Chloé Vasseur'] },
  1009: { Directors: ['Anaïs Le Goff'], Actors: ['Gaëlle Le Bihan'] },
  1010: { Directors: ['Karim Benali'], Actors: ['Inès Fabre', 'Marc Olivier'] },
  1011: { Directors: ['Solène Aubry'], Actors: ['Camille Nordin', 'Hugo Lacaze'] },
  1012: { Directors: ['Rémi Castaing'], Actors: ['Odile Schaller', 'Chloé Vasseur'] },
};

export const DEMO_CHARACTERS = [
  {
    id: 1,
    name: 'Lina Roux',
    description: 'Commissaire de la brigade, née sur le Vieux-Port.',
    content_list_id: 2001,
  },
  {
    id: 2,
    name: 'Yann Kerbrat',
    description: 'Capitaine, ancien marin, têtu comme le mistral.',
    content_list_id: 2001,
  },
  { id: 3, name: 'Aputsiaq', description: 'Guide inuit et voisin le plus proche du refuge.', content_list_id: 2002 },
  { id: 4, name: 'Chef Mado', description: 'La cheffe étoilée que tous les commis redoutent.', content_list_id: 2003 },
];

export const DEMO_GAMES = [
  { id: 1, name: '2048', url: 'https://play2048.co/', position: 1 },
  { id: 2, name: 'Sudoku', url: 'https://sudoku.com/', position: 2 },
  { id: 3, name: 'Échecs', url: 'https://lichess.org/', position: 3 },
];

/** Collection of the campaign page /service/csa (spec 2 §2). */
export const CSA_COLLECTION_ID = 3;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Live events on the events channel, dated relative to `now` at every start (like the programme
 * guide), so the demo always shows one past event with a replay, one running and two to come.
 */
export function demoLiveEvents(now: Date): Database['live_events'][] {
  const at = (ms: number) => new Date(Math.floor((now.getTime() + ms) / HOUR) * HOUR).toISOString();
  const base = {
    channel_id: 20,
    location_name: null,
    location_address: null,
    lead_time_seconds: 900,
    poster: null,
    preview: null,
    teaser: null,
    product_price_id: null,
  };
  return [
    {
      ...base,
      id: 1,
      content_id: programmeId(20, 0),
      name: 'Concert exceptionnel au Zénith',
      description: 'Le concert de l’année, en direct du Zénith de Paris.',
      description_sections: JSON.stringify([{ title: 'Programme', text: 'Première partie, concert, rappels.' }]),
      location_name: 'Zénith de Paris',
      location_address: '211 avenue Jean-Jaurès, 75019 Paris',
      date_scheduled: at(-2 * DAY),
      duration: 7200,
      countdown_type: 'Image',
    },
    {
      ...base,
      id: 2,
      content_id: 0,
      name: 'Gala des étoiles',
      description: 'Le gala annuel, en direct et en intégralité.',
      description_sections: '[]',
      date_scheduled: at(-HOUR),
      duration: 3 * 3600,
      countdown_type: 'Stream',
    },
    {
      ...base,
      id: 3,
      content_id: 0,
      name: 'Soirée spéciale : les 20 ans du festival',
      description: 'Une soirée anniversaire avec les artistes du festival.',
      description_sections: '[]',
      date_scheduled: at(2 * DAY),
      duration: 5400,
      countdown_type: 'Video',
    },
    {
      ...base,
      id: 4,
      content_id: 0,
      name: 'Nuit du jazz',
      description: 'Huit heures de jazz en direct de Juan-les-Pins.',
      description_sections: '[]',
      location_name: 'Pinède Gould',
      location_address: 'Juan-les-Pins',
      date_scheduled: at(7 * DAY),
      duration: 8 * 3600,
      countdown_type: 'Image',
    },
  ];
}

export async function seedCatalogueExtras(db: Kysely<Database>, now: Date): Promise<boolean> {
  const seeded = await db.selectFrom('settings').select('key').where('key', '=', 'seed.version').executeTakeFirst();
  const done = await db.selectFrom('settings').select('key').where('key', '=', CATALOGUE_EXTRAS_KEY).executeTakeFirst();
  if (!seeded || done) return false;
  await db.transaction().execute(async (trx) => {
    for (const [id, people] of Object.entries(DEMO_PEOPLE))
      await trx
        .updateTable('contents')
        .set({ people: JSON.stringify(people) })
        .where('id', '=', Number(id))
        .execute();
    const series = await trx
      .selectFrom('content_lists')
      .select(['id', 'portrait'])
      .where('type', '=', 'Series')
      .execute();
    const portrait = new Map(series.map((s) => [s.id, s.portrait]));
    await trx
      .insertInto('characters')
      .values(DEMO_CHARACTERS.map((c) => ({ ...c, image: portrait.get(c.content_list_id) ?? null })))
      .execute();
    const poster = await trx.selectFrom('channels').select('poster').where('id', '=', 6).executeTakeFirst();
    await trx
      .insertInto('games')
      .values(DEMO_GAMES.map((g) => ({ ...g, preview: poster?.poster ?? null })))
      .execute();
    await trx.insertInto('live_events').values(demoLiveEvents(now)).execute();
    await trx
      .insertInto('collections')
      .values({ id: CSA_COLLECTION_ID, name: 'Campagne CSA', channel_id: null })
      .execute();
    await trx
      .insertInto('collection_items')
      .values(
        [1003, 1007, 1009].map((id, i) => ({
          collection_id: CSA_COLLECTION_ID,
          position: i + 1,
          item_type: 'Content',
          item_id: id,
        })),
      )
      .execute();
    await trx.insertInto('settings').values({ key: CATALOGUE_EXTRAS_KEY, value: '1' }).execute();
  });
  return true;
}

/**
 * Keeps the demo live events around `now` at every start (ids 1-4 only; imported ones are left
 * alone, and so is one an editor changed in the console, decision 108).
 */
export async function ensureLiveEventWindow(db: Kysely<Database>, now: Date): Promise<void> {
  for (const event of demoLiveEvents(now))
    await db
      .updateTable('live_events')
      .set({ date_scheduled: event.date_scheduled })
      .where('id', '=', event.id)
      .where('edited_at', 'is', null)
      .execute();
}
