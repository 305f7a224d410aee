// @vitest-environment jsdom
/// <reference lib="dom" />
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDROID_INTERFACE } from '@playz/platform';
import { writeAndroidWrapper } from './android-wrapper';

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
let out: string;
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'playz-android-wrapper-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const config = {
  version: '1.2.3',
  tvAppUrl: 'https://www.playz.example/tv/',
  packageName: 'fr.playz.androidtv',
  fireTvPackageName: 'fr.playz.firetv',
};

/** The generated AndroidManifest.xml read as XML (no Android SDK here: the XML is what aapt reads). */
function manifestOf(folder: string): Document {
  const doc = new DOMParser().parseFromString(
    readFileSync(join(folder, 'app/src/main/AndroidManifest.xml'), 'utf8'),
    'application/xml',
  );
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}
const attr = (el: Element | null | undefined, name: string) => el?.getAttributeNS(ANDROID_NS, name) ?? null;
const pngSize = (file: Buffer) => ({ width: file.readUInt32BE(16), height: file.readUInt32BE(20) });

describe('tv-package: Android TV / Fire TV wrapper project (decision 087; spec 1 §1 platforms AndroidTV, FireOS)', () => {
  it('the manifest launches the activity from the TV home screen: LEANBACK_LAUNCHER, a banner, leanback, no touchscreen', () => {
    const { folder } = writeAndroidWrapper(out, config);
    const doc = manifestOf(folder);
    const application = doc.getElementsByTagName('application')[0];
    expect(attr(application, 'banner')).toBe('@drawable/banner');
    const activity = [...doc.getElementsByTagName('activity')].find((a) => attr(a, 'name') === '.MainActivity');
    expect(attr(activity, 'exported')).toBe('true');
    const filter = activity?.getElementsByTagName('intent-filter')[0];
    expect([...(filter?.getElementsByTagName('action') ?? [])].map((a) => attr(a, 'name'))).toEqual([
      'android.intent.action.MAIN',
    ]);
    expect([...(filter?.getElementsByTagName('category') ?? [])].map((c) => attr(c, 'name'))).toContain(
      'android.intent.category.LEANBACK_LAUNCHER',
    );
    const features = Object.fromEntries(
      [...doc.getElementsByTagName('uses-feature')].map((f) => [attr(f, 'name'), attr(f, 'required')]),
    );
    expect(features).toEqual({ 'android.software.leanback': 'true', 'android.hardware.touchscreen': 'false' });
    expect([...doc.getElementsByTagName('uses-permission')].map((p) => attr(p, 'name'))).toContain(
      'android.permission.INTERNET',
    );
    // The banner the manifest names exists at Android TV's size (320×180 at xhdpi).
    expect(pngSize(readFileSync(join(folder, 'app/src/main/res/drawable-xhdpi/banner.png')))).toEqual({
      width: 320,
      height: 180,
    });
    expect(existsSync(join(folder, 'app/src/main/res/drawable/icon.png'))).toBe(true);
  });

  it('the WebView opens the configured TV app URL and injects the interface the platform bridge detects', () => {
    const { folder } = writeAndroidWrapper(out, config);
    const gradle = readFileSync(join(folder, 'app/build.gradle'), 'utf8');
    expect(gradle).toContain(`buildConfigField 'String', 'TV_APP_URL', '"https://www.playz.example/tv/"'`);
    expect(gradle).toContain('versionCode 1002003');
    expect(gradle).toContain("versionName '1.2.3'");
    // One flavour per store of spec 3 §4: Google Play, the BBox variant (BAchat), Amazon on Fire TV.
    expect(gradle).toMatch(/androidtv \{[^}]*applicationId 'fr\.playz\.androidtv'[^}]*"GooglePlay"/);
    expect(gradle).toMatch(/bbox \{[^}]*applicationId 'fr\.playz\.androidtv\.bbox'[^}]*"bbox"/);
    expect(gradle).toMatch(/firetv \{[^}]*applicationId 'fr\.playz\.firetv'[^}]*"AmazonPay"/);
    const activity = readFileSync(join(folder, 'app/src/main/java/fr/playz/tv/MainActivity.java'), 'utf8');
    expect(activity).toContain(`addJavascriptInterface(new PlayzAndroid(this, webView), "${ANDROID_INTERFACE}")`);
    expect(activity).toContain('loadUrl(BuildConfig.TV_APP_URL)');
    const strings = new DOMParser().parseFromString(
      readFileSync(join(folder, 'app/src/main/res/values/strings.xml'), 'utf8'),
      'application/xml',
    );
    expect(strings.querySelector('string[name="tv_app_url"]')?.textContent).toBe('https://www.playz.example/tv/');
    // The methods the bridge calls (globals.ts AndroidInterface) are exposed to the page.
    const bridge = readFileSync(join(folder, 'app/src/main/java/fr/playz/tv/PlayzAndroid.java'), 'utf8');
    for (const method of ['getDeviceInfo()', 'exit()', 'openUrl(String url)', 'storeCall(String requestId'])
      expect(bridge).toContain(
        `@JavascriptInterface\n    public ${method.startsWith('getDeviceInfo') ? 'String' : 'void'} ${method}`,
      );
  });

  it('refuses a TV app URL a release WebView would load in clear text', () => {
    expect(() => writeAndroidWrapper(out, { ...config, tvAppUrl: 'http://www.playz.example/tv/' })).toThrow(/https/);
  });
});
