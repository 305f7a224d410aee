import { afterEach, describe, expect, it } from 'vitest';
import { productParamOf, sessionHints } from '@playz/queries';
import { webCommonParams } from './api';
import { webDeviceHardware } from './device';

afterEach(() => {
  sessionHints.product = undefined;
});

describe('the web common parameters (spec 1 §7)', () => {
  it('spec 1 §7: sends the billing types, the product and the device identity', () => {
    sessionHints.product = 'Service';
    const params = webCommonParams();
    // The web's own billing types (spec 3 §4), dummy added.
    expect(params.billing_types).toBe('Wap2,CrossScreen,CreditCard,Paypal,Dummy');
    expect(params.product).toBe('Service');
    expect(params.platform).toBe('Web');
    // jsdom's user agent names its system (Linux here, or another): never an empty field.
    for (const name of ['device_vendor', 'device_model', 'device_system_name', 'device_system_version'] as const)
      expect(params[name]).not.toBe('');
  });

  it('spec 1 §7 product: the first Service subscription, else the first; none without one', () => {
    expect(productParamOf([{ product: 'Video' }, { product: 'Service' }])).toBe('Service');
    expect(productParamOf([{ product: 'Video' }, { product: 'ReplaySubscription' }])).toBe('Video');
    expect(productParamOf([])).toBeUndefined();
    expect(webCommonParams().product).toBeUndefined();
  });
});

describe('spec 1 §3 device identity of a browser (vendor, model, system)', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      { vendor: 'Apple', model: 'iPhone', systemName: 'iOS', systemVersion: '17.1.2' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36',
      { model: 'SM-S911B', systemName: 'Android', systemVersion: '13' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { model: undefined, systemName: 'Android', systemVersion: '10' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      { vendor: 'Apple', model: 'Macintosh', systemName: 'macOS', systemVersion: '10.15.7' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { systemName: 'Windows', systemVersion: '10.0' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0', { systemName: 'Linux' }],
  ])('%s', (ua, expected) => {
    expect(webDeviceHardware(ua)).toEqual(expected);
  });
});
