import { describe, expect, it } from 'vitest';
import type { PageRow } from '@playz/api-contract';
import { toTvRows } from './tiles';
import { HOME_LIMITS, rowKeepsImages } from '@/lib/page-limits';

const images = { landscape: 'l.jpg', portrait: null, backdrop: null };
const channel = (id: number) =>
  ({
    channelID: id,
    name: `Ch ${id}`,
    description: '',
    images,
    posterUrl: null,
    thumbnailUrl: null,
    currentContent: null,
  }) as never;
const channelsRow = (count: number): PageRow => ({
  rowType: 'Channels',
  typeID: null,
  style: 'Rounded',
  title: 'Direct',
  data: { Channels: Array.from({ length: count }, (_, i) => channel(i + 1)) },
});

describe('home rows on the TV (spec 2 §2 home rows, decision 035 low-memory page)', () => {
  it('spec 2 §2: skips download and unknown rows and rows without data; channels open their player', () => {
    const rows = toTvRows(
      [
        { ...channelsRow(0), rowType: 'ContentsDownload' },
        { ...channelsRow(2), rowType: 'Mystery' },
        { ...channelsRow(2), data: null },
        channelsRow(2),
      ],
      HOME_LIMITS.full,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tiles.map((t) => t.to)).toEqual(['/channel/1/player', '/channel/2/player']);
  });

  it('spec 2 §9: the low-memory models (UHD86, UHD87) get fewer rows and fewer cards per row', () => {
    const many = Array.from({ length: 10 }, () => channelsRow(40));
    const light = toTvRows(many, HOME_LIMITS.lowMemory);
    const full = toTvRows(many, HOME_LIMITS.full);
    expect(light.length).toBe(HOME_LIMITS.lowMemory.maxRows);
    expect(full.length).toBe(10);
    expect(light[0]!.tiles.length).toBe(HOME_LIMITS.lowMemory.maxTiles);
    expect(full[0]!.tiles.length).toBe(HOME_LIMITS.full.maxTiles);
  });

  it('decision 035: the low-memory page keeps only the pictures of the rows next to the focus', () => {
    const around = HOME_LIMITS.lowMemory.imageRowsAround;
    expect([0, 1, 2, 3, 4].map((row) => rowKeepsImages(row, 2, around))).toEqual([false, true, true, true, false]);
    expect(rowKeepsImages(9, 0, HOME_LIMITS.full.imageRowsAround)).toBe(true);
  });
});
