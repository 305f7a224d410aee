import { describe, expect, it } from 'vitest';
import { commonParamsOf } from './common-params';
import { deviceIdentity, UDID_STORAGE_KEY } from './device-identity';
import { fireOsVersionOf } from './fire-os-version';
import { memoryStorage } from './storage';

describe('deviceIdentity (spec 1 §3 Device identity)', () => {
  it('the udid is generated and stored when absent, then read back', () => {
    const storage = memoryStorage();
    const first = deviceIdentity('Web', storage, { newUdid: () => 'udid-0001-aaaa' });
    expect(first.udid).toBe('udid-0001-aaaa');
    expect(storage.getItem(UDID_STORAGE_KEY)).toBe('udid-0001-aaaa');
    expect(deviceIdentity('Web', storage, { newUdid: () => 'another-udid' }).udid).toBe('udid-0001-aaaa');
  });

  it('a tampered stored udid is replaced rather than sent', () => {
    const storage = memoryStorage({ [UDID_STORAGE_KEY]: '<script>' });
    expect(deviceIdentity('Tizen', storage, { newUdid: () => 'fresh-udid-123' }).udid).toBe('fresh-udid-123');
  });

  it('Tizen: vendor, model, mac and system version from productinfo, network and systeminfo', () => {
    const identity = deviceIdentity('Tizen', memoryStorage(), {
      newUdid: () => 'tizen-udid-1',
      globals: {
        tizen: { systeminfo: { getCapability: () => '6.5' } },
        webapis: { productinfo: { getModel: () => 'UE55AU7172' }, network: { getMac: () => '00:11:22:33:44:55' } },
      },
    });
    expect(identity).toEqual({
      platform: 'Tizen',
      type: 'TV',
      udid: 'tizen-udid-1',
      vendor: 'Samsung',
      model: 'UE55AU7172',
      mac: '00:11:22:33:44:55',
      systemName: 'Tizen',
      systemVersion: '6.5',
    });
  });

  it('a device API that throws (missing privilege) leaves the field out instead of failing', () => {
    const identity = deviceIdentity('Tizen', memoryStorage(), {
      globals: {
        webapis: {
          network: {
            getMac: () => {
              throw new Error('SecurityError');
            },
          },
        },
      },
    });
    expect(identity.mac).toBeUndefined();
  });

  it('spec 2 §9 Fire TV: the Android release becomes the Fire OS version', () => {
    const wrapper = (release: string) => ({
      PlayzAndroid: {
        getDeviceInfo: () => JSON.stringify({ manufacturer: 'Amazon', model: 'AFTMM', release }),
        exit: () => undefined,
      },
    });
    const fire = (release: string) => deviceIdentity('FireOS', memoryStorage(), { globals: wrapper(release) });
    expect(fire('9')).toMatchObject({ vendor: 'Amazon', model: 'AFTMM', systemName: 'Fire OS', systemVersion: '7.0' });
    expect(fire('7').systemVersion).toBe('6.0');
    expect(deviceIdentity('AndroidTV', memoryStorage(), { globals: wrapper('11') })).toMatchObject({
      systemName: 'Android',
      systemVersion: '11',
    });
  });

  it('spec 2 §9 mapping table: 5 → 5.0, 7 → 6.0, 9 or newer → 7.0', () => {
    expect(['5', '5.1', '7', '7.1.2', '9', '11', '14'].map(fireOsVersionOf)).toEqual([
      '5.0',
      '5.0',
      '6.0',
      '6.0',
      '7.0',
      '7.0',
      '7.0',
    ]);
  });

  it('garbage from the Android wrapper reads as no hardware fields', () => {
    const identity = deviceIdentity('AndroidTV', memoryStorage(), {
      globals: { PlayzAndroid: { getDeviceInfo: () => 'not json', exit: () => undefined } },
    });
    expect(identity).toMatchObject({ platform: 'AndroidTV', type: 'TV', model: undefined, systemVersion: undefined });
  });
});

describe('commonParamsOf (spec 1 §7 common parameters)', () => {
  it('names the device fields as the contract does and leaves unknown ones out', () => {
    expect(
      commonParamsOf({
        platform: 'OrangeSTB',
        type: 'TV',
        udid: 'u-1234567',
        vendor: 'Orange',
        model: 'UHD86',
        systemName: 'OrangeSTB',
      }),
    ).toEqual({
      platform: 'OrangeSTB',
      device_type: 'TV',
      device_udid: 'u-1234567',
      device_vendor: 'Orange',
      device_model: 'UHD86',
      device_system_name: 'OrangeSTB',
    });
  });

  it('cuts a field to the server’s cap so a long firmware string cannot turn calls into 3', () => {
    const params = commonParamsOf({ platform: 'Tizen', type: 'TV', udid: 'u-1234567', systemVersion: 'x'.repeat(200) });
    expect(params.device_system_version).toHaveLength(64);
  });
});
