import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { playzMarkPng } from '../icon-png';
import {
  AMAZON_FLAVOUR_MANIFEST,
  amazonStoreJava,
  FLAVOUR_STORE_CLASS,
  googlePlayStoreJava,
  noNativeStoreJava,
  storeInterfacesJava,
} from './android-store-sources';

export interface AndroidWrapperConfig {
  version: string;
  /** The address the WebView opens: the served TV app (`<public url>/tv/`), from configuration. */
  tvAppUrl: string;
  /** The Play package (Android TV, and `.bbox` for the operator box variant) and the Amazon one. */
  packageName: string;
  fireTvPackageName: string;
}

/** The JS interface and store callback the platform bridge reads (packages/platform/src/globals.ts). */
export const ANDROID_JS_INTERFACE = 'PlayzAndroid';
const STORE_RESULT = 'playzStoreResult';
const JAVA_PACKAGE = 'fr.playz.tv';
/**
 * The stores' libraries, each in its flavour only (decision 101): Play Billing 7 (its
 * queryProductDetailsAsync callback is the one written here; 8 changed it), the Appstore SDK 3.
 */
export const PLAY_BILLING_DEPENDENCY = 'com.android.billingclient:billing:7.1.1';
export const AMAZON_APPSTORE_DEPENDENCY = 'com.amazon.device:amazon-appstore-sdk:3.0.5';

/** Play and Amazon want an increasing integer: major, minor, patch in fixed decimal places. */
export function androidVersionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major * 1_000_000 + minor * 1_000 + patch;
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const javaString = (value: string) => JSON.stringify(value);

/**
 * The source of the Android TV / Fire TV wrapper (decision 087): a minimal WebView app, built with
 * Gradle where an Android SDK is installed, that opens the served TV app full screen. Its manifest
 * puts it on the TV home screens — the LEANBACK_LAUNCHER intent and a 320×180 banner on Android
 * TV, the same intent and banner on Fire TV, which reads them too — and declares no touchscreen.
 * The page finds the wrapper by its JS interface (`PlayzAndroid`, decision 036 detection) and gets
 * device info, exit and external links from it; the Back key reaches the page as `GoBack`
 * (the page decides: previous screen, or leaving from home), and the activity's pause and resume
 * pause and resume the WebView, whose page then sees visibilitychange (decision 087 lifecycle).
 * Store calls go to the flavour's own native store (decision 101, android-store-sources.ts):
 * Google Play Billing on androidtv, the Amazon Appstore SDK on firetv, none on bbox (BAchat is a
 * web flow). Never compiled here: no Android SDK on this machine.
 */
export function writeAndroidWrapper(outDir: string, config: AndroidWrapperConfig): { folder: string } {
  const folder = join(outDir, 'android-wrapper');
  rmSync(folder, { recursive: true, force: true });
  const write = (path: string, data: string | Buffer) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), data);
  };
  const url = new URL(config.tvAppUrl);
  if (url.protocol !== 'https:' && url.hostname !== 'localhost' && url.hostname !== '10.0.2.2')
    throw new Error(`the TV app URL must be https (got ${config.tvAppUrl})`);
  const javaDir = `app/src/main/java/${JAVA_PACKAGE.replace(/\./g, '/')}`;

  write('settings.gradle', `rootProject.name = 'playz-tv'\ninclude ':app'\n`);
  write('build.gradle', `plugins {\n    id 'com.android.application' version '8.5.2' apply false\n}\n`);
  // The stores' libraries may bring AndroidX artefacts with them.
  write('gradle.properties', 'android.useAndroidX=true\norg.gradle.jvmargs=-Xmx2g\n');
  write(
    'app/build.gradle',
    [
      "plugins {\n    id 'com.android.application'\n}",
      '',
      'android {',
      `    namespace '${JAVA_PACKAGE}'`,
      '    compileSdk 34',
      '    defaultConfig {',
      '        minSdk 22',
      '        targetSdk 34',
      `        versionCode ${androidVersionCode(config.version)}`,
      `        versionName '${config.version}'`,
      `        buildConfigField 'String', 'TV_APP_URL', '${javaString(url.toString())}'`,
      '    }',
      '    buildFeatures { buildConfig true }',
      "    flavorDimensions 'store'",
      '    productFlavors {',
      `        androidtv { dimension 'store'; applicationId '${config.packageName}'; buildConfigField 'String', 'STORE', '"GooglePlay"'; buildConfigField 'String', 'VARIANT', '""' }`,
      `        bbox { dimension 'store'; applicationId '${config.packageName}.bbox'; buildConfigField 'String', 'STORE', '"BAchat"'; buildConfigField 'String', 'VARIANT', '"bbox"' }`,
      `        firetv { dimension 'store'; applicationId '${config.fireTvPackageName}'; buildConfigField 'String', 'STORE', '"AmazonPay"'; buildConfigField 'String', 'VARIANT', '""' }`,
      '    }',
      '}',
      '',
      'dependencies {',
      `    androidtvImplementation '${PLAY_BILLING_DEPENDENCY}'`,
      `    firetvImplementation '${AMAZON_APPSTORE_DEPENDENCY}'`,
      '}',
      '',
    ].join('\n'),
  );
  write(
    'app/src/main/AndroidManifest.xml',
    `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <uses-permission android:name="android.permission.INTERNET" />
    <uses-permission android:name="android.permission.ACCESS_NETWORK_STATE" />
    <!-- A TV app: the leanback feature, and no touchscreen asked for (Play's TV checks). -->
    <uses-feature android:name="android.software.leanback" android:required="true" />
    <uses-feature android:name="android.hardware.touchscreen" android:required="false" />
    <application
        android:label="@string/app_name"
        android:icon="@drawable/icon"
        android:banner="@drawable/banner"
        android:theme="@android:style/Theme.NoTitleBar.Fullscreen"
        android:usesCleartextTraffic="false"
        android:hardwareAccelerated="true">
        <activity
            android:name=".MainActivity"
            android:exported="true"
            android:launchMode="singleTask"
            android:screenOrientation="landscape"
            android:configChanges="keyboard|keyboardHidden|navigation|orientation|screenLayout|screenSize|uiMode">
            <intent-filter>
                <action android:name="android.intent.action.MAIN" />
                <category android:name="android.intent.category.LEANBACK_LAUNCHER" />
            </intent-filter>
        </activity>
    </application>
</manifest>
`,
  );
  write(
    'app/src/main/res/values/strings.xml',
    `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">Playz</string>
    <string name="tv_app_url" translatable="false">${xmlText(url.toString())}</string>
</resources>
`,
  );
  // Android TV's home-screen banner is 320×180 px at xhdpi; the icon for the app lists.
  write('app/src/main/res/drawable-xhdpi/banner.png', playzMarkPng(320, 180));
  write('app/src/main/res/drawable/icon.png', playzMarkPng(96, 96));
  write(
    `${javaDir}/MainActivity.java`,
    `package ${JAVA_PACKAGE};

import android.app.Activity;
import android.os.Bundle;
import android.view.KeyEvent;
import android.webkit.WebSettings;
import android.webkit.WebView;
import android.webkit.WebViewClient;

/** Opens the served Playz TV app full screen (decision 087). */
public class MainActivity extends Activity {
    private WebView webView;

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        webView = new WebView(this);
        WebSettings settings = webView.getSettings();
        settings.setJavaScriptEnabled(true);
        settings.setDomStorageEnabled(true);
        // The player starts on its own (spec 2 §4 autoplay): no tap on a TV.
        settings.setMediaPlaybackRequiresUserGesture(false);
        webView.setWebViewClient(new WebViewClient());
        webView.addJavascriptInterface(new PlayzAndroid(this, webView), ${javaString(ANDROID_JS_INTERFACE)});
        setContentView(webView);
        webView.requestFocus();
        webView.loadUrl(BuildConfig.TV_APP_URL);
    }

    /** Back belongs to the page (previous screen; on home it calls exit()). */
    @Override
    public boolean dispatchKeyEvent(KeyEvent event) {
        if (event.getKeyCode() == KeyEvent.KEYCODE_BACK) {
            if (event.getAction() == KeyEvent.ACTION_UP) {
                webView.evaluateJavascript(
                    "window.dispatchEvent(new KeyboardEvent('keydown', {key: 'GoBack', bubbles: true}))", null);
            }
            return true;
        }
        return super.dispatchKeyEvent(event);
    }

    /** Leaving the app (Home key, another app): the page stops its player and gives back its place. */
    @Override
    protected void onPause() {
        webView.onPause();
        super.onPause();
    }

    @Override
    protected void onResume() {
        super.onResume();
        webView.onResume();
    }

    @Override
    protected void onDestroy() {
        webView.destroy();
        super.onDestroy();
    }
}
`,
  );
  write(
    `${javaDir}/PlayzAndroid.java`,
    `package ${JAVA_PACKAGE};

import android.app.Activity;
import android.content.Intent;
import android.net.Uri;
import android.os.Build;
import android.webkit.JavascriptInterface;
import android.webkit.WebView;
import org.json.JSONException;
import org.json.JSONObject;

/** The JS interface the platform bridge reads (packages/platform/src/globals.ts AndroidInterface). */
public class PlayzAndroid {
    private final Activity activity;
    private final WebView webView;
    /** This flavour's store (src/<flavour>/java/…/${FLAVOUR_STORE_CLASS}.java). */
    private final StoreBridge stores;

    PlayzAndroid(Activity activity, WebView webView) {
        this.activity = activity;
        this.webView = webView;
        this.stores = ${FLAVOUR_STORE_CLASS}.create(activity, this::answer);
    }

    @JavascriptInterface
    public String getDeviceInfo() {
        JSONObject info = new JSONObject();
        try {
            info.put("manufacturer", Build.MANUFACTURER);
            info.put("model", Build.MODEL);
            info.put("release", Build.VERSION.RELEASE);
            info.put("sdk", Build.VERSION.SDK_INT);
            if (!BuildConfig.VARIANT.isEmpty()) info.put("variant", BuildConfig.VARIANT);
        } catch (JSONException ignored) {
            // Every field is a plain value: put cannot fail here.
        }
        return info.toString();
    }

    @JavascriptInterface
    public void exit() {
        activity.runOnUiThread(activity::finish);
    }

    @JavascriptInterface
    public void openUrl(String url) {
        activity.runOnUiThread(() -> activity.startActivity(new Intent(Intent.ACTION_VIEW, Uri.parse(url))));
    }

    /** A call without the buying account (the JS bridge matches methods by their number of arguments). */
    @JavascriptInterface
    public void storeCall(String requestId, String store, String action, String sku) {
        storeCall(requestId, store, action, sku, "", "");
    }

    /** A subscription with the buying account (Play's obfuscated account id, decision 073). */
    @JavascriptInterface
    public void storeCall(String requestId, String store, String action, String sku, String account) {
        storeCall(requestId, store, action, sku, account, "");
    }

    /**
     * A one-off product (purchaseItem, decision 093) with the account and the item it is for (Play's
     * obfuscated profile id). A call for another store than this build's is answered FAILED at once.
     */
    @JavascriptInterface
    public void storeCall(String requestId, String store, String action, String sku, String account, String profile) {
        if (!BuildConfig.STORE.equals(store)) {
            answer(requestId, failed(store + " is not this build's store"));
            return;
        }
        stores.call(requestId, action, sku, account == null ? "" : account, profile == null ? "" : profile);
    }

    private static JSONObject failed(String message) {
        JSONObject result = new JSONObject();
        try {
            result.put("status", "FAILED");
            result.put("message", message);
        } catch (JSONException ignored) {
            // Plain values only.
        }
        return result;
    }

    /** The page's callback, on the UI thread (the stores answer on their own threads). */
    private void answer(String requestId, JSONObject result) {
        String script = "window.${STORE_RESULT} && window.${STORE_RESULT}(" + JSONObject.quote(requestId) + ", "
            + JSONObject.quote(result.toString()) + ")";
        activity.runOnUiThread(() -> webView.evaluateJavascript(script, null));
    }
}
`,
  );
  for (const [name, source] of Object.entries(storeInterfacesJava(JAVA_PACKAGE))) write(`${javaDir}/${name}`, source);
  // Each flavour's source set has its own FlavourStore: the build of one flavour compiles one.
  const flavourClass = (flavour: string) =>
    `app/src/${flavour}/java/${JAVA_PACKAGE.replace(/\./g, '/')}/${FLAVOUR_STORE_CLASS}.java`;
  write(flavourClass('androidtv'), googlePlayStoreJava(JAVA_PACKAGE));
  write(flavourClass('firetv'), amazonStoreJava(JAVA_PACKAGE));
  write(flavourClass('bbox'), noNativeStoreJava(JAVA_PACKAGE));
  write('app/src/firetv/AndroidManifest.xml', AMAZON_FLAVOUR_MANIFEST);
  return { folder };
}
