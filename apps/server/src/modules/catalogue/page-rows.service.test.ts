import { describe, expect, it } from 'vitest';
import { envelopeJson } from '../../lib/serialized-answer';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import type { CollectionsService } from './collections.service';
import type { ContentTexts } from './content-texts';
import { createPageRowsService } from './page-rows.service';
import { createMemoryTableGenerations, type TableGenerations } from '../../lib/table-generations';

// The home rows' bytes are made once per cache entry and a request only joins its viewer's own
// rows between them (decision 097 addendum): the shared segments are the very same buffers for
// every subscriber, and a visitor's whole answer, envelope included, is made once.

const PAGE = [
  { row_type: 'Series', type_id: null, style: 'Portrait', title: 'Séries' },
  { row_type: 'Favorites', type_id: null, style: 'Default', title: 'Mes favoris' },
  { row_type: 'Channels', type_id: null, style: 'Rounded', title: 'Chaînes' },
  { row_type: 'ContentsProcessing', type_id: null, style: 'Landscape', title: 'Reprendre' },
  { row_type: 'Series', type_id: null, style: 'Portrait', title: 'Encore' },
];

function service(generations?: TableGenerations) {
  const reads: string[] = [];
  let textsRead = false;
  const textLocaleOf = (locale: string) => ((textsRead = true), locale === 'en' ? 'en' : 'fr');
  const entries = new Map<string, Promise<unknown>>();
  const settled = new Map<string, unknown>();
  const cache = {
    get: (key: string, _ttl: number, load: () => Promise<unknown>) => {
      if (!entries.has(key))
        entries.set(
          key,
          load().then((value) => (settled.set(key, value), value)),
        );
      return entries.get(key);
    },
    peek: (key: string) => settled.get(key),
  } as unknown as CatalogueCache;
  const repo = {
    listPageRows: async () => PAGE,
    listFavoriteContents: async (id: number) => (reads.push(`favorites ${id}`), []),
    listProcessingContents: async (id: number) => (reads.push(`processing ${id}`), []),
  } as unknown as CatalogueRepository;
  const catalogue = {
    listSeries: async () => [],
    channelsWithCurrent: async () => [],
  } as unknown as CatalogueService;
  const rows = createPageRowsService({
    repo,
    catalogue,
    collections: {} as CollectionsService,
    cache,
    view: { publicUrl: 'http://localhost:3000' },
    // No content translated nor sold alone (decision 107): answers as they are.
    texts: {
      localise: async <T>(value: T) => value,
      textLocale: async (locale: string) => textLocaleOf(locale),
      // English texts exist (decision 107), kept once the route has read them.
      peekTextLocale: (locale: string) => (locale === 'fr' ? 'fr' : textsRead ? textLocaleOf(locale) : undefined),
    } as unknown as ContentTexts,
    generations,
  });
  return { rows, reads };
}

const customer = (customerId: number) => ({ customerId, isKidsProfile: false });

describe('page rows kept as bytes (spec 2 §2 Home rows, decision 097 addendum)', () => {
  it('joins each subscriber’s own rows between the same shared segments', async () => {
    const { rows, reads } = service();
    const a = await rows.pageRowsJson('home', { withData: true }, customer(1));
    const b = await rows.pageRowsJson('home', { withData: true }, customer(2));
    expect(a.parts).toHaveLength(5);
    for (const i of [0, 2, 4]) expect(b.parts[i]).toBe(a.parts[i]);
    expect(b.parts[1]).not.toBe(a.parts[1]);
    expect(reads).toEqual(['favorites 1', 'processing 1', 'favorites 2', 'processing 2']);
    expect(JSON.parse(a.json.toString())).toEqual({
      Rows: PAGE.map((r) => ({
        rowType: r.row_type,
        typeID: r.type_id,
        style: r.style,
        title: r.title,
        data: r.row_type === 'Channels' ? { Channels: [] } : { [r.row_type]: [] },
      })),
    });
  });

  it('gives a subscriber’s repeat the same bytes of their own rows while their tables are unwritten (decision 123)', async () => {
    const generations = createMemoryTableGenerations();
    const { rows, reads } = service(generations);
    const first = await rows.pageRowsJson('home', { withData: true }, customer(1));
    const again = await rows.pageRowsJson('home', { withData: true }, customer(1));
    expect(reads).toEqual(['favorites 1', 'processing 1']);
    for (const i of [0, 1, 2, 3, 4]) expect(again.parts[i]).toBe(first.parts[i]);
    // A favourite written: that row is read and made again, the other kept.
    await generations.bump(new Set(['favorites']));
    const written = await rows.pageRowsJson('home', { withData: true }, customer(1));
    expect(written.parts[1]).not.toBe(first.parts[1]);
    expect(written.parts[1]!.equals(first.parts[1]!)).toBe(true);
    expect(written.parts[3]).toBe(first.parts[3]);
  });

  it('peeks the answer pageRowsJson gives when every part is kept, nothing on any miss (decision 123)', async () => {
    const generations = createMemoryTableGenerations();
    const { rows } = service(generations);
    const home = { withData: true };
    expect(rows.peekPageRowsJson('home', home, customer(1))).toBeUndefined();
    const routed = await rows.pageRowsJson('home', home, customer(1));
    const peeked = rows.peekPageRowsJson('home', home, customer(1))!;
    expect(peeked.parts).toHaveLength(5);
    peeked.parts.forEach((part, i) => expect(part).toBe(routed.parts[i]));
    // Another customer's own rows are not kept yet; a visitor's answer is the page's.
    expect(rows.peekPageRowsJson('home', home, customer(2))).toBeUndefined();
    expect(envelopeJson(rows.peekPageRowsJson('home', home, null)!)).toBe(
      envelopeJson(await rows.pageRowsJson('home', home, null)),
    );
    // A write to the viewer's tables: the awaited way decides.
    await generations.bump(new Set(['processing']));
    expect(rows.peekPageRowsJson('home', home, customer(1))).toBeUndefined();
  });

  it('peeks every language once the route has answered it, its own bytes or French’s (decision 129)', async () => {
    const { rows } = service(createMemoryTableGenerations());
    const home = { withData: true };
    await rows.pageRowsJson('home', home, customer(1));
    for (const locale of ['en', 'nl', 'es']) {
      // English is the first to need the texts' languages, Dutch the page titles' (no text is in
      // Dutch): neither is known without waiting before the route has read it. Spanish needs what
      // Dutch read: it is French's answer, peeked at once.
      if (locale !== 'es') expect(rows.peekPageRowsJson('home', { ...home, locale }, customer(1))).toBeUndefined();
      const routed = await rows.pageRowsJson('home', { ...home, locale }, customer(1));
      const peeked = rows.peekPageRowsJson('home', { ...home, locale }, customer(1))!;
      expect(peeked.parts).toHaveLength(routed.parts.length);
      peeked.parts.forEach((part, i) => expect(part).toBe(routed.parts[i]));
      expect(envelopeJson(rows.peekPageRowsJson('home', { ...home, locale }, null)!)).toBe(
        envelopeJson(await rows.pageRowsJson('home', { ...home, locale }, null)),
      );
    }
    const french = rows.peekPageRowsJson('home', home, customer(1))!;
    expect(rows.peekPageRowsJson('home', { ...home, locale: 'es' }, customer(1))!.parts).toEqual(french.parts);
    expect(rows.peekPageRowsJson('home', { ...home, locale: 'en' }, customer(1))!.parts[0]).not.toBe(french.parts[0]);
  });

  it('gives every visitor the same kept bytes, their envelope made once', async () => {
    const { rows, reads } = service();
    const first = await rows.pageRowsJson('home', { withData: true }, null);
    const second = await rows.pageRowsJson('home', { withData: true }, null);
    expect(first.kept).toBe(true);
    expect(second.parts[0]).toBe(first.parts[0]);
    expect(envelopeJson(second)).toBe(envelopeJson(first));
    expect(reads).toEqual([]);
    const subscriber = await rows.pageRowsJson('home', { withData: true }, customer(1));
    expect(subscriber.json.equals(first.json)).toBe(true);
    // Without data every viewer's answer is the same: kept too.
    expect((await rows.pageRowsJson('home', { withData: false }, customer(1))).kept).toBe(true);
  });
});
