import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseLanguage } from '@playz/domain';
import { createQueryClient } from '@playz/queries';
import { TvApp } from './app/tv-app';
import { createTvApiClient } from './lib/api';
import { deviceIdentity, isLowMemory } from './lib/device';
import { createTvI18n } from './lib/i18n';
import { startSpatialNavigation } from './navigation/spatial';
import './styles/index.css';

const identity = deviceIdentity(window.location.search, window.localStorage);
const device = { ...identity, lowMemory: isLowMemory(identity) };
startSpatialNavigation();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TvApp
      device={device}
      services={{
        api: createTvApiClient(identity),
        queryClient: createQueryClient(),
        i18n: createTvI18n(chooseLanguage({ storedLocale: null })),
      }}
    />
  </StrictMode>,
);
