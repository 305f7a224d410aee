// The E2E journeys drive Debian's Chromium (playwright cannot download browsers here).
import { ensureSystemPackages } from './system-deps.mjs';

process.exit(ensureSystemPackages(['chromium']) ? 0 : 1);
