import type { Content, PageRow } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CatalogueRepository, ContentRow } from './catalogue.repository';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueService } from './catalogue.service';
import type { CollectionsService } from './collections.service';
import type { ContentTexts } from './content-texts';
import { toContent, toContentList, type ViewContext } from './catalogue.views';
import { isKids, kidsRowData } from './kids-filter';
import { narrowRowData, parseGenre, type GenreFilter } from './page-rows-genre';
import { createGenerationCache } from '../../lib/generation-cache';
import { jsonWithProperty, SerializedAnswer, toJsonBytes } from '../../lib/serialized-answer';
import type { TableGenerations } from '../../lib/table-generations';

const ROW_LIMIT = 24;
const HOUR = 3600 * 1000;

type RowData = NonNullable<PageRow['data']>;
/** A page's rows as the cache keeps them (decision 097 addendum). */
interface SharedPage {
  /** The answer's bytes around the customer's own rows: one more segment than own rows. */
  segments: Buffer[];
  /** The customer's own rows, in the page's order, their data empty. */
  own: PageRow[];
  /** The whole answer of a viewer with no own rows (a visitor). */
  visitor: Buffer;
}
const ROWS_OPEN = Buffer.from('{"Rows":[');
const ROWS_CLOSE = Buffer.from(']}');
const COMMA = Buffer.from(',');

/** `a0, b0, a1, b1, …, an`: the segments with the own rows between them. */
function interleave(segments: readonly Buffer[], own: readonly Buffer[]): Buffer[] {
  return segments.flatMap((segment, i) => (i < own.length ? [segment, own[i]!] : [segment]));
}
interface RowSource {
  row_type: string;
  type_id: number | null;
}
/** A row's title as the console writes it (decision 106): French in `title`, others in `titles`. */
interface TitledRow {
  title: string;
  titles?: string | undefined;
}
const otherTitles = (row: TitledRow): Partial<Record<string, string>> =>
  JSON.parse(row.titles ?? '{}') as Partial<Record<string, string>>;
/** The row's title in `locale`, the French one where the editor wrote none. */
const titleIn = (row: TitledRow, locale: string) => (locale === 'fr' ? null : otherTitles(row)[locale]) || row.title;

/**
 * Builds the rows of a page (spec 2 §2 Home rows, §3 Page row) in one request, so a customer's
 * home needs a single call. Customer rows (Favorites, ContentsProcessing) are empty for visitors.
 * With a genre (spec 2 §7 "genre comedy"), every row keeps only what is of that genre (decision 020);
 * on a kids profile, only what suits it (decision 059).
 */
export function createPageRowsService(deps: {
  repo: CatalogueRepository;
  catalogue: CatalogueService;
  collections: CollectionsService;
  cache: CatalogueCache;
  view: ViewContext;
  /** The contents' texts in the viewer's language (decision 107). */
  texts: ContentTexts;
  /** The table write counters (decision 037): a customer's own rows are kept while unwritten. */
  generations?: TableGenerations;
  now?: () => Date;
}) {
  const { repo, view, catalogue } = deps;
  const now = deps.now ?? (() => new Date());
  const contents = (rows: Parameters<typeof toContent>[0][]) => rows.map((r) => toContent(r, view));

  async function customerContents(
    customerId: number | null,
    kind: 'Favorites' | 'ContentsProcessing',
  ): Promise<Content[]> {
    if (customerId === null) return [];
    if (kind === 'Favorites') return contents(await repo.listFavoriteContents(customerId));
    return (await repo.listProcessingContents(customerId)).map((row) => toContent(row, view, row));
  }

  /** Programmes that ended within the last 24 hours, newest first (ReplayLastHours). */
  async function replayLastHours(genre: GenreFilter | null): Promise<Content[]> {
    const t = now().getTime();
    const channels = await repo.listChannels();
    const rows = await repo.listSchedules(
      channels.map((c) => c.id),
      new Date(t - 24 * HOUR).toISOString(),
      new Date(t).toISOString(),
    );
    const ended = rows.filter((r) => Date.parse(r.date_scheduled) + r.duration * 1000 <= t).reverse();
    const ids = [...new Set(ended.map((r) => r.content_id))];
    // With a genre the row is narrowed before the limit, so that genre still fills it.
    const found = await repo.listContentsByIds(genre ? ids : ids.slice(0, ROW_LIMIT));
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids
      .map((id) => byId.get(id))
      .filter((row): row is ContentRow => row !== undefined && (!genre || genre.matches(row.genre)))
      .slice(0, ROW_LIMIT)
      .map((row) => toContent(row, view));
  }

  async function rowData(
    source: RowSource,
    customerId: number | null,
    genre: GenreFilter | null,
    kids: boolean,
    locale: string,
  ): Promise<RowData | null> {
    const data = await unfilteredRowData(source, customerId, genre);
    const ofGenre = data && genre ? narrowRowData(data, genre) : data;
    const ofViewer = ofGenre && kids ? kidsRowData(ofGenre) : ofGenre;
    // The contents' titles and synopses in the viewer's language, French where none (decision 107).
    return deps.texts.localise(ofViewer, locale);
  }

  /** A row's data; the rows read with a limit are narrowed to the genre in the query itself. */
  async function unfilteredRowData(
    source: RowSource,
    customerId: number | null,
    genre: GenreFilter | null,
  ): Promise<RowData | null> {
    switch (source.row_type) {
      case 'Channels':
        return { Channels: (await catalogue.channelsWithCurrent()).map(({ schedules: _s, ...c }) => c) };
      case 'ContentCollection': {
        const c = source.type_id !== null ? await deps.collections.getCollection(source.type_id) : null;
        return c ? { ContentCollection: c } : null;
      }
      case 'Category': {
        const category = source.type_id !== null ? await repo.getCategory(source.type_id) : null;
        return category ? { Collection: contents(await repo.listContentsByGenre(category.slug, ROW_LIMIT)) } : null;
      }
      case 'ContentList': {
        const list = source.type_id !== null ? await catalogue.listContentsOfList(source.type_id) : null;
        return list ? { ContentList: list } : null;
      }
      case 'ReplayMovies':
        return { Collection: contents(await repo.listContentsByType('Film', ROW_LIMIT, genre && [...genre.names])) };
      case 'ReplaySeries':
      case 'Series':
        // A row's worth, as every other row: with thousands of series the whole list made the home
        // page's answer megabytes (decision 100); GET /series still lists them all.
        return { Series: (await catalogue.listSeries()).slice(0, ROW_LIMIT) };
      case 'ReplayLastHours':
        return { Collection: await replayLastHours(genre) };
      case 'Favorites':
        return { Favorites: await customerContents(customerId, 'Favorites') };
      case 'ContentsProcessing':
        return { ContentsProcessing: await customerContents(customerId, 'ContentsProcessing') };
      default:
        // ContentsDownload and types unknown to this server carry no data; clients skip them.
        return null;
    }
  }

  /** Rows whose data is the same for everyone (all but the customer's own rows). */
  const CUSTOMER_ROWS = new Set(['Favorites', 'ContentsProcessing']);

  /**
   * A customer's own row data, serialised, per customer and genre: kept while the tables it was
   * read from are unwritten (decision 037). Favourites change rarely; resume points move while
   * someone watches, so that entry is read again more often, never served stale.
   */
  const ownRowCaches = deps.generations
    ? {
        Favorites: createGenerationCache<Buffer>({
          generations: deps.generations,
          tables: ['favorites', 'contents', 'content_lists'],
          maxEntries: 20_000,
        }),
        ContentsProcessing: createGenerationCache<Buffer>({
          generations: deps.generations,
          tables: ['processing', 'contents', 'content_lists'],
          maxEntries: 20_000,
        }),
      }
    : null;

  /** A customer row (`rowType` one of CUSTOMER_ROWS) with its data, serialised. */
  async function ownRowJson(
    row: PageRow,
    customerId: number | null,
    genre: GenreFilter | null,
    kids: boolean,
    locale: string,
  ): Promise<Buffer> {
    const read = async () =>
      toJsonBytes(await rowData({ row_type: row.rowType, type_id: row.typeID }, customerId, genre, kids, locale));
    const cache = customerId === null ? undefined : ownRowCaches?.[row.rowType as keyof typeof ownRowCaches];
    const data = cache ? await cache.get(ownRowKey(customerId!, genre, kids, locale), read) : await read();
    return rowBytes(row, data);
  }
  /** A customer row's key in its generation cache: the customer, genre, kids and language. */
  function ownRowKey(customerId: number, genre: GenreFilter | null, kids: boolean, locale: string) {
    // The language is part of the key only where some content speaks it (`textLocale`).
    const language = locale === 'fr' ? '' : `:${locale}`;
    return `${customerId}:${genre?.key ?? ''}:${kids ? 'kids' : ''}${language}`;
  }
  /**
   * The row with its data, made once per row object of the page's cache entry and per kept data
   * (decision 123): a repeat of the same viewer's rows copies nothing more.
   */
  function rowBytes(row: PageRow, data: Buffer): Buffer {
    let ofData = withData.get(data);
    if (!ofData) withData.set(data, (ofData = new WeakMap()));
    let json = ofData.get(row);
    if (!json) {
      const { data: _shared, ...rest } = row;
      ofData.set(row, (json = jsonWithProperty(rest, 'data', data)));
    }
    return json;
  }
  /** A customer row's bytes per kept data and row: both live as long as their caches keep them. */
  const withData = new WeakMap<Buffer, WeakMap<PageRow, Buffer>>();

  /**
   * The shared part of a page, cached per catalogue version for 10 s (what is on air moves with
   * the clock; spec 2 §9 refreshes schedules every 10 s), per genre and per viewer class (kids or
   * not). The answer's bytes are made here once, in the segments around the customer's own rows
   * (Favorites, ContentsProcessing): a request joins the segments with its own rows only, one
   * copy of the 70 kB answer instead of the three that splicing the array, the object and the
   * envelope made (decision 097 addendum). A visitor's answer (own rows empty) is whole here.
   * Per language too, but only one some content is translated into (decision 107): the rows'
   * contents carry their titles, so an English and a French visitor get bytes of their own.
   */
  function sharedPage(
    page: string,
    withData: boolean,
    genre: GenreFilter | null,
    kids: boolean,
    locale: string,
  ): Promise<SharedPage> {
    return deps.cache.get(sharedKey(page, withData, genre, kids, locale), 10_000, async () => {
      const listed = await repo.listPageRows(page);
      if (!listed.length) throw apiError(ApiErrorNumber.NotFound);
      const rows: PageRow[] = await Promise.all(
        listed.map(async (r) => ({
          rowType: r.row_type,
          typeID: r.type_id,
          style: r.style as PageRow['style'],
          title: titleIn(r, locale),
          data: withData && !CUSTOMER_ROWS.has(r.row_type) ? await rowData(r, null, genre, kids, locale) : null,
        })),
      );
      const own = withData ? rows.filter((r) => CUSTOMER_ROWS.has(r.rowType)) : [];
      const segments: Buffer[] = [];
      let pieces: Buffer[] = [ROWS_OPEN];
      rows.forEach((row, i) => {
        if (i) pieces.push(COMMA);
        if (own.includes(row)) {
          segments.push(Buffer.concat(pieces));
          pieces = [];
        } else pieces.push(toJsonBytes(row));
      });
      pieces.push(ROWS_CLOSE);
      segments.push(Buffer.concat(pieces));
      // A visitor's own rows are empty and read nothing: joined once, here.
      const visitor = Buffer.concat(
        interleave(segments, await Promise.all(own.map((r) => ownRowJson(r, null, genre, kids, locale)))),
      );
      return { segments, own, visitor };
    });
  }

  /** The cache key of a page's shared part (`sharedPage`). */
  function sharedKey(page: string, withData: boolean, genre: GenreFilter | null, kids: boolean, locale: string) {
    const language = locale !== 'fr' ? `:${locale}` : '';
    return `page-rows:${page}:${withData ? 1 : 0}:${withData && genre ? genre.key : ''}:${withData && kids ? 'kids' : ''}${language}`;
  }

  /**
   * The language a page is answered in: the viewer's where some content (decision 107) or one of
   * the page's row titles (decision 106) is written in it, French otherwise, so an untranslated
   * language shares French's kept bytes. French viewers read nothing more.
   */
  async function pageLocale(page: string, withData: boolean, requested: string): Promise<string> {
    if (requested === 'fr') return 'fr';
    if (withData && (await deps.texts.textLocale(requested)) === requested) return requested;
    const titled = await deps.cache.get(titlesKey(page), 10 * 60_000, async () => {
      const rows = await repo.listPageRows(page);
      return new Set(rows.flatMap((row) => Object.keys(otherTitles(row))));
    });
    return titled.has(requested) ? requested : 'fr';
  }
  /** The cache key of the languages a page's row titles are written in. */
  const titlesKey = (page: string) => `page-row-titles:${page}`;
  /**
   * What `pageLocale` would resolve to now, when the content texts' languages and (where they
   * are needed) the page's title languages are kept of the current catalogue version; undefined
   * otherwise (decision 129: every language takes the request's own turn, not only French).
   */
  function peekPageLocale(page: string, withData: boolean, requested: string): string | undefined {
    if (requested === 'fr') return 'fr';
    if (withData) {
      const texts = deps.texts.peekTextLocale(requested);
      if (texts === undefined) return undefined;
      if (texts === requested) return requested;
    }
    const titled = deps.cache.peek<Set<string>>(titlesKey(page));
    if (!titled) return undefined;
    return titled.has(requested) ? requested : 'fr';
  }

  return {
    /**
     * The answer of GET /page/{id}/rows (`{"Rows":[…]}`) as its parts, one after the other: the
     * customer's own rows (Favorites, ContentsProcessing) filled in and serialised for this
     * request between the segments the cache entry keeps; a visitor's answer whole, as kept. A
     * kids profile's rows are kept apart, narrowed to what suits it; the contents' texts and the
     * rows' titles are in `locale` where an editor wrote them in it (decisions 107, 106).
     */
    async pageRowsJson(
      page: string,
      options: { withData: boolean; genre?: string | undefined; locale?: string },
      customer: { customerId: number; isKidsProfile: boolean } | null,
    ): Promise<SerializedAnswer> {
      const genre = parseGenre(options.genre);
      const kids = isKids(customer);
      const locale = await pageLocale(page, options.withData, options.locale ?? 'fr');
      const shared = await sharedPage(page, options.withData, genre, kids, locale);
      if (!customer || !shared.own.length) return SerializedAnswer.kept(shared.visitor);
      const own = await Promise.all(shared.own.map((r) => ownRowJson(r, customer.customerId, genre, kids, locale)));
      return new SerializedAnswer(...interleave(shared.segments, own));
    },
    /**
     * What `pageRowsJson` would give now when every part is known without waiting (decision 123,
     * as the catalogue's `peek`, decision 097): the page's language known (French, or the content
     * texts' and the row titles' languages kept: decision 129), the page's shared part loaded and of the catalogue version read less than VERSION_CHECK_MS
     * ago, and each of the customer's own rows kept with its tables' counters unmoved (their stamp
     * read here, decision 037). Undefined otherwise: the caller takes `pageRowsJson`.
     */
    peekPageRowsJson(
      page: string,
      options: { withData: boolean; genre?: string | undefined; locale?: string },
      customer: { customerId: number; isKidsProfile: boolean } | null,
    ): SerializedAnswer | undefined {
      const locale = peekPageLocale(page, options.withData, options.locale ?? 'fr');
      if (locale === undefined) return undefined;
      const genre = parseGenre(options.genre);
      const kids = isKids(customer);
      const shared = deps.cache.peek<SharedPage>(sharedKey(page, options.withData, genre, kids, locale));
      if (!shared) return undefined;
      if (!customer || !shared.own.length) return SerializedAnswer.kept(shared.visitor);
      const own: Buffer[] = [];
      for (const row of shared.own) {
        const cache = ownRowCaches?.[row.rowType as keyof typeof ownRowCaches];
        const data = cache?.peek(ownRowKey(customer.customerId, genre, kids, locale));
        if (data === undefined) return undefined;
        own.push(rowBytes(row, data));
      }
      return new SerializedAnswer(...interleave(shared.segments, own));
    },
    toContentList,
  };
}
export type PageRowsService = ReturnType<typeof createPageRowsService>;
