import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLanguage } from '@playz/domain';
import type { PlatformBridge } from '@playz/platform';
import { createQueryClient } from '@playz/queries';
import { TvApp } from './app/tv-app';
import { createTvRouter } from './app/router';
import { createTvApiClient } from './lib/api';
import { createTvI18n } from './lib/i18n';
import { startPlatform } from './lib/platform';
import { startSpatialNavigation } from './navigation/spatial';
import './styles/index.css';

let bridge: PlatformBridge | null = null;
const api = createTvApiClient(() => bridge?.commonParams() ?? { platform: 'Web' });
bridge = startPlatform(api);
startSpatialNavigation();

const router = createTvRouter();
// spec 2 §2 deep links: a launch on a content (Tizen payload, the set-top box's activation route)
// opens its player; back from it then goes home.
const launchRoute = bridge.launchRoute();
if (launchRoute && router.state.location.pathname === '/') void router.navigate(launchRoute, { replace: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TvApp
      device={bridge}
      router={router}
      services={{ api, queryClient: createQueryClient(), i18n: createTvI18n(chooseLanguage({ storedLocale: null })) }}
    />
  </StrictMode>,
);
