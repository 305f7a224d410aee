// `node --import tsx apps/server/src/cli/prepare-media.ts`: makes the demo media (and the DRM
// demo's keys) in DATA_DIR without seeding a database or starting the server. The e2e run makes
// it once for the server of each of its groups (scripts/e2e.mjs); later calls find it and return.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { prepareDemoMedia } from '../db/seed/prepare-media';
import { renderProgress } from '../lib/progress-bar';
import { createDrmKeyStore } from '../modules/drm/drm-keys';

async function main() {
  const config = loadConfig();
  await prepareDemoMedia({
    mediaRoot: path.join(config.dataDir, 'media'),
    skip: false,
    ffmpegPath: config.ffmpegPath,
    keys: createDrmKeyStore(config.dataDir),
    // Start and end of each step only: the e2e log is a file, not a terminal.
    onProgress: ({ step, done, total }) => {
      if (done === 0 || done >= total) console.log(renderProgress(step, done, total));
    },
  });
}

main().catch((error: unknown) => {
  console.error('The demo media could not be made:', error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
