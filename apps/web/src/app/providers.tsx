import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { ApiClient } from '@playz/api-client';
import { ToastProvider } from '@/components/toast';
import { ApiProvider } from '@playz/queries';
import { warmUpEngine } from '@playz/player';

export interface AppServices {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: i18n;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ApiProvider client={services.api} onStreamRequest={warmUpEngine}>
      <QueryClientProvider client={services.queryClient}>
        <I18nextProvider i18n={services.i18n}>
          <ToastProvider>{children}</ToastProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
