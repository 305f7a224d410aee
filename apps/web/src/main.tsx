import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLanguage } from '@playz/domain';
import { API_CLIENT_ERROR_EVENT } from '@playz/api-client';
import { AppProviders } from './app/providers';
import { CHANNEL_PAGE, listenForNavigationIntent, prefetchPageData } from './app/navigation-intent';
import { createLinkOpeningIntent, listenForOpeningPress } from './app/opening-intent';
import {
  askPageStreamNow,
  firstPictureFirst,
  launchPageOpeningWhenGranted,
  startPageOpeningOnce,
} from './app/page-opening';
import { AppRouter } from './app/app-router';
import { AppRoutes, preloadRouteOf } from './app/router';
import { createWebApiClient } from './lib/api';
import { startI18n } from './lib/i18n';
import { captureLaunchParams } from './lib/launch-params';
import { migrateLegacyCookies } from './lib/legacy-cookies';
import { createQueryClient } from '@playz/queries';
import { STORAGE_KEYS, readStored } from './lib/storage';
import './styles/index.css';

captureLaunchParams(window.location.search);
// spec 1 §4 cookie migration: the former replay site's cookies, before anything reads them.
migrateLegacyCookies(document, window.location);
window.addEventListener(API_CLIENT_ERROR_EVENT, (event) => {
  console.error('[api-client-error]', (event as CustomEvent).detail);
});

// A film's player page whose HTML carries its opening starts the stream now, before the app's
// code below has run its first read, and plays it once the page's View stream is granted (decision 111).
// Its first script (first-picture.ts, decision 127) has usually started it already: this takes it.
const pageOpening = startPageOpeningOnce(document);

const services = { api: createWebApiClient(), queryClient: createQueryClient() };
const firstPath = window.location.pathname;
if (pageOpening) {
  launchPageOpeningWhenGranted(pageOpening, services.queryClient, {
    stillHere: () => window.location.pathname === firstPath,
  });
  // The page's own View stream, asked now rather than after the app's render (decision 120).
  askPageStreamNow(pageOpening, services);
}
// A live channel's page asks its reads and its View stream now and plays it before the app's
// render (decision 138), or takes what its first script started (decision 139). Its code is a
// chunk of its own, which the server preloads on such pages: the landing's JavaScript (≤ 150 kB
// gzip, decision 098) does not carry it.
const channelOpening = CHANNEL_PAGE.test(firstPath)
  ? import('./app/channel-opening').then(({ startChannelOpening }) =>
      startChannelOpening(firstPath, services, { stillHere: () => window.location.pathname === firstPath }),
    )
  : null;

// Until /data answers, the stored choice (or French) is the best guess (spec 1 §4). Only French is
// in this chunk: another language's catalogue is fetched before the first render (decision 098),
// while the page's code and first read below start without waiting for it.
// A first visit's film plays before the app renders (decision 120): its launch needs neither the
// page nor its render, and the render's main-thread work would hold back the opening's own steps
// (Shaka's evaluation, the manifest's parse, the MediaSource appends) until its first frame.
void Promise.all([
  startI18n(chooseLanguage({ storedLocale: readStored(STORAGE_KEYS.locale) })),
  firstPictureFirst(pageOpening),
  channelOpening?.then((opening) => opening?.pictureFirst),
]).then(([i18n]) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders services={{ ...services, i18n }}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </StrictMode>,
  );
});
// The page's own code and first read start alongside /data, not after it (decision 033).
preloadRouteOf(window.location.pathname);
prefetchPageData(window.location.pathname, services);
// Then each page's code (a player's with Shaka) and first read as soon as a link to it is pointed
// at or focused; a film's first seconds too when the viewer stays on it (decision 044).
const openingIntent = createLinkOpeningIntent(services);
listenForNavigationIntent(document, (pathname) => {
  preloadRouteOf(pathname);
  prefetchPageData(pathname, services);
  openingIntent.intent(pathname);
});
listenForOpeningPress(document, (pathname, click) => openingIntent.press(pathname, click));
window.addEventListener('popstate', () => openingIntent.cancel());
