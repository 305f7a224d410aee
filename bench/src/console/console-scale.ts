import { encodeCursor } from '../../../apps/server/src/db/keyset-cursor';
import {
  FIRST_CUSTOMER_ID,
  FIRST_FILM_ID,
  bigBillingId,
  bigCustomerLogin,
  bigCustomerPhone,
  pick,
  type BigSizes,
  type TableRows,
} from '../big/big-catalogue';

/**
 * The console at scale (decision 117): an operator's data as the console's goal states it, 100,000
 * customers and 20,000 contents, made by the big catalogue's generator (docs/big-catalogue.md) at
 * these sizes, with what the console's own lists read: the uploads and the contents made from them,
 * an audit log and a queue's dead-letter list.
 */
export const CONSOLE_SCALE_NAME = 'Console at scale';
export const CONSOLE_SCALE_HEADING = '## Console at scale';

/** 15,000 films + 500 series × 2 seasons × 5 episodes = 20,000 contents; 100,000 customers. */
export const CONSOLE_SIZES: BigSizes = {
  films: 15_000,
  series: 500,
  seasonsPerSeries: 2,
  episodesPerSeason: 5,
  guideDays: 2,
  customers: 100_000,
  watchHistory: 20_000,
  customersPerBilling: 2,
  promoCodes: 200,
};

/** Beside the catalogue: every film came from an upload; a year of audited changes; a full dead-letter list. */
export interface ConsoleExtras {
  auditEntries: number;
  deadLetters: number;
}
export const CONSOLE_EXTRAS: ConsoleExtras = { auditEntries: 100_000, deadLetters: 100 };

/** The queue whose dead-letter list is read: the outbox's pruning runs in every deployment. */
export const DEAD_LETTER_QUEUE = 'outbox-prune';
export const FIRST_AUDIT_ID = 1_000_000;
/** A staff member who made one audited change in 500: the filter reads far back for a page. */
export const RARE_ACTOR = 'controle@playz.fr';
const AGENTS = ['lea', 'hugo', 'ines', 'jan', 'sofia', 'jose', 'anouk', 'liam'].map((n) => `${n}@playz.fr`);
const ACTIONS = [
  ['content.update', 'content'],
  ['content.publish', 'content'],
  ['customer.goodwill', 'customer'],
  ['customer.refund', 'customer'],
  ['promo-code.create', 'promo-code'],
  ['schedule.change', 'channel'],
] as const;

/** The rows the console's own lists read, on top of the catalogue's tables. */
export function consoleTables(sizes: BigSizes, extras: ConsoleExtras, now: Date): TableRows[] {
  const at = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const texts = (n: number) =>
    JSON.stringify({
      fr: { title: `Film ${n}`, synopsis: '' },
      en: { title: `Film ${n} (en)`, synopsis: '' },
      nl: { title: `Film ${n} (nl)`, synopsis: '' },
      es: { title: `Película ${n}`, synopsis: '' },
    });
  return [
    {
      table: 'content_uploads',
      columns: [
        'id',
        'staff_id',
        'uploaded_by',
        'file_name',
        'size',
        'status',
        'progress',
        'content_id',
        'created_at',
        'updated_at',
      ],
      types: ['text', 'int', 'text', 'text', 'int8', 'text', 'int', 'int', 'text', 'text'],
      count: sizes.films,
      row: (n) => {
        const created = iso(at - (sizes.films - n) * 600_000);
        return [
          n.toString(16).padStart(32, '0'),
          1,
          AGENTS[pick(n, 60, AGENTS.length)]!,
          `film-${n}.mp4`,
          500_000_000 + pick(n, 61, 1_000_000_000),
          'done',
          100,
          FIRST_FILM_ID + n,
          created,
          created,
        ];
      },
    },
    {
      table: 'content_editorial',
      columns: ['content_id', 'texts', 'access', 'published', 'updated_at'],
      types: ['int', 'text', 'text', 'int', 'text'],
      count: sizes.films,
      row: (n) => [FIRST_FILM_ID + n, texts(n), 'subscription', 1, iso(at - (sizes.films - n) * 600_000)],
    },
    {
      table: 'audit_log',
      columns: ['id', 'at', 'staff_id', 'actor', 'action', 'target_type', 'target_id', 'before_json', 'after_json'],
      types: ['int', 'text', 'int', 'text', 'text', 'text', 'text', 'text', 'text'],
      count: extras.auditEntries,
      row: (i) => {
        const [action, targetType] = ACTIONS[pick(i, 62, ACTIONS.length)]!;
        const actor = i % 500 === 250 ? RARE_ACTOR : AGENTS[pick(i, 63, AGENTS.length)]!;
        return [
          FIRST_AUDIT_ID + i,
          iso(at - (extras.auditEntries - i) * 300_000),
          1,
          actor,
          action,
          targetType,
          String(pick(i, 64, 100_000)),
          '{"before":true}',
          '{"after":true}',
        ];
      },
    },
    {
      table: 'job_dead_letters',
      columns: ['id', 'queue', 'name', 'data_json', 'payload', 'attempts', 'error', 'failed_at'],
      types: ['text', 'text', 'text', 'text', 'text', 'int', 'text', 'text'],
      count: extras.deadLetters,
      row: (i) => [
        `${DEAD_LETTER_QUEUE}-bench-${String(i).padStart(4, '0')}`,
        DEAD_LETTER_QUEUE,
        DEAD_LETTER_QUEUE,
        '{}',
        '{}',
        3,
        'ENOSPC: no space left on device',
        iso(at - (extras.deadLetters - i) * 3_600_000),
      ],
    },
  ];
}

/** One line of the console's table: a request its pages make, and the goal of every line. */
export interface ConsoleScenario {
  name: string;
  path: string;
}

/** What the console's search and list pages ask, on a catalogue of `sizes` (pages the console reads). */
export function consoleScenarios(sizes: BigSizes): ConsoleScenario[] {
  // A customer a little past the middle, and the deep pages' start: half-way through the accounts.
  const customer = Math.floor(sizes.customers * 0.54321);
  const deep = FIRST_CUSTOMER_ID + Math.floor(sizes.customers / 2);
  const login = bigCustomerLogin(customer);
  const q = (text: string) => `/api/admin/customers?q=${encodeURIComponent(text)}`;
  return [
    { name: 'Customers: search by e-mail beginning', path: q(login.split('@')[0]!) },
    { name: 'Customers: search by phone', path: q(`0${bigCustomerPhone(customer).slice(3)}`) },
    {
      name: 'Customers: search by billing id',
      path: q(bigBillingId(Math.floor(customer / sizes.customersPerBilling))),
    },
    { name: 'Customers: newest, first page', path: '/api/admin/customers' },
    {
      name: 'Customers: newest, a page half-way (by cursor)',
      path: `/api/admin/customers?after=${encodeCursor('customers', [deep])}`,
    },
    { name: 'Contents: list, first page', path: '/api/admin/catalogue/contents' },
    {
      name: 'Contents: list, a page half-way (by cursor)',
      path: `/api/admin/catalogue/contents?after=${encodeCursor('catalogue-contents', [FIRST_FILM_ID + Math.floor(sizes.films / 2)])}`,
    },
    { name: 'Contents: search by title', path: '/api/admin/schedule/contents?q=tempete' },
    // Series by a title in any of the four languages (decision 117); the generator's are English words too.
    { name: 'Series: search by title', path: '/api/admin/series?q=storm' },
    { name: 'Uploads: list, first page', path: '/api/admin/catalogue/uploads' },
    { name: 'Promo codes: first page', path: '/api/admin/promo-codes' },
    { name: 'Audit log: first page', path: '/api/admin/audit' },
    {
      name: 'Audit log: filtered by one staff member',
      path: `/api/admin/audit?actor=${encodeURIComponent(RARE_ACTOR)}`,
    },
    { name: 'Jobs: dead-letter list', path: `/api/admin/jobs/queues/${DEAD_LETTER_QUEUE}/failed` },
  ];
}

/** The console's goal for every one of its lines (decision 117). */
export const P95_GOAL_MS = 200;

/**
 * The console's lines `npm run bench` measures (decision 117): like every scenario, those whose
 * name contains `--only`'s text (the empty default selects everything), all of them when the text
 * is part of the group's name, none with `--skip-console-scale` (a quick run: the seeds take
 * minutes; SQLite's is kept in data/bench-console, PostgreSQL's is made on each run).
 */
export function selectConsoleScenarios(all: ConsoleScenario[], only: string, skip: boolean): ConsoleScenario[] {
  if (skip) return [];
  const text = only.toLowerCase();
  if (CONSOLE_SCALE_NAME.toLowerCase().includes(text)) return all;
  return all.filter((s) => `${CONSOLE_SCALE_NAME}: ${s.name}`.toLowerCase().includes(text));
}
