import { describe, expect, it } from 'vitest';
import { DEMO_APP_SETTINGS, DEMO_COOKIE_TYPES } from '../../db/seed/demo-settings';
import { createAppDataService } from './app-data.service';
import type { ServiceRepository } from './service.repository';

/** A repository holding only the settings the application data reads. */
function repoWith(app: object): ServiceRepository {
  const settings: Record<string, unknown> = { app, cookieTypes: DEMO_COOKIE_TYPES };
  return {
    getSetting: async (key: string) => settings[key] ?? null,
    listOffers: async () => [],
  } as unknown as ServiceRepository;
}

describe('spec 1 §3 Application data: analytics id, cast app id, crossScreenFlowAdapter (decision 058)', () => {
  it('spec 1 §3: answers the fields as the app setting stores them', async () => {
    const service = createAppDataService({ repo: repoWith(DEMO_APP_SETTINGS), publicUrl: 'http://localhost' });
    const app = await service.getApp('fr');
    expect(app).toMatchObject({ analyticsId: null, castAppId: 'CC1AD845', crossScreenFlowAdapter: 'billing-link' });
    const json = JSON.parse((await service.getAppJson('fr')).toString());
    expect(json).toMatchObject({ analyticsId: null, castAppId: 'CC1AD845', crossScreenFlowAdapter: 'billing-link' });
  });

  it('spec 1 §3: a setting stored before the fields existed reads as their defaults', async () => {
    const { analyticsId: _a, castAppId: _c, crossScreenFlowAdapter: _x, ...older } = DEMO_APP_SETTINGS;
    const stored = { ...older, analyticsId: 'G-PLAYZ' };
    const app = await createAppDataService({ repo: repoWith(stored), publicUrl: 'http://localhost' }).getApp('fr');
    expect(app).toMatchObject({ analyticsId: 'G-PLAYZ', castAppId: null, crossScreenFlowAdapter: 'billing-link' });
  });
});
