import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiOriginMeta, injectIntoHead, type AppFile } from '../app-files';
import { playzMarkPng } from '../icon-png';

export interface AndroidBundleConfig {
  version: string;
  apiOrigin: string;
  /** The Play package (the store stand-in's `fr.playz.androidtv`) and the Amazon one. */
  packageName: string;
  fireTvPackageName: string;
}

/**
 * The Android TV / Fire TV web bundle: `www/` (the app) and `playz-webview.json`, the manifest our
 * WebView wrapper reads — which page to load, the JS interface and callback names the platform
 * bridge expects (packages/platform/src/globals.ts), the store of each flavour (spec 3 §4), the
 * leanback banner. The wrapper project's source is written beside it (android-wrapper.ts,
 * decision 087); its signing keys are not in this repository (README "TV builds").
 */
export function writeAndroidBundle(files: AppFile[], outDir: string, config: AndroidBundleConfig): { folder: string } {
  const folder = join(outDir, 'android-tv');
  rmSync(folder, { recursive: true, force: true });
  for (const file of files) {
    const data =
      file.path === 'index.html'
        ? Buffer.from(injectIntoHead(file.data.toString('utf8'), [apiOriginMeta(config.apiOrigin)]))
        : file.data;
    mkdirSync(dirname(join(folder, 'www', file.path)), { recursive: true });
    writeFileSync(join(folder, 'www', file.path), data);
  }
  writeFileSync(join(folder, 'banner.png'), playzMarkPng(320, 180));
  const [major = 0, minor = 0, patch = 0] = config.version.split('.').map(Number);
  const manifest = {
    schema: 'playz-webview/1',
    versionName: config.version,
    // Play and Amazon want an increasing integer: major, minor, patch in fixed decimal places.
    versionCode: major * 1_000_000 + minor * 1_000 + patch,
    entry: 'www/index.html',
    apiOrigin: new URL(config.apiOrigin).origin,
    banner: 'banner.png',
    javascriptInterface: 'PlayzAndroid',
    storeResultCallback: 'playzStoreResult',
    flavours: {
      androidtv: { packageName: config.packageName, platform: 'AndroidTV', stores: ['GooglePlay'], leanback: true },
      bbox: {
        packageName: `${config.packageName}.bbox`,
        platform: 'AndroidTV',
        stores: ['BAchat'],
        leanback: true,
        variant: 'bbox',
      },
      firetv: { packageName: config.fireTvPackageName, platform: 'FireOS', stores: ['AmazonPay'], leanback: true },
    },
  };
  writeFileSync(join(folder, 'playz-webview.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder };
}
