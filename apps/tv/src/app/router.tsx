import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { TvRoot } from './tv-root';
import { TvLayout } from './tv-layout';
import { HomePage } from '@/features/home/home-page';
import { ContentPage } from '@/features/content/content-page';
import { SeriesPage } from '@/features/content/series-page';
import { ChannelsPage } from '@/features/live/channels-page';
import { GuidePage } from '@/features/live/guide-page';
import { ContentPlayerRoute } from './routes/content-player.route';
import { ChannelPlayerRoute } from './routes/channel-player.route';
import { LiveEventPlayerRoute } from './routes/live-event-player.route';
import { PlayerGate } from '@/features/set-top/playback-suspension';
import { SearchPage } from '@/features/search/search-page';
import { ReplayPage } from '@/features/replay/replay-page';
import { FavoritesPage } from '@/features/account/favorites-page';
import { AccountPage } from '@/features/account/account-page';
import { LinkLoginPage } from '@/features/account/link-login-page';
import { SubscribePage } from '@/features/account/subscribe-page';
import { RentPage } from '@/features/account/rent-page';
import { NotFoundPage } from '@/components/not-found-page';
import { GuestLinkPage } from '@/remote/guest-link-page';
import { ExplorePage } from '@/features/explore/explore-page';
import { CategoryPage, CharacterPage, CollectionPage } from '@/features/explore/item-pages';

/** The route table of decision 035 (paths in app/paths.ts), under the basename /tv. */
export const tvRoutes: RouteObject[] = [
  {
    element: <TvRoot />,
    children: [
      {
        element: <TvLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'content/:id', element: <ContentPage /> },
          { path: 'series/:id', element: <SeriesPage /> },
          { path: 'channels', element: <ChannelsPage /> },
          { path: 'guide', element: <GuidePage /> },
          { path: 'replay', element: <ReplayPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'favorites', element: <FavoritesPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'login', element: <LinkLoginPage /> },
          { path: 'subscribe', element: <SubscribePage /> },
          { path: 'rent/:id', element: <RentPage /> },
          { path: 'remote', element: <GuestLinkPage /> },
          // The other catalogue (spec 2 §7; decision 060).
          { path: 'explore', element: <ExplorePage /> },
          { path: 'category/:id', element: <CategoryPage /> },
          { path: 'content-collection/:id', element: <CollectionPage /> },
          { path: 'character/:id', element: <CharacterPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // Players fill the screen: no menu. None runs while the device has the app away (decision 087).
      {
        element: <PlayerGate />,
        children: [
          { path: 'channel/:id/player', element: <ChannelPlayerRoute /> },
          // A launch on a live event (the Orange box's route): its channel, or its replay.
          { path: 'live-event/:id/player', element: <LiveEventPlayerRoute /> },
          { path: ':type/:id/player', element: <ContentPlayerRoute /> },
        ],
      },
    ],
  },
];

export function createTvRouter() {
  return createBrowserRouter(tvRoutes, { basename: '/tv' });
}

export function createTestRouter(initialPath: string) {
  return createMemoryRouter(tvRoutes, { initialEntries: [initialPath] });
}
