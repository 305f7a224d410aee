import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Channel, Schedule } from '@playz/api-contract';
import { makeApp, makeChannel, makeContent, makeList, makeRow, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { renderWidget } from '@/test/render-widget';
import { startI18n } from '@/lib/i18n';
import { ChannelSidePanel } from '@/features/player/components/channel-side-panel';
import { ChannelGuide } from '@/features/player/components/channel-guide';

// The channel page's player is a fake that loads nothing.
vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

// Spec 1 §6 family safety (decisions 064, 082): the CSA badge of a content, a series or a
// programme on air follows it onto every card and live line that shows it, said in full.
const data = { response: { App: makeApp(), Customer: subscriber() } };
const rated = makeContent(1011, { title: 'Le Ciel en feu', slug: 'le-ciel-en-feu', rating: 16 });
const allAudiences = makeContent(1003, { title: 'Les Aurores', slug: 'les-aurores', rating: 0 });
const now = Date.parse('2026-11-28T20:30:00Z');
const onAir = (content = rated): Schedule => ({
  scheduleID: 77,
  dateScheduled: '2026-11-28T20:00:00Z',
  duration: 5400,
  content,
});
const polar = (content = rated): Channel => ({
  ...makeChannel(13, { name: 'Polar', slug: 'polar', currentContent: content }),
  schedules: [onAir(content)],
});
const badgeOf = (link: HTMLElement) => within(link).queryByRole('img', { name: /^Déconseillé aux moins de/ });

describe('spec 1 §6 rating badges on the web’s cards and live lines (decision 082)', () => {
  it('spec 1 §6 home rows: a rated film’s card and a channel’s card with a rated programme on air carry the badge', async () => {
    const rows = [
      makeRow('ReplayMovies', { Collection: [rated, allAudiences] }, { title: 'Films' }),
      makeRow(
        'Channels',
        { Channels: [makeChannel(13, { name: 'Polar', currentContent: rated })] },
        {
          title: 'Chaînes',
          style: 'Rounded',
        },
      ),
    ];
    renderApp('/', { 'GET /data': data, 'GET /page/home/rows': { response: { Rows: rows } } });
    const films = await screen.findByRole('region', { name: 'Films' });
    // Named by its title first (WCAG 2.5.3), its rating after.
    const card = within(films).getByRole('link', { name: 'Le Ciel en feu 2024 Déconseillé aux moins de 16 ans' });
    expect(badgeOf(card)).toHaveTextContent('-16');
    expect(badgeOf(within(films).getByRole('link', { name: /^Les Aurores/ }))).toBeNull();
    const channels = screen.getByRole('region', { name: 'Chaînes' });
    const channel = within(channels).getByRole('link', {
      name: 'Polar Le Ciel en feu Déconseillé aux moins de 16 ans',
    });
    expect(badgeOf(channel)).toHaveTextContent('-16');
  });

  it('spec 1 §6 search: a rated result carries the badge beside its type', async () => {
    renderApp('/search?q=ciel', {
      'GET /data': data,
      'GET /search': {
        response: {
          Collection: [rated, allAudiences],
          Results: [
            { type: 'Content', Content: rated },
            { type: 'ContentList', ContentList: makeList(2003, { name: 'Brigade du Port', rating: 12 }) },
            { type: 'Content', Content: allAudiences },
          ],
          Total: 3,
          Page: 1,
          PageSize: 24,
        },
      },
    });
    // Its type badge comes first, then its title, then its rating.
    const film = await screen.findByRole(
      'link',
      { name: /Le Ciel en feu ?2024 Déconseillé aux moins de 16 ans$/ },
      { timeout: 5000 },
    );
    expect(badgeOf(film)).toHaveTextContent('-16');
    const series = screen.getByRole('link', { name: /Brigade du Port Déconseillé aux moins de 12 ans$/ });
    expect(badgeOf(series)).toHaveTextContent('-12');
    expect(badgeOf(screen.getByRole('link', { name: /Les Aurores/ }))).toBeNull();
  });

  it('spec 1 §6 category and collection pages: rated contents and series carry the badge', async () => {
    const view = renderApp('/category/2', {
      'GET /data': data,
      'GET /category/2': {
        response: { Category: { ID: 2, name: 'Films', slug: 'films', contents: [rated, allAudiences] } },
      },
    });
    expect(badgeOf(await screen.findByRole('link', { name: /^Le Ciel en feu/ }))).toHaveTextContent('-16');
    expect(badgeOf(screen.getByRole('link', { name: /^Les Aurores/ }))).toBeNull();
    view.unmount();
    renderApp('/content-collection/1', {
      'GET /data': data,
      'GET /content-collection/1': {
        response: {
          ContentCollection: {
            ID: 1,
            name: 'À la une',
            channelID: null,
            items: [{ type: 'ContentList', ContentList: makeList(2003, { name: 'Brigade du Port', rating: 12 }) }],
          },
        },
      },
    });
    expect(badgeOf(await screen.findByRole('link', { name: /^Brigade du Port/ }))).toHaveTextContent('-12');
  });

  it('spec 1 §6 replay: a rated programme’s card carries the badge', async () => {
    renderApp('/replay/channels', {
      'GET /data': data,
      'GET /replay/channels': {
        response: { Collections: [{ ID: 'channel-13', name: 'Polar', channelID: 13, contents: [rated] }] },
      },
      'GET /replay/genres': { response: { Collections: [] } },
      'GET /replay/last-hours': { response: { Collection: [] } },
      'GET /channels': { response: { Channels: [polar()] } },
    });
    const row = await screen.findByRole('region', { name: 'Polar' });
    expect(badgeOf(within(row).getByRole('link', { name: /^Le Ciel en feu/ }))).toHaveTextContent('-16');
  });

  it('spec 1 §6 channel list: the programme on air’s badge follows its title; none for tous publics', () => {
    renderWidget(
      <ChannelSidePanel
        channels={[polar(), { ...polar(allAudiences), channelID: 14, name: 'Ciné Club' }]}
        currentId={null}
        now={now}
      />,
    );
    // Number, channel, programme and rating, each a word of its own for a screen reader.
    const item = screen.getByRole('link', { name: '1 Polar Le Ciel en feu Déconseillé aux moins de 16 ans' });
    expect(item).toBe(screen.getByTestId('channel-13'));
    expect(badgeOf(item)).toHaveTextContent('-16');
    expect(badgeOf(screen.getByTestId('channel-14'))).toBeNull();
  });

  it('spec 1 §6 channel page: the programme on air’s badge beside the channel’s name', async () => {
    const start = Date.now() - 600_000;
    const schedules = [{ ...onAir(), dateScheduled: new Date(start).toISOString(), duration: 5400 }];
    renderApp('/channel/13/polar', {
      'GET /data': data,
      'GET /channels': { response: { Channels: [{ ...polar(), schedules }] } },
      'GET /channel/13/schedule': { response: { Schedules: schedules } },
      'GET /channel/13/url/adaptive': {
        response: {
          AdaptiveStream: {
            ...{ url: '/live/tok/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
            ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
          },
        },
      },
    });
    const title = await screen.findByRole('heading', { level: 1, name: 'Le Ciel en feu' }, { timeout: 5000 });
    const line = title.parentElement!.querySelector('.live-page__subtitle')!;
    expect(within(line as HTMLElement).getByRole('img', { name: 'Déconseillé aux moins de 16 ans' })).toHaveTextContent(
      '-16',
    );
  });

  it('spec 1 §6 programme guide: a rated programme’s line carries its badge', () => {
    renderWidget(<ChannelGuide schedules={[onAir(), { ...onAir(allAudiences), scheduleID: 78 }]} now={now} />);
    const [first, second] = screen.getAllByTestId('guide-entry');
    expect(within(first!).getByRole('img', { name: 'Déconseillé aux moins de 16 ans' })).toHaveTextContent('-16');
    expect(badgeOf(second!)).toBeNull();
  });

  it.each([
    ['fr', 'Déconseillé aux moins de 18 ans'],
    ['en', 'Not advised for under-18s'],
    ['nl', 'Afgeraden onder de 18 jaar'],
    ['es', 'No recomendado para menores de 18 años'],
  ] as const)('spec 1 §6 the badge’s accessible name in %s', async (locale, meaning) => {
    expect((await startI18n(locale)).t('player.ratingBadge', { age: 18 })).toBe(meaning);
  });
});
