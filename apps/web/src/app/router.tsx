import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { warmUpEngine } from '@playz/player';
import { loadScreenTexts } from '@/lib/i18n';
import { CrashBoundary, ErrorRoute } from './routes/error.route';
import { HomeRoute, InterRoute } from './routes/home.route';
import { LoginRoute } from './routes/login.route';
import { CookieSettingsRoute, DevicesLimitRoute, MigrationNoticeRoute } from './routes/dialogs.route';
import { RootRoute } from './routes/root.route';
import { RouteSkeleton } from './routes/route-skeleton';

const routeLoaders: (() => Promise<unknown>)[] = [];

/**
 * A page whose code loads when it is first visited, showing the page skeleton meanwhile. The
 * home, landing, log-in and error pages (and the dialogs the root layout opens) stay in the
 * first chunk: a visitor's first screen never waits for a second download.
 */
function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  options: { plays?: boolean } = {},
): ComponentType<Props> & { preload: () => void } {
  let loaded: ComponentType<Props> | null = null;
  // The page's texts come with its code (decision 122): it renders only once both are here, so it
  // never shows a raw key.
  const loadOnce = async () => (loaded ??= (await Promise.all([load(), loadScreenTexts()]))[0]);
  routeLoaders.push(loadOnce);
  const Page = lazy(async () => ({ default: await loadOnce() }));
  function LazyPage(props: Props) {
    // Once its code is here, a page renders at once (no skeleton flash); chosen once per mount
    // so a later render never swaps the tree under the page.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<RouteSkeleton />}>
        <Page {...props} />
      </Suspense>
    );
  }
  /**
   * The page's code (and for a player page, Shaka) fetched at once, while /data loads, rather
   * than once the start gate opens (decision 033, time to first frame).
   */
  LazyPage.preload = () => {
    void loadOnce().catch(() => undefined);
    if (options.plays) warmUpEngine();
  };
  return LazyPage;
}

/** Loads every on-demand route now (tests render them without waiting for a first download). */
export const preloadRoutes = () => Promise.all(routeLoaders.map((load) => load()));

// Players (and Shaka behind them), series, account, sign-up and recovery, service pages, search,
// replay and the rest: each route file is its own chunk (docs/benchmarks.md, web bundle).
const ContentRoute = lazyPage(async () => (await import('./routes/content.route')).ContentRoute, { plays: true });
const ContentListRoute = lazyPage(async () => (await import('./routes/content-list.route')).ContentListRoute, {
  plays: true,
});
const EpisodeRoute = lazyPage(async () => (await import('./routes/episode.route')).EpisodeRoute, { plays: true });
const ChannelRoute = lazyPage(async () => (await import('./routes/channel.route')).ChannelRoute, { plays: true });
const LiveEventRoute = lazyPage(async () => (await import('./routes/live-event.route')).LiveEventRoute, {
  plays: true,
});
const SeriesCatalogueRoute = lazyPage(async () => (await import('./routes/series.route')).SeriesCatalogueRoute);
const SeriesRoute = lazyPage(async () => (await import('./routes/series.route')).SeriesRoute);
const AccountRoute = lazyPage(async () => (await import('./routes/account.route')).AccountRoute);
const AccountEditRoute = lazyPage(async () => (await import('./routes/account.route')).AccountEditRoute);
const ChangePasswordRoute = lazyPage(async () => (await import('./routes/auth.route')).ChangePasswordRoute);
const ForgotLoginRoute = lazyPage(async () => (await import('./routes/auth.route')).ForgotLoginRoute);
const ForgotPasswordRoute = lazyPage(async () => (await import('./routes/auth.route')).ForgotPasswordRoute);
const LinkApprovalRoute = lazyPage(async () => (await import('./routes/auth.route')).LinkApprovalRoute);
const SocialDeletionRoute = lazyPage(async () => (await import('./routes/auth.route')).SocialDeletionRoute);
const RegisterRoute = lazyPage(async () => (await import('./routes/auth.route')).RegisterRoute);
const SignInChoiceRoute = lazyPage(async () => (await import('./routes/auth.route')).SignInChoiceRoute);
const OperatorChoiceRoute = lazyPage(async () => (await import('./routes/billing.route')).OperatorChoiceRoute);
const MsisdnRoute = lazyPage(async () => (await import('./routes/billing.route')).MsisdnRoute);
const CbChoiceRoute = lazyPage(async () => (await import('./routes/billing.route')).CbChoiceRoute);
const BillingReturnRoute = lazyPage(async () => (await import('./routes/billing.route')).BillingReturnRoute);
const BillingErrorRoute = lazyPage(async () => (await import('./routes/billing.route')).BillingErrorRoute);
const PurchasedRoute = lazyPage(async () => (await import('./routes/billing.route')).PurchasedRoute);
const BillingLinkRoute = lazyPage(async () => (await import('./routes/billing.route')).BillingLinkRoute);
const BillingLinkCodeRoute = lazyPage(async () => (await import('./routes/billing.route')).BillingLinkCodeRoute);
const WelcomeRoute = lazyPage(async () => (await import('./routes/welcome.route')).WelcomeRoute);
const CookiesPageRoute = lazyPage(async () => (await import('./routes/service.route')).CookiesPageRoute);
const InfosHubRoute = lazyPage(async () => (await import('./routes/service.route')).InfosHubRoute);
const LegalNoticeRoute = lazyPage(async () => (await import('./routes/service.route')).LegalNoticeRoute);
const PriceRoute = lazyPage(async () => (await import('./routes/service.route')).PriceRoute);
const PublisherRoute = lazyPage(async () => (await import('./routes/service.route')).PublisherRoute);
const TextPageRoute = lazyPage(async () => (await import('./routes/service.route')).TextPageRoute);
const TestRoute = lazyPage(async () => (await import('./routes/test.route')).TestRoute);
const CampaignRoute = lazyPage(async () => (await import('./routes/browse.route')).CampaignRoute);
const ReplayRoute = lazyPage(async () => (await import('./routes/browse.route')).ReplayRoute);
const SearchRoute = lazyPage(async () => (await import('./routes/browse.route')).SearchRoute);
const TestimonialsRoute = lazyPage(async () => (await import('./routes/browse.route')).TestimonialsRoute);
const CategoriesRoute = lazyPage(async () => (await import('./routes/catalogue.route')).CategoriesRoute);
const CategoryRoute = lazyPage(async () => (await import('./routes/catalogue.route')).CategoryRoute);
const CollectionRoute = lazyPage(async () => (await import('./routes/catalogue.route')).CollectionRoute);
const CharactersRoute = lazyPage(async () => (await import('./routes/catalogue.route')).CharactersRoute);
const CharacterRoute = lazyPage(async () => (await import('./routes/catalogue.route')).CharacterRoute);
const GamesRoute = lazyPage(async () => (await import('./routes/catalogue.route')).GamesRoute);
const ComedyRoute = lazyPage(async () => (await import('./routes/catalogue.route')).ComedyRoute);
const RemoteRoute = lazyPage(async () => (await import('./routes/remote.route')).RemoteRoute);

/**
 * The routes of this slice (spec 1 §2). Every other path of the route table answers the
 * not-found page until its screen exists: no placeholder pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
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
      { path: 'customer/sso/deletion/:code', element: <SocialDeletionRoute /> },
      { path: 'customer/account', element: <AccountRoute /> },
      { path: 'customer/welcome', element: <WelcomeRoute /> },
      { path: 'customer/edit-name', element: <AccountEditRoute kind="name" /> },
      { path: 'customer/edit-login', element: <AccountEditRoute kind="login" /> },
      { path: 'customer/edit-password', element: <AccountEditRoute kind="password" /> },
      // Payment screens (spec 3 §2; decision 028).
      { path: 'billing/product/:productId/operator-choice', element: <OperatorChoiceRoute /> },
      { path: 'billing/product/:productId/msisdn', element: <MsisdnRoute /> },
      { path: 'billing/product/:productId/cb-choice', element: <CbChoiceRoute /> },
      { path: 'billing/return/:billingId', element: <BillingReturnRoute /> },
      // Cross screen (spec 3 §1): the TV's QR code opens the token page, its code is typed on the form.
      { path: 'billing/link', element: <BillingLinkCodeRoute /> },
      { path: 'billing/link/:token', element: <BillingLinkRoute /> },
      // A static last segment outranks the slug: /content/5/purchased is the purchased page.
      { path: 'content/:id/purchased', element: <PurchasedRoute kind="Content" /> },
      { path: 'content-list/:id/purchased', element: <PurchasedRoute kind="ContentList" /> },
      { path: 'live-event/:id/purchased', element: <PurchasedRoute kind="LiveEvent" /> },
      { path: 'content/:contentId/:slug', element: <ContentRoute /> },
      { path: 'content-list/:listId/:slug', element: <ContentListRoute /> },
      { path: 'channels', element: <ChannelRoute /> },
      { path: 'channel/:channelId/:slug', element: <ChannelRoute /> },
      { path: 'channel/:channelId', element: <ChannelRoute /> },
      { path: 'live-event/:liveEventId/:slug', element: <LiveEventRoute /> },
      { path: 'series', element: <SeriesCatalogueRoute /> },
      { path: 'series/:seriesId/:seriesSlug', element: <SeriesRoute /> },
      { path: 'series/:seriesId/:seriesSlug/season/:seasonId/:seasonSlug', element: <SeriesRoute /> },
      {
        path: 'series/:seriesId/:seriesSlug/season/:seasonId/:seasonSlug/episode/:episodeId/:episodeSlug',
        element: <EpisodeRoute />,
      },
      { path: 'search', element: <SearchRoute /> },
      // The other catalogue (spec 2 §7, /comedy/show; decision 060): each path is its call's.
      { path: 'categories', element: <CategoriesRoute /> },
      { path: 'category/:categoryId', element: <CategoryRoute /> },
      { path: 'content-collection/:collectionId', element: <CollectionRoute /> },
      { path: 'characters', element: <CharactersRoute /> },
      { path: 'character/:characterId', element: <CharacterRoute /> },
      { path: 'games', element: <GamesRoute /> },
      { path: 'comedy', element: <ComedyRoute /> },
      // The phone remote control (decision 034 "Apps"); a TV's QR opens it with ?code= or ?guest=.
      { path: 'remote', element: <RemoteRoute /> },
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
      { path: 'error/billing', element: <BillingErrorRoute /> },
      { path: '*', element: <ErrorRoute kind="not-found" /> },
    ],
  },
];

/** The page of the current location, in the root layout; the server-error page if it crashes. */
export function AppRoutes() {
  const location = useLocation();
  return <CrashBoundary location={location}>{useRoutes(routes)}</CrashBoundary>;
}

/** Starts loading the on-demand page of this path now (the first visit's page, before /data answers). */
export function preloadRouteOf(pathname: string): void {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const page = (match?.route.element as ReactElement | undefined)?.type as { preload?: () => void } | undefined;
  page?.preload?.();
}
