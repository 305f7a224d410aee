import { mkdirSync } from 'node:fs';
import { writeAndroidBundle } from './android/android-bundle';
import { readAppFiles } from './app-files';
import { writeTizenApp } from './tizen/tizen-app';

export interface PackageOptions {
  distDir: string;
  outDir: string;
  version: string;
  apiOrigin: string;
}

/** Both store packages from one TV build (`npm run build:tv`, decision 036). */
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
  return { tizen, android, files: files.length };
}
