import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageTv } from './package-tv';
import { TIZEN_PRIVILEGES } from './tizen/config-xml';
import { readZip } from './zip/zip-reader';

let root: string;
let dist: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'playz-tv-package-'));
  dist = join(root, 'dist');
  out = join(root, 'out');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  };
  // The shape of `vite build` with base '/tv/' (apps/tv/vite.config.ts).
  write(
    'index.html',
    '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/tv/assets/index-abc.js"></script><link rel="stylesheet" href="/tv/assets/index-def.css"></head><body><div id="root"></div></body></html>',
  );
  write('assets/index-abc.js', 'const logo="/tv/assets/logo-1.svg";import("./chunk-2.js");');
  write('assets/index-abc.js.map', '{}');
  write('assets/index-def.css', '@font-face{src:url(/tv/assets/font-3.woff2)}');
  write('assets/logo-1.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const run = () => packageTv({ distDir: dist, outDir: out, version: '1.2.3', apiOrigin: 'https://api.playz.example' });

describe('tv-package: Tizen .wgt (decision 036: a Tizen web-app folder packaged as a .wgt zip)', () => {
  it('the .wgt opens, holds config.xml, the icon and the app, without source maps', () => {
    const { tizen } = run();
    const files = readZip(readFileSync(tizen.wgt));
    expect([...files.keys()]).toEqual([
      'config.xml',
      'assets/index-abc.js',
      'assets/index-def.css',
      'assets/logo-1.svg',
      'icon.png',
      'index.html',
    ]);
    expect(files.get('icon.png')!.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(existsSync(join(tizen.folder, 'config.xml'))).toBe(true);
  });

  it('config.xml: tv-samsung profile, the tvinputdevice / productinfo / billing privileges, only the API origin', () => {
    const config = readZip(readFileSync(run().tizen.wgt)).get('config.xml')!.toString('utf8');
    expect(config).toContain('<tizen:application id="PlayzTV001.Playz" package="PlayzTV001" required_version="5.0"/>');
    expect(config).toContain('<tizen:profile name="tv-samsung"/>');
    expect(config).toContain('version="1.2.3"');
    for (const privilege of [
      'http://tizen.org/privilege/tv.inputdevice',
      'http://developer.samsung.com/privilege/productinfo',
      'http://developer.samsung.com/privilege/billing',
    ])
      expect(config).toContain(`<tizen:privilege name="${privilege}"/>`);
    expect(config.match(/<tizen:privilege /g)).toHaveLength(TIZEN_PRIVILEGES.length);
    expect(config).toContain('<access origin="https://api.playz.example" subdomains="false"/>');
    expect(config).toContain('<content src="index.html"/>');
  });

  it('the app loads from the package: /tv/ references made relative, webapis.js and the API origin in <head>', () => {
    const files = readZip(readFileSync(run().tizen.wgt));
    const html = files.get('index.html')!.toString('utf8');
    expect(html).toContain('src="./assets/index-abc.js"');
    expect(html).toContain('href="./assets/index-def.css"');
    expect(html).toContain('<script src="$WEBAPIS/webapis/webapis.js"></script>');
    expect(html).toContain('<meta name="playz:api-origin" content="https://api.playz.example" />');
    expect(html).not.toContain('/tv/');
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('playz:api-origin'));
    expect(files.get('assets/index-abc.js')!.toString('utf8')).toBe(
      'const logo="./assets/logo-1.svg";import("./chunk-2.js");',
    );
    expect(files.get('assets/index-def.css')!.toString('utf8')).toBe('@font-face{src:url(./font-3.woff2)}');
  });

  it('Info-ZIP’s unzip (Debian) tests every entry of the .wgt without error', () => {
    const report = execFileSync('unzip', ['-t', run().tizen.wgt], { encoding: 'utf8' });
    expect(report).toContain('testing: config.xml');
    expect(report).toContain('No errors detected');
  });

  it('refuses a missing build and a malformed version with a clear message', () => {
    expect(() =>
      packageTv({ distDir: join(root, 'nothing'), outDir: out, version: '1.0.0', apiOrigin: 'https://a.example' }),
    ).toThrow();
    rmSync(join(dist, 'index.html'));
    expect(() => run()).toThrow(/no index.html: run `npm run build:tv` first/);
    writeFileSync(join(dist, 'index.html'), '<html><head></head></html>');
    expect(() => packageTv({ distDir: dist, outDir: out, version: '1.2', apiOrigin: 'https://a.example' })).toThrow(
      /x\.y\.z/,
    );
  });
});

describe('tv-package: Android TV / Fire TV web bundle', () => {
  it('www/ holds the relocated app; the manifest names the wrapper interface and each flavour’s store', () => {
    const { android } = run();
    const manifest = JSON.parse(readFileSync(join(android.folder, 'playz-webview.json'), 'utf8'));
    expect(manifest).toMatchObject({
      entry: 'www/index.html',
      versionName: '1.2.3',
      versionCode: 1_002_003,
      apiOrigin: 'https://api.playz.example',
      javascriptInterface: 'PlayzAndroid',
      storeResultCallback: 'playzStoreResult',
      flavours: {
        androidtv: { platform: 'AndroidTV', stores: ['GooglePlay'] },
        bbox: { platform: 'AndroidTV', stores: ['BAchat'], variant: 'bbox' },
        firetv: { platform: 'FireOS', stores: ['AmazonPay'] },
      },
    });
    const html = readFileSync(join(android.folder, 'www', 'index.html'), 'utf8');
    expect(html).toContain('src="./assets/index-abc.js"');
    expect(html).not.toContain('webapis.js');
    expect(readFileSync(join(android.folder, 'banner.png')).subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(existsSync(join(android.folder, 'www', 'assets', 'index-abc.js.map'))).toBe(false);
  });

  it('decision 087: package:tv also writes the wrapper project, opening the API origin’s /tv/ unless configured', () => {
    const { androidWrapper } = run();
    expect(readFileSync(join(androidWrapper.folder, 'app/build.gradle'), 'utf8')).toContain(
      `'"https://api.playz.example/tv/"'`,
    );
    expect(existsSync(join(androidWrapper.folder, 'app/src/main/AndroidManifest.xml'))).toBe(true);
    const configured = packageTv({
      distDir: dist,
      outDir: out,
      version: '1.2.3',
      apiOrigin: 'https://api.playz.example',
      tvAppUrl: 'https://tv.playz.example/',
    });
    expect(readFileSync(join(configured.androidWrapper.folder, 'app/build.gradle'), 'utf8')).toContain(
      `'"https://tv.playz.example/"'`,
    );
  });
});
