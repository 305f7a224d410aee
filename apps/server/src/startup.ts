import path from 'node:path';
import type { Config } from './config';
import { connectDatabase, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { announceWritesToApiNodes } from './lib/table-generations';
import { prepareDemoMedia, type MediaProgress } from './db/seed/prepare-media';
import { ensureScheduleWindow } from './db/seed/schedule-window';
import {
  upgradeDemoProgrammeDurations,
  upgradeDemoProtectedFilms,
  upgradeDemoStreamChannels,
} from './db/seed/programme-durations';
import { createDrmKeyStore } from './modules/drm/drm-keys';
import { seedDemoData } from './db/seed/seed';
import { lockPublishedDemoAccounts } from './db/seed/lock-demo-accounts';
import { ensureDemoPurchaseOffers } from './db/seed/demo-purchase-offers';
import { seedProfilePictures } from './db/seed/profile-pictures';
import { ensureLiveEventWindow, seedCatalogueExtras } from './db/seed/catalogue-extras';
import { seedServiceTranslations } from './db/seed/service-texts-upgrade';
import { rebuildSearchIndex } from './modules/catalogue/search.repository';

/**
 * Everything before the server can answer: database, migrations, demo media and data. Media
 * comes first so a seeded catalogue always points at files that exist.
 */
export async function prepareData(config: Config, onProgress?: MediaProgress, now = new Date()): Promise<Db> {
  const database = connectDatabase(config);
  const stopAnnouncing = await announceWritesToApiNodes(database, config.redisUrl);
  try {
    await migrateToLatest(database);
    const media = await prepareDemoMedia({
      mediaRoot: path.join(config.dataDir, 'media'),
      skip: config.skipMedia,
      ffmpegPath: config.ffmpegPath,
      onProgress,
      keys: createDrmKeyStore(config.dataDir),
    });
    await seedDemoData(database.db, media, now, { withAccounts: config.demo });
    if (!config.demo) {
      const locked = await lockPublishedDemoAccounts(database.db);
      if (locked.length > 0)
        console.warn(`Locked demo accounts with the published password (decision 047): ${locked.join(', ')}`);
    }
    await upgradeDemoProgrammeDurations(database.db);
    await upgradeDemoStreamChannels(database.db);
    await upgradeDemoProtectedFilms(database.db);
    await ensureScheduleWindow(database.db, now);
    await seedProfilePictures(database.db, path.join(config.dataDir, 'media'));
    await seedCatalogueExtras(database.db, now);
    await seedServiceTranslations(database.db);
    await ensureLiveEventWindow(database.db, now);
    await ensureDemoPurchaseOffers(database.db);
    // Rebuilt at every start so the index always matches the catalogue (decision 013).
    await rebuildSearchIndex(database.db, database.dialect);
    await stopAnnouncing();
    return database;
  } catch (error) {
    await stopAnnouncing();
    await database.close();
    throw error;
  }
}
