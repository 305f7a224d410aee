import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ApiClient } from '@playz/api-client';
import type { CookieType } from '@playz/api-contract';
import type { PlayerError } from '@playz/player';
import { ApiProvider, rememberCookieTypes } from '@playz/queries';
import { useQualityReports, type QualityItem } from './use-quality-reports';

const cookieTypes: CookieType[] = [
  { id: 1, type: 'Functional', name: 'F', description: '', mandatory: true, cookies: [] },
  { id: 2, type: 'Analytics', name: 'A', description: '', mandatory: false, cookies: [] },
];

function reportsOf(accepted: boolean, item: QualityItem | null = { type: 'Channel', id: 4 }) {
  rememberCookieTypes(cookieTypes);
  document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';
  document.cookie = `hasAcceptedCookieType2=${accepted ? 1 : 0}; Path=/`;
  const api = { logEvent: vi.fn(async () => ({ Success: true })) };
  const video = document.createElement('video');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={api as unknown as ApiClient}>{children}</ApiProvider>
  );
  const hook = renderHook(
    ({ sourceKey, error }: { sourceKey: string; error: PlayerError | null }) =>
      useQualityReports({ current: video }, sourceKey, true, item ?? undefined, error),
    { wrapper, initialProps: { sourceKey: '4-View-false', error: null as PlayerError | null } },
  );
  return { api, video, hook };
}

describe("the TV player's quality reports, with analytics consent only (beyond the spec; decision 088)", () => {
  afterEach(() => {
    for (const name of ['hasClosedCookieDefaultDialog', 'hasAcceptedCookieType2'])
      document.cookie = `${name}=; Max-Age=0; Path=/`;
    rememberCookieTypes([]);
  });

  it('reports the start-up time of the first load and of each zap, and a fatal error', () => {
    const { api, video, hook } = reportsOf(true);
    video.dispatchEvent(new Event('playing'));
    expect(api.logEvent).toHaveBeenLastCalledWith({
      body: expect.objectContaining({ content_type: 'Channel', content_type_id: '4', event: 'play_start' }),
    });
    // A zap is a new load: its own start-up time.
    hook.rerender({ sourceKey: '5-View-false', error: null });
    video.dispatchEvent(new Event('playing'));
    expect(api.logEvent).toHaveBeenCalledTimes(2);
    hook.rerender({
      sourceKey: '5-View-false',
      error: { code: 'HTTP_ERROR', message: 'x', fatal: true } as PlayerError,
    });
    expect(api.logEvent).toHaveBeenLastCalledWith({
      body: { content_type: 'Channel', content_type_id: '4', event: 'error', detail: 'HTTP_ERROR' },
    });
  });

  it('sends nothing when the viewer refused analytics', () => {
    const { api, video } = reportsOf(false);
    video.dispatchEvent(new Event('playing'));
    expect(api.logEvent).not.toHaveBeenCalled();
  });

  it('sends nothing for a screen that names no item', () => {
    const { api, video } = reportsOf(true, null);
    video.dispatchEvent(new Event('playing'));
    expect(api.logEvent).not.toHaveBeenCalled();
  });
});
