import { mkdirSync } from 'node:fs';
import { writeAndroidBundle } from './android/android-bundle';
import { writeAndroidWrapper } from './android/android-wrapper';
import { readAppFiles } from './app-files';
import { writeTizenApp } from './tizen/tizen-app';

export interface PackageOptions {
  distDir: string;
  outDir: string;
  version: string;
  apiOrigin: string;
  /** The served TV app the Android TV / Fire TV wrapper opens; default `<apiOrigin>/tv/`. */
  tvAppUrl?: string;
}

/** Both store packages (and the Android wrapper's source) from one TV build (`npm run build:tv`, decision 036). */
export function packageTv(options: PackageOptions) {
  const files = readAppFiles(options.distDir);
  mkdirSync(options.outDir, { recursive: true });
  const tizen = writeTizenApp(files, options.outDir, {
    packageId: 'PlayzTV001',
    version: options.version,
    name: 'Playz',
    apiOrigin: options.apiOrigin,
  });
  const android = writeAndroidBundle(files, options.outDir, {
    version: options.version,
    apiOrigin: options.apiOrigin,
    packageName: 'fr.playz.androidtv',
    fireTvPackageName: 'fr.playz.firetv',
  });
  // The wrapper project's source (decision 087): built with Gradle where an Android SDK is.
  const androidWrapper = writeAndroidWrapper(options.outDir, {
    version: options.version,
    tvAppUrl: options.tvAppUrl ?? new URL('/tv/', options.apiOrigin).toString(),
    packageName: 'fr.playz.androidtv',
    fireTvPackageName: 'fr.playz.firetv',
  });
  return { tizen, android, androidWrapper, files: files.length };
}
