import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageTv } from './package-tv';

/**
 * `tsx tools/tv-package/src/package.ts <dist-folder> <out-folder>` (root script `package:tv`).
 * The version is apps/tv's package.json version; the API origin the packaged app calls is
 * PLAYZ_TV_API_ORIGIN (PUBLIC_URL, else the local server for a development TV); the address the
 * Android wrapper opens is PLAYZ_TV_APP_URL (else that origin's /tv/).
 */
function main(argv: string[]) {
  const [dist, out] = argv;
  if (!dist || !out) {
    console.error('usage: package.ts <dist-folder> <out-folder>');
    process.exit(2);
  }
  const tvPackage = JSON.parse(readFileSync(new URL('../../../apps/tv/package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const version = tvPackage.version;
  const apiOrigin = process.env.PLAYZ_TV_API_ORIGIN ?? process.env.PUBLIC_URL ?? 'http://localhost:3000';
  // The Android wrapper opens the served TV app: PLAYZ_TV_APP_URL, else the API origin's /tv/.
  const tvAppUrl = process.env.PLAYZ_TV_APP_URL || undefined;
  const result = packageTv({ distDir: resolve(dist), outDir: resolve(out), version, apiOrigin, tvAppUrl });
  console.log(`Tizen web app: ${result.tizen.folder}\nTizen package (unsigned): ${result.tizen.wgt}`);
  console.log(
    `Android TV / Fire TV bundle: ${result.android.folder}\n${result.files} app files, API origin ${apiOrigin}`,
  );
  console.log(`Android TV / Fire TV wrapper project (source, build with Gradle): ${result.androidWrapper.folder}`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`package:tv failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
