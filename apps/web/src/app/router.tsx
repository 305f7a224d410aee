import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { ContentRoute } from './routes/content.route';
import { ContentListRoute } from './routes/content-list.route';
import { EpisodeRoute } from './routes/episode.route';
import { SeriesCatalogueRoute, SeriesRoute } from './routes/series.route';
import { CrashRoute, ErrorRoute } from './routes/error.route';
import { HomeRoute, InterRoute } from './routes/home.route';
import { LoginRoute } from './routes/login.route';
import { AccountEditRoute, AccountRoute } from './routes/account.route';
import {
  ChangePasswordRoute,
  ForgotLoginRoute,
  ForgotPasswordRoute,
  LinkApprovalRoute,
  RegisterRoute,
  SignInChoiceRoute,
} from './routes/auth.route';
import { WelcomeRoute } from './routes/welcome.route';
import { RootRoute } from './routes/root.route';
import { CookieSettingsRoute, DevicesLimitRoute, MigrationNoticeRoute } from './routes/dialogs.route';
import {
  CookiesPageRoute,
  InfosHubRoute,
  LegalNoticeRoute,
  PriceRoute,
  PublisherRoute,
  TextPageRoute,
} from './routes/service.route';
import { TestRoute } from './routes/test.route';
import { CampaignRoute, ReplayRoute, SearchRoute, TestimonialsRoute } from './routes/browse.route';

/**
 * The routes of this slice (spec 1 §2). Every other path of the route table answers the
 * not-found page until its screen exists: no placeholder pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <CrashRoute />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'service/inter', element: <InterRoute /> },
      { path: 'customer/login', element: <LoginRoute /> },
      { path: 'customer/authentication', element: <SignInChoiceRoute /> },
      { path: 'customer/register', element: <RegisterRoute /> },
      { path: 'customer/forgot-password', element: <ForgotPasswordRoute /> },
      { path: 'customer/forgot-login', element: <ForgotLoginRoute /> },
      { path: 'customer/change-password', element: <ChangePasswordRoute /> },
      { path: 'customer/link', element: <LinkApprovalRoute /> },
      { path: 'customer/account', element: <AccountRoute /> },
      { path: 'customer/welcome', element: <WelcomeRoute /> },
      { path: 'customer/edit-name', element: <AccountEditRoute kind="name" /> },
      { path: 'customer/edit-login', element: <AccountEditRoute kind="login" /> },
      { path: 'customer/edit-password', element: <AccountEditRoute kind="password" /> },
      { path: 'content/:contentId/:slug', element: <ContentRoute /> },
      { path: 'content-list/:listId/:slug', element: <ContentListRoute /> },
      { path: 'series', element: <SeriesCatalogueRoute /> },
      { path: 'series/:seriesId/:seriesSlug', element: <SeriesRoute /> },
      { path: 'series/:seriesId/:seriesSlug/season/:seasonId/:seasonSlug', element: <SeriesRoute /> },
      {
        path: 'series/:seriesId/:seriesSlug/season/:seasonId/:seasonSlug/episode/:episodeId/:episodeSlug',
        element: <EpisodeRoute />,
      },
      { path: 'search', element: <SearchRoute /> },
      { path: 'replay', element: <Navigate to="/replay/channels" replace /> },
      { path: 'replay/channels', element: <ReplayRoute tab="channels" /> },
      { path: 'replay/genres', element: <ReplayRoute tab="genres" /> },
      { path: 'temoignages', element: <TestimonialsRoute /> },
      { path: 'service/csa', element: <CampaignRoute /> },
      { path: 'service/infos', element: <InfosHubRoute /> },
      { path: 'service/infos/legal-notice', element: <LegalNoticeRoute /> },
      { path: 'service/infos/publisher', element: <PublisherRoute /> },
      { path: 'service/infos/price', element: <PriceRoute /> },
      { path: 'service/infos/terms', element: <TextPageRoute page="terms" /> },
      { path: 'service/infos/privacy', element: <TextPageRoute page="privacy" /> },
      { path: 'service/infos/faq', element: <TextPageRoute page="faq" /> },
      { path: 'service/infos/cookies', element: <CookiesPageRoute /> },
      // Dialog routes on their plain paths (mobile, spec 1 §2); desktop opens them by hash.
      { path: 'service/cookies/settings', element: <CookieSettingsRoute /> },
      { path: 'devices-limit-reached', element: <DevicesLimitRoute /> },
      { path: 'service/migration/replay-tv-france', element: <MigrationNoticeRoute /> },
      { path: 'test', element: <TestRoute /> },
      { path: 'error/server-error', element: <ErrorRoute kind="server-error" /> },
      { path: 'error/forbidden', element: <ErrorRoute kind="forbidden" /> },
      { path: 'error/not-found', element: <ErrorRoute kind="not-found" /> },
      { path: '*', element: <ErrorRoute kind="not-found" /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export const createTestRouter = (initialEntries: string[]) => createMemoryRouter(routes, { initialEntries });
