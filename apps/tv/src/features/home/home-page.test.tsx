import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PageRow } from '@playz/api-contract';
import { remoteKeyOf } from '@playz/platform';
import { HOME_LIMITS } from '@/lib/page-limits';
import { renderTv } from '@/test/render-tv';

const images = { landscape: '/media/l.jpg', portrait: '/media/p.jpg', backdrop: null };
const row = (index: number): PageRow => ({
  rowType: 'Channels',
  typeID: null,
  style: 'Landscape',
  title: `Rang ${index}`,
  data: {
    Channels: Array.from({ length: 20 }, (_, i) => ({
      channelID: index * 100 + i,
      channelType: 'Stream' as const,
      provider: 'playz',
      providerID: null,
      name: `Chaîne ${index}-${i}`,
      description: '',
      locale: 'fr',
      genre: '',
      shareUrl: '',
      thumbnailUrl: null,
      previewUrl: null,
      posterUrl: null,
      images,
      slug: `c-${index}-${i}`,
      currentContent: null,
    })),
  },
});
const rows = Array.from({ length: 10 }, (_, i) => row(i + 1));
const device = (lowMemory: boolean) => ({
  platform: 'OrangeSTB' as const,
  lowMemory,
  remoteKeyOf: (event: KeyboardEvent) => remoteKeyOf(event, 'OrangeSTB'),
  exit: () => false,
});

describe('home on the TV (spec 2 §2 home rows; spec 2 §9 low-memory models, decision 035)', () => {
  it('spec 2 §2: shows the home rows with their cards and a billboard of the first card', async () => {
    renderTv('/', { 'GET /page/home/rows': { response: { Rows: rows } } }, device(false));
    expect(await screen.findByRole('heading', { name: 'Rang 1' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chaîne 1-0');
  });

  it('spec 2 §9: a UHD86 / UHD87 box gets fewer rows and cards, and pictures only near the focus', async () => {
    const view = renderTv('/', { 'GET /page/home/rows': { response: { Rows: rows } } }, device(true));
    await screen.findByRole('heading', { name: 'Rang 1' });
    const { maxRows, maxTiles, imageRowsAround } = HOME_LIMITS.lowMemory;
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(maxRows);
    const sections = view.container.querySelectorAll('section.tile-row');
    expect(sections[0]!.querySelectorAll('.tile')).toHaveLength(maxTiles);
    // Focus on the first row: rows past `imageRowsAround` keep their cards but not their pictures.
    expect(sections[imageRowsAround]!.querySelectorAll('img').length).toBeGreaterThan(0);
    expect(sections[imageRowsAround + 1]!.querySelectorAll('img')).toHaveLength(0);
  });
});
