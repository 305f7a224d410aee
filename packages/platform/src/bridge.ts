import type { ApiClient } from '@playz/api-client';
import type { Customer } from '@playz/api-contract';
import type { BillingType } from '@playz/domain';
import type { PlatformGlobals } from './globals';
import type { DeviceIdentity } from './identity/device-identity';
import type { DeviceCommonParams } from './identity/common-params';
import type { KeyValueStorage } from './identity/storage';
import type { KeyInput, RemoteKey } from './keys/remote-key';
import type { DeviceType, Platform } from './platform';
import type { NativePlayer } from './player/native-player';
import type { SetTopErrors } from './set-top/set-top-errors';
import type { SetTopLifecycle } from './set-top/lifecycle';
import type { Timers } from './timers';
import type { OrangeEnvironment } from './bridges/orange-stb/environment';

/** What the TV app asks a store to sell: the offer's store SKU (decision 029: `playz_monthly`…). */
export interface StoreOffer {
  sku: string;
  /**
   * Our customer id as the store is told it (Samsung's CustomID, BAchat's customer reference):
   * the server verifies the receipt with the same id.
   */
  customId?: string;
  /** Our offer id, for unsubscribe calls made through the server (`/billing/unsubscribe`). */
  productId?: string;
}

/** A single item bought in the store (spec 3 §3 PurchaseContent; decision 093): a film, an event's pass. */
export interface StoreItem {
  contentType: 'Content' | 'ContentList' | 'LiveEvent';
  contentTypeID: number;
}

/**
 * The end of a store flow (spec 3 §4): `saved` when the server verified and saved the store's
 * answer ("Result 1 with Customer"), `cancelled` when the viewer backed out in the store (Amazon's
 * "null outcome"), `redirected` when the store continues outside the app (BAchat's activation
 * link; `complete` then finishes it with the code the store gave). Failures throw a
 * StoreBillingError.
 */
export type StoreOutcome =
  | { status: 'saved'; customer: Customer }
  | { status: 'cancelled' }
  /** Restore or check: the store holds nothing for this device's account. */
  | { status: 'none' }
  /** Unsubscribe through the server: the renewal is stopped, access stays until its end. */
  | { status: 'unsubscribed' }
  | { status: 'redirected'; url: string };

export interface StoreBilling {
  billingType: BillingType;
  subscribe(offer: StoreOffer): Promise<StoreOutcome>;
  /** Spec 3 §4 restore: re-attach what the store already holds for this device's account. */
  restore(offer: StoreOffer): Promise<StoreOutcome>;
  /** Stores whose cancellation goes through the app (Samsung, Orange, BAchat); others: the store's own UI. */
  unsubscribe?(offer: StoreOffer): Promise<StoreOutcome>;
  /**
   * Buys one item (a film rental, a live-event pass; decision 093) as the store's one-off product
   * `offer.sku` and posts the receipt with the item. Stores whose flows sell subscriptions only
   * (Samsung, Orange, BAchat) have none.
   */
  buyItem?(offer: StoreOffer, item: StoreItem): Promise<StoreOutcome>;
  /** BAchat: saves the one-time code the BBox payment page gave after a `redirected` subscribe. */
  complete?(code: string): Promise<StoreOutcome>;
}

export interface BridgeOptions {
  /** True for the emulated bridge (`?platform=`, tests); false talks to the device's API. */
  emulated: boolean;
  /** The Playz API (save endpoints of decision 029, /error/log). */
  api: ApiClient;
  storage: KeyValueStorage;
  deviceType?: DeviceType;
  /** `globalThis` on a device; emulators ignore it. */
  globals?: PlatformGlobals;
  /** `location.search` at launch: Orange's `pf`, a development `?platform=`. */
  search?: string;
  /**
   * The store stand-ins' base URL (`<server>/sandbox`, decision 029) the emulated store billing
   * buys in; emulated billing is absent without it.
   */
  sandboxUrl?: string;
  /** HTTP for the store stand-ins and Orange's wassup auth (tests bind it to the test app). */
  fetch?: typeof fetch;
  timers?: Timers;
  /** Android TV only: the operator box variant (BBox, billing BAchat) instead of Google Play. */
  androidVariant?: 'googlePlay' | 'bbox';
  /** Tizen, real device: the seller's DPI AppID and server type for webapis.billing.buyItem. */
  samsungCheckout?: { appId: string; serverType: 'PRD' | 'DEV' };
  /** Orange box, real device: the auth server (`{server}AUTH/api/wassup`) per `pf` environment. */
  orangeAuthServers?: Partial<Record<OrangeEnvironment, string>>;
}

export interface PlatformBridge {
  platform: Platform;
  emulated: boolean;
  identity: DeviceIdentity;
  /**
   * spec 1 §7: the device's common parameters, for the API client's getCommonParams; with store
   * billing, `billing_types` names the store.
   */
  commonParams(): DeviceCommonParams;
  /** Registers the keys the platform only delivers on request (Tizen tvinputdevice); idempotent. */
  registerKeys(): void;
  remoteKeyOf(event: KeyInput): RemoteKey | null;
  /** Leaves the application (Tizen application.exit, the wrappers' exit); `false` when it cannot. */
  exit(): boolean;
  /** The route a launch asked for (spec 1 §2 deep links), or null for the home page. */
  launchRoute(): string | null;
  /** spec 2 §9: UHD86 / UHD87 set-top models get the lighter page. */
  lowMemory: boolean;
  /**
   * The device holds a second video decoder beside the one on screen: the channel player keeps
   * the likeliest next channel loaded in a hidden element (a warm standby, decision 119). Browsers
   * do; TVs and boxes that give a page one hardware decoder do not (off until tried on the device).
   */
  standbyDecoder: boolean;
  storeBilling?: StoreBilling;
  /** Orange set-top box: activate / deactivate / unload (spec 2 §4). */
  lifecycle?: SetTopLifecycle;
  /** Orange set-top box: the I04 / I08 / I09 / I10-PLAYZ popups and silent errors (spec 2 §8, spec 3 §8). */
  errors?: SetTopErrors;
  /** The emulated native player of set-top devices (spec 2 §4 states). */
  player?: NativePlayer;
  /** Orange set-top box: the `pf` environment (spec 1 §2), added to every call (spec 3 §7). */
  setTopEnvironment?: OrangeEnvironment;
}
