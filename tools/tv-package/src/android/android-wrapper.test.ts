// @vitest-environment jsdom
/// <reference lib="dom" />
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDROID_INTERFACE, ANDROID_STORE_ACTIONS } from '@playz/platform';
import { AMAZON_APPSTORE_DEPENDENCY, PLAY_BILLING_DEPENDENCY, writeAndroidWrapper } from './android-wrapper';

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

  it('the JS interface has a storeCall for each number of arguments the bridge passes (4, 5, 6 strings), handed to the flavour’s store', () => {
    const { folder } = writeAndroidWrapper(out, config);
    const bridge = readFileSync(join(folder, 'app/src/main/java/fr/playz/tv/PlayzAndroid.java'), 'utf8');
    // packages/platform store-call.ts: (requestId, store, action, sku[, account[, profile]]).
    const storeCalls = [...bridge.matchAll(/@JavascriptInterface\n {4}public void storeCall\(([^)]*)\)/g)].map(
      ([, args]) => args!.split(',').map((arg) => arg.trim()),
    );
    expect(storeCalls).toEqual([
      ['String requestId', 'String store', 'String action', 'String sku'],
      ['String requestId', 'String store', 'String action', 'String sku', 'String account'],
      ['String requestId', 'String store', 'String action', 'String sku', 'String account', 'String profile'],
    ]);
    expect(bridge).toContain('stores.call(requestId, action, sku,');
    expect(bridge).toContain('FlavourStore.create(activity, this::answer)');
    expect(bridge).not.toContain('is not in this wrapper build');
  });

  it('flavours: Play Billing on androidtv, the Appstore SDK on firetv, each declared for its flavour only; BBox keeps BAchat’s web flow', () => {
    const { folder } = writeAndroidWrapper(out, config);
    const gradle = readFileSync(join(folder, 'app/build.gradle'), 'utf8');
    expect(PLAY_BILLING_DEPENDENCY).toMatch(/^com\.android\.billingclient:billing:7\./);
    expect(gradle).toContain(`androidtvImplementation '${PLAY_BILLING_DEPENDENCY}'`);
    expect(gradle).toContain(`firetvImplementation '${AMAZON_APPSTORE_DEPENDENCY}'`);
    expect(gradle).not.toMatch(/^\s*implementation /m);
    const flavourStore = (flavour: string) =>
      readFileSync(join(folder, `app/src/${flavour}/java/fr/playz/tv/FlavourStore.java`), 'utf8');
    // One FlavourStore per flavour, none in main: each build compiles exactly one.
    expect(existsSync(join(folder, 'app/src/main/java/fr/playz/tv/FlavourStore.java'))).toBe(false);

    const play = flavourStore('androidtv');
    expect(play).toContain('import com.android.billingclient.api.BillingClient;');
    expect(play).toContain('client.launchBillingFlow(activity, flow.build())');
    // purchaseItem is a one-off product, purchase a subscription with its offer token.
    expect(play).toContain(
      '"purchaseItem".equals(action) ? BillingClient.ProductType.INAPP : BillingClient.ProductType.SUBS',
    );
    expect(play).toContain('setOfferToken(');
    // The account (decision 073) and the item (decision 093) the server checks on the purchase.
    expect(play).toContain('flow.setObfuscatedAccountId(account)');
    expect(play).toContain('flow.setObfuscatedProfileId(profile)');
    // What google-play.ts reads: status OK with json and signature, or USER_CANCELED.
    for (const piece of ['result.put("status", "OK")', 'purchase.getOriginalJson()', 'purchase.getSignature()'])
      expect(play).toContain(piece);
    expect(play).toContain('return "USER_CANCELED"');
    // Acknowledged and consumed by the server once saved, never on the device.
    expect(play).not.toMatch(/acknowledgePurchase|consumeAsync/);

    const amazon = flavourStore('firetv');
    expect(amazon).toContain('import com.amazon.device.iap.PurchasingService;');
    expect(amazon).toContain('PurchasingService.purchase(sku)');
    expect(amazon).toContain('PurchasingService.getPurchaseUpdates(true)');
    // amazon-pay.ts reads status, requestId, purchaseReceipt {receiptId, cancelDate}, userData {userId}; receipts for restore.
    for (const field of [
      '"requestId"',
      '"purchaseReceipt"',
      '"userData"',
      '"receiptId"',
      '"cancelDate"',
      '"userId"',
      '"receipts"',
    ])
      expect(amazon).toContain(field);
    // Fulfilment only on the page's fulfil call, which it sends once the server saved the receipt.
    expect(amazon.match(/PurchasingService\.notifyFulfillment\(/g)).toHaveLength(1);
    expect(amazon).toMatch(
      /case "fulfil":\n[^\n]*\n\s*PurchasingService\.notifyFulfillment\(sku, FulfillmentResult\.FULFILLED\)/,
    );
    const receiver = new DOMParser().parseFromString(
      readFileSync(join(folder, 'app/src/firetv/AndroidManifest.xml'), 'utf8'),
      'application/xml',
    );
    expect(attr(receiver.getElementsByTagName('receiver')[0], 'name')).toBe('com.amazon.device.iap.ResponseReceiver');

    // Every action the bridge sends is one the stores name (an unknown one is answered, not lost).
    for (const action of ANDROID_STORE_ACTIONS) expect(`${play}\n${amazon}`).toContain(`"${action}"`);
    expect(flavourStore('bbox')).toContain('"FAILED"');
    expect(flavourStore('bbox')).not.toMatch(/billingclient|amazon/);
  });

  it('refuses a TV app URL a release WebView would load in clear text', () => {
    expect(() => writeAndroidWrapper(out, { ...config, tvAppUrl: 'http://www.playz.example/tv/' })).toThrow(/https/);
  });
});
