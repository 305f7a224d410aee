import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@/lib/use-translation';
import type { I18n } from '@/lib/i18n';
import type { ApiClient } from '@playz/api-client';
import { ToastProvider } from '@/components/toast';
import { ApiProvider } from '@playz/queries';
import { warmUpEngine } from '@playz/player';

export interface AppServices {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ApiProvider client={services.api} onStreamRequest={warmUpEngine}>
      <QueryClientProvider client={services.queryClient}>
        <I18nProvider i18n={services.i18n}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
