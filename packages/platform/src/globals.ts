/**
 * The device APIs a bridge reads, typed only as far as this package calls them. On a device they
 * hang off `globalThis`; tests and emulators pass plain objects.
 *
 * - `tizen` / `webapis`: Samsung's Tizen web-app APIs (tvinputdevice, application, systeminfo;
 *   productinfo, network, sso, billing).
 * - `ORANGE_BRIDGE`: the object the Orange set-top box's browser exposes to an app shop app. Its
 *   real name and methods are in Orange's integration kit, not in the spec; ours is the adapter
 *   shape of docs/decisions/036 that the box wrapper fills in.
 * - `ANDROID_INTERFACE`: the JS interface our own Android TV / Fire TV WebView wrapper injects with
 *   addJavascriptInterface; we write the wrapper, so we choose its name and methods.
 */
export const ORANGE_BRIDGE = 'OrangeSTB';
export const ANDROID_INTERFACE = 'PlayzAndroid';

export interface TizenGlobal {
  tvinputdevice?: { registerKey(name: string): void; getSupportedKeys?(): { name: string; code: number }[] };
  application?: {
    getCurrentApplication(): {
      exit(): void;
      getRequestedAppControl?(): { appControl: { data: { key: string; value: string[] }[] } } | null;
    };
  };
  systeminfo?: { getCapability(key: string): unknown };
}

export interface WebapisGlobal {
  productinfo?: { getModel?(): string; getDuid?(): string; getFirmware?(): string; getRealModel?(): string };
  network?: { getMac?(): string };
  /** Samsung account (Sso API): the TV's signed-in Samsung account, and its sign-in view. */
  sso?: {
    getLoginUid(): string | null;
    showAccountView(
      widgetName: string,
      onSuccess: (data: unknown) => void,
      onError?: (error: { name?: string; message?: string }) => void,
    ): void;
  };
  billing?: {
    buyItem(
      appId: string,
      serverType: string,
      paymentDetails: string,
      onSuccess: (data: { payResult: string; payDetail?: string }) => void,
      onError: (error: { name?: string; message?: string }) => void,
    ): void;
  };
}

/** What our Android / Fire TV wrapper answers (strings: addJavascriptInterface passes strings). */
export interface AndroidInterface {
  /** JSON {manufacturer, model, release (Android version), sdk, mac?, variant?: 'bbox'} */
  getDeviceInfo(): string;
  exit(): void;
  /**
   * Starts a store call (one of ANDROID_STORE_ACTIONS) of a store (GooglePlay, AmazonPay); the
   * wrapper answers with `window.playzStoreResult(requestId, json)`.
   */
  /** `account`: the buying account the store keeps on the purchase (Play's obfuscated account id, decision 073). */
  storeCall?(
    requestId: string,
    store: string,
    action: string,
    sku: string,
    account?: string,
    /** The item a one-off product is bought for (Play's obfuscated profile id, decision 093). */
    profile?: string,
  ): void;
  openUrl?(url: string): void;
}

/** The Orange box adapter: wassup auth call and lifecycle hooks (decision 036). */
export interface OrangeBridgeGlobal {
  model?: string;
  serial?: string;
  mac?: string;
  firmware?: string;
  exit?(): void;
  onLifecycle?(listener: (event: { type: 'activate' | 'deactivate' | 'unload'; route?: string }) => void): void;
}

/**
 * The actions of `storeCall` the bridges send, which the generated wrapper's native store code
 * answers (tools/tv-package, decision 101): a subscription, a one-off product (decision 093), the
 * purchases already made, and Amazon's fulfilment of a receipt the server saved.
 */
export const ANDROID_STORE_ACTIONS = ['purchase', 'purchaseItem', 'restore', 'fulfil'] as const;
export type AndroidStoreAction = (typeof ANDROID_STORE_ACTIONS)[number];

/** The callback our Android wrapper calls with a store call's result (JSON). */
export const ANDROID_STORE_RESULT = 'playzStoreResult';

export interface PlatformGlobals {
  [ANDROID_STORE_RESULT]?: (requestId: string, json: string) => void;
  tizen?: TizenGlobal;
  webapis?: WebapisGlobal;
  [ORANGE_BRIDGE]?: OrangeBridgeGlobal;
  [ANDROID_INTERFACE]?: AndroidInterface;
}
