import {
  DEMO_CATEGORIES,
  DEMO_CHANNELS,
  programmeId,
  slotSteps,
} from '../../../apps/server/src/db/seed/demo-catalogue';

/**
 * The big catalogue of the scale benchmark (docs/big-catalogue.md): rows made by pure functions of
 * their index, so two runs (and SQLite and PostgreSQL) hold the same data. Added on top of the demo
 * data, with ids far above the demo's, so the demo accounts, films and channels still answer.
 */
export interface BigSizes {
  /** Films (the contents that are not episodes). */
  films: number;
  series: number;
  seasonsPerSeries: number;
  episodesPerSeason: number;
  /** Days of guide for the demo's 20 channels, centred on `now`. */
  guideDays: number;
  customers: number;
  /** Watch-history (resume point) rows, spread over the customers. */
  watchHistory: number;
  /** One payment (billing) per this many customers: support finds a customer by its id. */
  customersPerBilling: number;
  promoCodes: number;
}

/** 30,000 films + 2,000 series × 2 seasons × 5 episodes = 50,000 contents; 5 million resume points. */
export const BIG_SIZES: BigSizes = {
  films: 30_000,
  series: 2_000,
  seasonsPerSeries: 2,
  episodesPerSeason: 5,
  guideDays: 30,
  customers: 200_000,
  watchHistory: 5_000_000,
  customersPerBilling: 2,
  promoCodes: 200,
};

export const FIRST_FILM_ID = 100_000;
export const FIRST_EPISODE_ID = 1_000_000;
export const FIRST_SERIES_ID = 100_000;
export const FIRST_SEASON_ID = 200_000;
export const FIRST_CUSTOMER_ID = 1_000_000;

/** Words of the four languages, accents and ligatures included, so search folds what it must. */
const WORDS = {
  fr: ['été', 'forêt', 'château', 'mémoire', 'cœur', 'rêve', 'nuit', 'ombre', 'lumière', 'frère', 'école', 'tempête'],
  en: ['winter', 'shadow', 'river', 'storm', 'secret', 'harbour', 'kingdom', 'garden', 'silence', 'island'],
  nl: ['zee', 'ijsvogel', 'nacht', 'geheim', 'brug', 'molen', 'dijk', 'gracht', 'zomer', 'vuurtoren'],
  es: ['corazón', 'sueño', 'montaña', 'niño', 'canción', 'señor', 'pequeño', 'años', 'isla', 'camión'],
} as const;
const LANGUAGES = ['fr', 'en', 'nl', 'es'] as const;
const FIRST_NAMES = ['Léa', 'Hugo', 'Chloé', 'Noé', 'Zoë', 'Émile', 'Inès', 'Jan', 'Sofía', 'José', 'Anouk', 'Liam'];
const LAST_NAMES = ['Martin', 'Lefèvre', 'Dubois', 'García', 'Núñez', 'de Vries', 'Jansen', 'Smith', 'Brown', 'Müller'];
const GENRES = DEMO_CATEGORIES.map((c) => c.slug);

/** A small deterministic hash (no state): the same index gives the same pick on every run. */
export function pick(index: number, salt: number, modulo: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return (h >>> 0) % modulo;
}

function words(index: number, salt: number, count: number): string[] {
  const language = WORDS[LANGUAGES[pick(index, salt, LANGUAGES.length)]!];
  return Array.from({ length: count }, (_, k) => language[pick(index, salt + 10 + k, language.length)]!);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The rows of one table, each an array in `columns` order. */
export interface TableRows {
  table: string;
  columns: readonly string[];
  /** PostgreSQL type of each column, for bulk inserts through `unnest` arrays. */
  types: readonly string[];
  count: number;
  row(index: number): unknown[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function contentCount(sizes: BigSizes): number {
  return sizes.films + sizes.series * sizes.seasonsPerSeries * sizes.episodesPerSeason;
}

/** The id of the n-th big content (films first, then every episode). */
export function bigContentId(sizes: BigSizes, n: number): number {
  return n < sizes.films ? FIRST_FILM_ID + n : FIRST_EPISODE_ID + (n - sizes.films);
}

export function bigCatalogueTables(sizes: BigSizes, now: Date): TableRows[] {
  const at = now.getTime();
  const seasons = sizes.series * sizes.seasonsPerSeries;
  const contents = contentCount(sizes);
  const contentColumns = [
    'id',
    'content_list_id',
    'content_type',
    'title',
    'description',
    'duration',
    'clip_key',
    'year',
    'episode_number',
    'genre',
    'enabled',
    'created_at',
    'people',
    'rating',
  ] as const;
  const contentTypes = [
    'int',
    'int',
    'text',
    'text',
    'text',
    'float8',
    'text',
    'int',
    'int',
    'text',
    'int',
    'text',
    'text',
    'int',
  ];
  const people = (i: number) =>
    JSON.stringify({
      Directors: [`${FIRST_NAMES[pick(i, 7, FIRST_NAMES.length)]} ${LAST_NAMES[pick(i, 8, LAST_NAMES.length)]}`],
      Actors: [`${FIRST_NAMES[pick(i, 9, FIRST_NAMES.length)]} ${LAST_NAMES[pick(i, 11, LAST_NAMES.length)]}`],
    });
  const customersWithHistory = Math.min(sizes.customers, Math.ceil(sizes.watchHistory / 25));
  const perCustomer = Math.ceil(sizes.watchHistory / Math.max(1, customersWithHistory));
  // Steps coprime with the number of contents keep one customer's picks distinct.
  let step = 7;
  while (gcd(step, contents) !== 1) step += 2;

  return [
    {
      table: 'content_lists',
      columns: ['id', 'type', 'name', 'description', 'parent_id', 'number', 'metadata', 'position', 'rating'],
      types: ['int', 'text', 'text', 'text', 'int', 'int', 'text', 'int', 'int'],
      count: sizes.series + seasons,
      row: (i) => {
        if (i < sizes.series) {
          const name = capitalize(words(i, 20, 2).join(' '));
          return [
            FIRST_SERIES_ID + i,
            'Series',
            `${name} ${i}`,
            words(i, 21, 8).join(' '),
            null,
            null,
            '{}',
            1000 + i,
            0,
          ];
        }
        const s = i - sizes.series;
        const series = Math.floor(s / sizes.seasonsPerSeries);
        const number = (s % sizes.seasonsPerSeries) + 1;
        return [
          FIRST_SEASON_ID + s,
          'Season',
          `Saison ${number}`,
          '',
          FIRST_SERIES_ID + series,
          number,
          '{}',
          number,
          0,
        ];
      },
    },
    {
      table: 'contents',
      columns: contentColumns,
      types: contentTypes,
      count: contents,
      row: (n) => {
        const created = iso(at - DAY - (contents - n) * 60_000);
        const rating = [0, 0, 0, 10, 12, 16][pick(n, 5, 6)]!;
        if (n < sizes.films) {
          const title = `${capitalize(words(n, 1, 3).join(' '))} ${n}`;
          return [
            FIRST_FILM_ID + n,
            null,
            'Film',
            title,
            words(n, 2, 14).join(' '),
            5400 + pick(n, 3, 3600),
            'ocean',
            1950 + pick(n, 4, 76),
            null,
            GENRES[pick(n, 6, GENRES.length)]!,
            1,
            created,
            people(n),
            rating,
          ];
        }
        const e = n - sizes.films;
        const season = Math.floor(e / sizes.episodesPerSeason);
        return [
          FIRST_EPISODE_ID + e,
          FIRST_SEASON_ID + season,
          'Episode',
          capitalize(words(e, 30, 2).join(' ')),
          words(e, 31, 10).join(' '),
          1500 + pick(e, 32, 1200),
          'aurora',
          2000 + pick(e, 33, 26),
          (e % sizes.episodesPerSeason) + 1,
          GENRES[pick(season, 34, GENRES.length)]!,
          1,
          created,
          null,
          rating,
        ];
      },
    },
    guideTable(sizes, now),
    {
      table: 'demo_campaigns',
      columns: ['id', 'name', 'duration_days', 'expiration_date'],
      types: ['int', 'text', 'int', 'text'],
      count: 1,
      row: () => [100, 'Codes de la montée en charge', 30, null],
    },
    {
      table: 'promo_codes',
      columns: ['code', 'demo_campaign_id', 'expires_at', 'created_at', 'max_redemptions'],
      types: ['text', 'int', 'text', 'text', 'int'],
      count: sizes.promoCodes,
      row: (i) => [`BIG${String(i).padStart(5, '0')}`, 100, iso(at + (i + 1) * DAY), iso(at - (i + 1) * HOUR), 10_000],
    },
    {
      table: 'customers',
      columns: [
        'id',
        'uid',
        'login',
        'locale',
        'country',
        'first_name',
        'last_name',
        'phone_number',
        'created_at',
        'promo_code',
        'promo_redeemed_at',
      ],
      types: ['int', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'],
      count: sizes.customers,
      row: (i) => {
        const first = FIRST_NAMES[pick(i, 40, FIRST_NAMES.length)]!;
        const last = LAST_NAMES[pick(i, 41, LAST_NAMES.length)]!;
        const promo =
          i % 10 === 0 && sizes.promoCodes > 0 ? `BIG${String(pick(i, 42, sizes.promoCodes)).padStart(5, '0')}` : null;
        const created = iso(at - (sizes.customers - i) * 90_000);
        return [
          FIRST_CUSTOMER_ID + i,
          bigCustomerUid(i),
          bigCustomerLogin(i),
          LANGUAGES[pick(i, 43, LANGUAGES.length)]!,
          'fr',
          first,
          last,
          bigCustomerPhone(i),
          created,
          promo,
          promo ? created : null,
        ];
      },
    },
    {
      table: 'billings',
      columns: [
        'id',
        'customer_id',
        'offer_id',
        'billing_type',
        'kind',
        'state',
        'amount_cents',
        'currency',
        'trial_days',
        'platform',
        'created_at',
        'updated_at',
      ],
      types: ['text', 'int', 'int', 'text', 'text', 'text', 'int', 'text', 'int', 'text', 'text', 'text'],
      count: Math.floor(sizes.customers / sizes.customersPerBilling),
      row: (b) => {
        const created = iso(at - b * 60_000);
        return [
          bigBillingId(b),
          FIRST_CUSTOMER_ID + b * sizes.customersPerBilling,
          11,
          'CreditCard',
          'Subscription',
          'Succeeded',
          999,
          'EUR',
          0,
          'web',
          created,
          created,
        ];
      },
    },
    {
      table: 'processing',
      columns: ['customer_id', 'content_id', 'playback_time', 'percentage', 'updated_at'],
      types: ['int', 'int', 'float8', 'float8', 'text'],
      count: sizes.watchHistory,
      row: (r) => {
        // Customer by customer, as the primary key sorts: appends, not inserts all over the tree.
        const customer = Math.floor(r / perCustomer) % customersWithHistory;
        const k = r % perCustomer;
        const n = (pick(customer, 50, contents) + k * step) % contents;
        const percentage = 5 + pick(r, 51, 90);
        return [
          FIRST_CUSTOMER_ID + customer,
          bigContentId(sizes, n),
          percentage * 30,
          percentage,
          iso(at - k * HOUR - pick(customer, 52, 600) * 60_000),
        ];
      },
    },
  ];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export const bigCustomerLogin = (i: number) =>
  `${FIRST_NAMES[pick(i, 40, FIRST_NAMES.length)]!.normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase()}.${i}@exemple.fr`;
export const bigCustomerUid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** French mobile numbers, all distinct: +33 6 then eight digits made of the index. */
export const bigCustomerPhone = (i: number) => `+336${String(10_000_000 + i).padStart(8, '0')}`;
export const bigBillingId = (b: number) => `b16${b.toString(16).padStart(21, '0')}`;

/** The guide of the demo's channels over `guideDays` days, with the ids ensureScheduleWindow gives. */
function guideTable(sizes: BigSizes, now: Date): TableRows {
  const SLOT_MS = 30 * 60 * 1000;
  const firstSlot = Math.floor((now.getTime() - (sizes.guideDays / 2) * DAY) / SLOT_MS);
  const lastSlot = Math.ceil((now.getTime() + (sizes.guideDays / 2) * DAY) / SLOT_MS);
  const rows: unknown[][] = [];
  for (const channel of DEMO_CHANNELS) {
    const step = slotSteps(channel);
    for (let slot = firstSlot - (firstSlot % step); slot <= lastSlot; slot += step) {
      const index = (slot / step + channel.id) % channel.programmes.length;
      rows.push([
        (slot % 10_000_000) * 100 + channel.id,
        channel.id,
        programmeId(channel.id, index),
        new Date(slot * SLOT_MS).toISOString(),
        (step * SLOT_MS) / 1000,
      ]);
    }
  }
  return {
    table: 'schedules',
    columns: ['id', 'channel_id', 'content_id', 'date_scheduled', 'duration'],
    types: ['int', 'int', 'int', 'text', 'float8'],
    count: rows.length,
    row: (i) => rows[i]!,
  };
}
