import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ApiClient } from '@playz/api-client';
import type { CookieType } from '@playz/api-contract';
import { ApiProvider, rememberCookieTypes, useQualityLog } from '@playz/queries';

const cookieTypes: CookieType[] = [
  { id: 1, type: 'Functional', name: 'F', description: '', mandatory: true, cookies: [] },
  { id: 2, type: 'Analytics', name: 'A', description: '', mandatory: false, cookies: [] },
];

function logOf(accepted: boolean) {
  rememberCookieTypes(cookieTypes);
  document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';
  document.cookie = `hasAcceptedCookieType2=${accepted ? 1 : 0}; Path=/`;
  const api = { logEvent: vi.fn(async () => ({ Success: true })) };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={api as unknown as ApiClient}>{children}</ApiProvider>
  );
  const { result } = renderHook(() => useQualityLog('Content', 1001), { wrapper });
  return { api, log: result.current };
}

describe("the players' quality reports only with analytics consent (spec 3 §4; decision 088)", () => {
  afterEach(() => {
    for (const name of ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType2'])
      document.cookie = `${name}=; Max-Age=0; Path=/`;
    rememberCookieTypes([]);
  });

  it('sends the start-up time to POST /event/log when analytics is allowed', () => {
    const { api, log } = logOf(true);
    log({ event: 'play_start', valueMs: 840 });
    expect(api.logEvent).toHaveBeenCalledWith({
      body: { content_type: 'Content', content_type_id: '1001', event: 'play_start', value_ms: 840 },
    });
  });

  it('sends nothing when the viewer refused analytics', () => {
    const { api, log } = logOf(false);
    log({ event: 'rebuffer', valueMs: 1200 });
    expect(api.logEvent).not.toHaveBeenCalled();
  });
});
