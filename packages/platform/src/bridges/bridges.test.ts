import { ApiError, type ApiClient } from '@playz/api-client';
import { storeAccountTokens } from '@playz/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeOptions } from '../bridge';
import { createPlatformBridge } from '../create-bridge';
import type { PlatformGlobals } from '../globals';
import { memoryStorage } from '../identity/storage';
import { TIZEN_REGISTERED_KEYS } from '../keys/key-codes';
import { serverSave, StoreBillingError } from '../store/store-billing-error';
import { AMAZON_RESPONSE_TIMEOUT_MS } from './fire-os/amazon-pay';
import { SAMSUNG_LOGIN_WAIT_MS } from './tizen/samsung-checkout';

afterEach(() => {
  vi.useRealTimers();
});

const customer = { UID: 'c-1', hasValidSubscription: true };
/** What the server answers of Samsung's country check and product list (spec 3 §4 steps 2–3). */
let samsungCatalogue = {
  Result: 1,
  IsBillingSupported: true,
  Products: [{ ItemID: 'playz_monthly', ItemTitle: 'Playz', ItemType: 4, Price: 7.99, CurrencyID: 'EUR' }],
};
/** The server calls a bridge makes, recorded; each answers "Result 1 with Customer". */
function fakeApi() {
  const calls: [string, unknown][] = [];
  const answer = (name: string) => async (input: unknown) => {
    calls.push([name, input]);
    return { Result: 1, Customer: customer };
  };
  const api = {
    samsungCheckoutProducts: async (input: unknown) => {
      calls.push(['samsungCheckoutProducts', input]);
      return samsungCatalogue;
    },
    saveSamsungCheckout: answer('saveSamsungCheckout'),
    restoreSamsungCheckout: answer('restoreSamsungCheckout'),
    saveAmazonPay: answer('saveAmazonPay'),
    saveGooglePlay: answer('saveGooglePlay'),
    logClientError: async () => ({ Success: true }),
  } as unknown as ApiClient;
  return { api, calls };
}
const options = (extra: Partial<BridgeOptions> = {}): BridgeOptions => ({
  emulated: false,
  api: fakeApi().api,
  storage: memoryStorage(),
  ...extra,
});

describe('Tizen bridge, real device APIs (spec 1 §2 deep links; tvinputdevice; spec 3 §4 Samsung checkout)', () => {
  it('registers every extra remote key once, even when the model lacks some', () => {
    const registered: string[] = [];
    const tizen = {
      tvinputdevice: {
        registerKey: (name: string) => {
          if (name === 'ColorF3Blue') throw new Error('NotSupportedError');
          registered.push(name);
        },
      },
    };
    const bridge = createPlatformBridge('Tizen', options({ globals: { tizen } }));
    bridge.registerKeys();
    bridge.registerKeys();
    expect(registered).toEqual(TIZEN_REGISTERED_KEYS.filter((k) => k !== 'ColorF3Blue'));
  });

  it('the launch payload /content/{id} opens /clip/{id}/player; exit leaves through tizen.application', () => {
    const exit = vi.fn();
    const tizen = {
      application: {
        getCurrentApplication: () => ({
          exit,
          getRequestedAppControl: () => ({
            appControl: { data: [{ key: 'PAYLOAD', value: ['{"values":"/content/31"}'] }] },
          }),
        }),
      },
    };
    const bridge = createPlatformBridge('Tizen', options({ globals: { tizen } }));
    expect(bridge.launchRoute()).toBe('/clip/31/player');
    expect(bridge.exit()).toBe(true);
    expect(exit).toHaveBeenCalledOnce();
  });

  it('emulated: ?payload=type_{id} opens /{type}/{id}/player and no device API is touched', () => {
    const tizen = { tvinputdevice: { registerKey: vi.fn() } };
    const bridge = createPlatformBridge(
      'Tizen',
      options({ emulated: true, search: '?platform=Tizen&payload=channel_4', globals: { tizen } }),
    );
    bridge.registerKeys();
    expect(tizen.tvinputdevice.registerKey).not.toHaveBeenCalled();
    expect(bridge.launchRoute()).toBe('/channel/4/player');
    expect(bridge.exit()).toBe(false);
  });

  it('Samsung checkout: buyItem SUCCESS saves its InvoiceID on the server; CANCEL saves nothing', async () => {
    const { api, calls } = fakeApi();
    let payResult = 'SUCCESS';
    const webapis: PlatformGlobals['webapis'] = {
      billing: {
        buyItem: (_appId, _server, details, onSuccess) => {
          expect(JSON.parse(details)).toMatchObject({ OrderItemID: 'playz_monthly', OrderCustomID: '42' });
          onSuccess({ payResult, payDetail: JSON.stringify({ InvoiceID: 'DP123' }) });
        },
      },
    };
    const bridge = createPlatformBridge(
      'Tizen',
      options({ api, globals: { webapis }, samsungCheckout: { appId: '3201600000000', serverType: 'DEV' } }),
    );
    expect(await bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' })).toEqual({
      status: 'saved',
      customer,
    });
    expect(calls).toEqual([
      ['samsungCheckoutProducts', { query: {} }],
      ['saveSamsungCheckout', { body: { invoice: 'DP123' } }],
    ]);
    payResult = 'CANCEL';
    expect(await bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' })).toEqual({
      status: 'cancelled',
    });
    expect(await bridge.storeBilling!.restore({ sku: 'playz_monthly' })).toEqual({ status: 'saved', customer });
    expect(calls.at(-1)).toEqual(['restoreSamsungCheckout', { body: { invoice: 'DP123' } }]);
  });

  it('spec 3 §4 Samsung step 1: signed out, the Samsung account view opens; signed in within 3 s the purchase goes on', async () => {
    vi.useFakeTimers();
    const { api, calls } = fakeApi();
    let uid = '';
    const shown: string[] = [];
    const buyItem = vi.fn(
      (
        _appId: string,
        _server: string,
        _details: string,
        onSuccess: (d: { payResult: string; payDetail?: string }) => void,
      ) => onSuccess({ payResult: 'SUCCESS', payDetail: JSON.stringify({ InvoiceID: 'DP7' }) }),
    );
    const webapis: PlatformGlobals['webapis'] = {
      sso: {
        getLoginUid: () => uid,
        showAccountView: (widget) => {
          shown.push(widget);
          // The viewer signs in on Samsung's view before the wait is over.
          setTimeout(() => (uid = 'samsung-uid-1'), SAMSUNG_LOGIN_WAIT_MS - 500);
        },
      },
      billing: { buyItem },
    };
    const bridge = createPlatformBridge(
      'Tizen',
      options({ api, globals: { webapis }, samsungCheckout: { appId: '3201600000000', serverType: 'DEV' } }),
    );
    const outcome = bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' });
    expect(shown).toEqual(['Playz']);
    expect(buyItem).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SAMSUNG_LOGIN_WAIT_MS);
    expect(await outcome).toEqual({ status: 'saved', customer });
    expect(calls).toEqual([
      ['samsungCheckoutProducts', { query: {} }],
      ['saveSamsungCheckout', { body: { invoice: 'DP7' } }],
    ]);
    // Signed in already: no account view, the purchase starts at once.
    shown.length = 0;
    await bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' });
    expect(shown).toEqual([]);
    expect(buyItem).toHaveBeenCalledTimes(2);
  });

  it('spec 3 §4 Samsung step 1: still signed out when the 3 s are over, the purchase fails and nothing is bought', async () => {
    vi.useFakeTimers();
    const { api, calls } = fakeApi();
    const buyItem = vi.fn();
    const webapis: PlatformGlobals['webapis'] = {
      sso: { getLoginUid: () => null, showAccountView: () => undefined },
      billing: { buyItem },
    };
    const bridge = createPlatformBridge(
      'Tizen',
      options({ api, globals: { webapis }, samsungCheckout: { appId: '3201600000000', serverType: 'DEV' } }),
    );
    const outcome = bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' });
    const failed = expect(outcome).rejects.toMatchObject({ name: 'StoreBillingError', reason: 'store' });
    await vi.advanceTimersByTimeAsync(SAMSUNG_LOGIN_WAIT_MS);
    await failed;
    expect(buyItem).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('spec 3 §4 Samsung steps 2–3: a country Samsung does not bill, or an item its list lacks, buys nothing', async () => {
    const { api, calls } = fakeApi();
    const buyItem = vi.fn();
    const webapis: PlatformGlobals['webapis'] = {
      sso: { getLoginUid: () => 'samsung-uid-1', showAccountView: vi.fn() },
      billing: { buyItem },
    };
    const bridge = createPlatformBridge(
      'Tizen',
      options({ api, globals: { webapis }, samsungCheckout: { appId: '3201600000000', serverType: 'DEV' } }),
    );
    const before = samsungCatalogue;
    try {
      samsungCatalogue = { ...before, IsBillingSupported: false, Products: [] };
      await expect(bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' })).rejects.toMatchObject({
        name: 'StoreBillingError',
        reason: 'notAvailableHere',
      });
      samsungCatalogue = before;
      await expect(bridge.storeBilling!.subscribe({ sku: 'playz_yearly', customId: '42' })).rejects.toMatchObject({
        reason: 'store',
        details: { storeStatus: '410459' },
      });
    } finally {
      samsungCatalogue = before;
    }
    expect(buyItem).not.toHaveBeenCalled();
    expect(calls.map(([name]) => name)).toEqual(['samsungCheckoutProducts', 'samsungCheckoutProducts']);
  });

  it('without the seller settings or webapis.billing there is no store billing, not a fake one', () => {
    expect(createPlatformBridge('Tizen', options({ globals: {} })).storeBilling).toBeUndefined();
    expect(createPlatformBridge('Tizen', options({ emulated: true })).storeBilling).toBeUndefined();
  });
});

describe('Android TV / Fire TV wrapper (spec 3 §4 Google Play, Amazon; §9 Amazon time-out 30000 ms)', () => {
  /** Our wrapper: `answer` plays the store's reply, null a store sheet that never answers. */
  const wrapper = (answer: ((requestId: string, store: string) => void) | null) => ({
    getDeviceInfo: () => JSON.stringify({ manufacturer: 'Amazon', model: 'AFTMM', release: '9' }),
    exit: vi.fn(),
    storeCall: (requestId: string, store: string) => answer?.(requestId, store),
  });

  it('Amazon: no answer within 30000 ms is a time-out error', async () => {
    vi.useFakeTimers();
    const globals: PlatformGlobals = {};
    globals.PlayzAndroid = wrapper(null);
    const bridge = createPlatformBridge('FireOS', options({ globals }));
    const purchase = bridge.storeBilling!.subscribe({ sku: 'subscription_1_99' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(AMAZON_RESPONSE_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await purchase;
    expect(error).toBeInstanceOf(StoreBillingError);
    expect((error as StoreBillingError).reason).toBe('timeout');
  });

  it('Amazon: SUCCESSFUL is saved; FAILED is a null outcome with nothing saved', async () => {
    const { api, calls } = fakeApi();
    let status = 'SUCCESSFUL';
    const globals: PlatformGlobals = {};
    globals.PlayzAndroid = wrapper((requestId) => {
      const response = { status, requestId: 'r1', purchaseReceipt: { receiptId: 'R1' }, userData: { userId: 'amzn1' } };
      queueMicrotask(() => globals.playzStoreResult!(requestId, JSON.stringify(response)));
    });
    const bridge = createPlatformBridge('FireOS', options({ api, globals }));
    expect(bridge.identity.systemVersion).toBe('7.0');
    expect(await bridge.storeBilling!.subscribe({ sku: 'subscription_1_99' })).toMatchObject({ status: 'saved' });
    expect(calls).toHaveLength(1);
    status = 'FAILED';
    expect(await bridge.storeBilling!.subscribe({ sku: 'subscription_1_99' })).toEqual({ status: 'cancelled' });
    expect(calls).toHaveLength(1);
  });

  it('Amazon: the receipt is fulfilled on the device only after the server saved it, never when refused (decision 101)', async () => {
    const events: string[] = [];
    let refuse = false;
    const api = {
      saveAmazonPay: async () => {
        events.push('server save');
        if (refuse) throw new ApiError(30, 'déjà utilisé', 400, '/billing/amazon-pay/save');
        return { Result: 1, Customer: customer };
      },
    } as unknown as ApiClient;
    const globals: PlatformGlobals = {};
    globals.PlayzAndroid = {
      getDeviceInfo: () => JSON.stringify({ manufacturer: 'Amazon', model: 'AFTMM', release: '9' }),
      exit: vi.fn(),
      storeCall: (requestId: string, store: string, action: string, sku: string) => {
        events.push(`${store} ${action} ${sku}`);
        const response =
          action === 'fulfil'
            ? { status: 'OK' }
            : {
                status: 'SUCCESSFUL',
                requestId: 'r1',
                purchaseReceipt: { receiptId: 'R1' },
                userData: { userId: 'u' },
              };
        queueMicrotask(() => globals.playzStoreResult!(requestId, JSON.stringify(response)));
      },
    };
    const bridge = createPlatformBridge('FireOS', options({ api, globals }));
    await bridge.storeBilling!.buyItem!({ sku: 'playz_event_pass' }, { contentType: 'LiveEvent', contentTypeID: 2 });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual(['AmazonPay purchase playz_event_pass', 'server save', 'AmazonPay fulfil R1']);
    events.length = 0;
    refuse = true;
    await expect(bridge.storeBilling!.subscribe({ sku: 'subscription_1_99' })).rejects.toBeInstanceOf(
      StoreBillingError,
    );
    expect(events).toEqual(['AmazonPay purchase subscription_1_99', 'server save']);
  });

  it('Google Play: the wrapper’s json and signature go to the server; USER_CANCELED saves nothing', async () => {
    const { api, calls } = fakeApi();
    let status = 'OK';
    const globals: PlatformGlobals = {};
    globals.PlayzAndroid = wrapper((requestId, store) => {
      expect(store).toBe('GooglePlay');
      queueMicrotask(() =>
        globals.playzStoreResult!(requestId, JSON.stringify({ status, json: '{"purchaseToken":"t"}', signature: 's' })),
      );
    });
    const bridge = createPlatformBridge('AndroidTV', options({ api, globals }));
    expect(await bridge.storeBilling!.subscribe({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect(calls).toEqual([['saveGooglePlay', { body: { json: '{"purchaseToken":"t"}', signature: 's' } }]]);
    status = 'USER_CANCELED';
    expect(await bridge.storeBilling!.subscribe({ sku: 'playz_monthly' })).toEqual({ status: 'cancelled' });
  });
});

describe('Google Play: the purchase names its account, a named refusal keeps its words (decisions 072, 073)', () => {
  it('the wrapper is given the obfuscated account id derived from our CustomID; none without one', async () => {
    const { api } = fakeApi();
    const accounts: (string | undefined)[] = [];
    const globals: PlatformGlobals = {};
    globals.PlayzAndroid = {
      getDeviceInfo: () => JSON.stringify({ manufacturer: 'Google', model: 'Chromecast', release: '12' }),
      exit: vi.fn(),
      storeCall: (requestId: string, _store: string, _action: string, _sku: string, account?: string) => {
        accounts.push(account);
        queueMicrotask(() =>
          globals.playzStoreResult!(requestId, JSON.stringify({ status: 'OK', json: '{"purchaseToken":"t"}' })),
        );
      },
    };
    const bridge = createPlatformBridge('AndroidTV', options({ api, globals }));
    await bridge.storeBilling!.subscribe({ sku: 'playz_monthly', customId: '42' });
    await bridge.storeBilling!.subscribe({ sku: 'playz_monthly' });
    expect(accounts).toEqual([(await storeAccountTokens('42')).googlePlay, undefined]);
  });

  it('a server refusal with a Reason carries it, with the server’s message', async () => {
    const refusal = new ApiError(
      30,
      'La période gratuite a déjà été utilisée',
      400,
      '/billing/google-play/save',
      'TrialAlreadyUsed',
    );
    const error = await serverSave(() => Promise.reject(refusal)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreBillingError);
    expect(error).toMatchObject({ reason: 'server', number: 30, apiReason: 'TrialAlreadyUsed' });
    expect((error as Error).message).toBe('La période gratuite a déjà été utilisée');
  });
});

describe('Orange set-top box bridge (spec 2 §4 lifecycle, spec 2 §9 low memory)', () => {
  it('spec 2 §4: the box’s lifecycle events drive the bridge’s lifecycle; the activation route is a deep-link event', () => {
    let boxListener: ((event: { type: 'activate' | 'deactivate' | 'unload'; route?: string }) => void) | null = null;
    const box = {
      model: 'UHD86',
      onLifecycle: (listener: NonNullable<typeof boxListener>) => void (boxListener = listener),
    };
    const bridge = createPlatformBridge('OrangeSTB', options({ globals: { OrangeSTB: box } }));
    const routes: string[] = [];
    bridge.lifecycle!.on((event) => event.type === 'deepLink' && routes.push(event.route));
    boxListener!({ type: 'activate', route: '/channel/2/player' });
    expect(routes).toEqual(['/channel/2/player']);
    // decision 087: the first activation's route is the launch route, as a TV app path.
    expect(bridge.launchRoute()).toBe('/channel/2/player');
    boxListener!({ type: 'activate', route: 'live-event_3' });
    expect(bridge.launchRoute()).toBe('/channel/2/player');
    expect(bridge.lowMemory).toBe(true);
    expect(bridge.identity).toMatchObject({ vendor: 'Orange', model: 'UHD86' });
  });

  it('spec 1 §7 billing types: a bridge with store billing names its store in the common parameters', () => {
    const sandbox = { emulated: true, sandboxUrl: 'http://127.0.0.1:1/sandbox' };
    expect(
      createPlatformBridge('AndroidTV', options({ ...sandbox, search: '?variant=bbox' })).commonParams(),
    ).toMatchObject({
      platform: 'AndroidTV',
      billing_types: 'BAchat',
    });
    expect(createPlatformBridge('FireOS', options(sandbox)).commonParams().billing_types).toBe('AmazonPay');
    expect(createPlatformBridge('Web', options(sandbox)).commonParams()).not.toHaveProperty('billing_types');
  });

  it('emulated: ?model=UHD87 tries the low-memory page, ?route= is the first activation route', () => {
    const bridge = createPlatformBridge(
      'OrangeSTB',
      options({ emulated: true, search: '?platform=OrangeSTB&model=UHD87&route=/clip/3/player' }),
    );
    expect(bridge.lowMemory).toBe(true);
    expect(bridge.launchRoute()).toBe('/clip/3/player');
    expect(bridge.setTopEnvironment).toBe('prod');
    // spec 3 §7 "the operator box adds pf" to every call.
    expect(bridge.commonParams()).toMatchObject({ platform: 'OrangeSTB', pf: 'prod' });
    const qualif = createPlatformBridge('OrangeSTB', options({ emulated: true, search: '?pf=qualif' }));
    expect(qualif.commonParams().pf).toBe('qualif');
    expect(bridge.player!.state).toBe('NONE');
  });
});

describe('decision 119: which devices hold a warm standby of the next channel', () => {
  it('a browser does; the TV platforms and boxes (one hardware decoder for a page) do not', () => {
    const sandbox = { emulated: true, sandboxUrl: 'http://127.0.0.1:1/sandbox' };
    expect(createPlatformBridge('Web', options(sandbox)).standbyDecoder).toBe(true);
    for (const platform of ['Tizen', 'OrangeSTB', 'AndroidTV', 'FireOS', 'XBox'] as const) {
      expect(createPlatformBridge(platform, options(sandbox)).standbyDecoder, platform).toBe(false);
    }
  });
});
