import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import type { i18n } from 'i18next';
import type { ApiClient } from '@playz/api-client';
import { warmUpEngine } from '@playz/player';
import { ApiProvider } from '@playz/queries';
import { DeviceContext, type TvDevice } from './device-context';
import { createTvRouter } from './router';
import { TvRouterContext } from './router-context';

/** react-dom's flushSync in the shape React Router's provider asks for (react-router/dom passes it so). */
function flushRouterUpdate(update: () => unknown): undefined {
  flushSync(update);
  return undefined;
}

export interface TvServices {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: i18n;
}

/** The TV app with its services; tests pass their own API client, device and router history. */
export function TvApp({
  services,
  device,
  router = createTvRouter(),
}: {
  services: TvServices;
  device: TvDevice;
  router?: ReturnType<typeof createTvRouter>;
}) {
  return (
    <ApiProvider client={services.api} onStreamRequest={warmUpEngine}>
      <QueryClientProvider client={services.queryClient}>
        <I18nextProvider i18n={services.i18n}>
          <DeviceContext.Provider value={device}>
            <TvRouterContext.Provider value={router}>
              {/* react-dom's flushSync, as react-router/dom's provider passes it: the zap keys navigate with
                  `flushSync` so the player is told in the key's own task (decision 119); without it React Router
                  ignores the option. Imported from react-router itself so tests keep one module instance. */}
              <RouterProvider router={router} flushSync={flushRouterUpdate} />
            </TvRouterContext.Provider>
          </DeviceContext.Provider>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
