import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@playz/api-client';

interface ApiContextValue {
  client: ApiClient;
  onStreamRequest: () => void;
}

const ApiContext = createContext<ApiContextValue | null>(null);
/** The same context, for hooks that do without an API (profile-languages.ts). */
export const OptionalApiContext = ApiContext;
const nothing = () => {};

/**
 * The API client of the app (web or TV) for every hook of this package. `onStreamRequest` runs
 * when a stream URL is asked for: the apps pass the player's `warmUpEngine` so its engine
 * downloads alongside the URL (time to first frame) without this package depending on the player.
 */
export function ApiProvider({
  client,
  onStreamRequest = nothing,
  children,
}: {
  client: ApiClient;
  onStreamRequest?: () => void;
  children: ReactNode;
}) {
  return <ApiContext.Provider value={{ client, onStreamRequest }}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi() needs an <ApiProvider>');
  return value;
}

export function useApi(): ApiClient {
  return useApiContext().client;
}

/** What to run before asking for a stream URL (see ApiProvider). */
export function useStreamWarmUp(): () => void {
  return useApiContext().onStreamRequest;
}
