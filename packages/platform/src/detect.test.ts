import { describe, expect, it } from 'vitest';
import { detectPlatform } from './detect';
import { PlatformNotFoundError } from './platform';

const CHROME_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const TIZEN_UA =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36';
const FIRE_TV_UA =
  'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.230 Mobile Safari/537.36';
const ANDROID_TV_UA =
  'Mozilla/5.0 (Linux; Android 11; BRAVIA 4K VH2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const XBOX_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

describe('detectPlatform (spec 1 §1 platforms and device types, spec 2 §4 application start)', () => {
  it('?platform= selects an emulated platform, a TV for every platform but the web', () => {
    expect(detectPlatform({ userAgent: CHROME_DESKTOP, search: '?platform=Tizen' })).toEqual({
      platform: 'Tizen',
      deviceType: 'TV',
      emulated: true,
    });
    expect(detectPlatform({ userAgent: CHROME_DESKTOP, search: '?x=1&platform=OrangeSTB' }).platform).toBe('OrangeSTB');
    expect(detectPlatform({ userAgent: CHROME_DESKTOP, search: '?platform=Web' })).toMatchObject({
      deviceType: 'Desktop',
    });
  });

  it('a production build (allowEmulation false) ignores ?platform= and detects the real device', () => {
    expect(detectPlatform({ userAgent: TIZEN_UA, search: '?platform=Web', allowEmulation: false })).toEqual({
      platform: 'Tizen',
      deviceType: 'TV',
      emulated: false,
    });
    expect(
      detectPlatform({ userAgent: CHROME_DESKTOP, search: '?platform=nope', allowEmulation: false }).platform,
    ).toBe('Web');
  });

  it('spec 1 §8 16: an unknown ?platform= is "platform not found", not a silent web page', () => {
    expect(() => detectPlatform({ userAgent: CHROME_DESKTOP, search: '?platform=tizen' })).toThrow(
      PlatformNotFoundError,
    );
    expect(() => detectPlatform({ userAgent: CHROME_DESKTOP, search: '?platform=PS5' })).toThrow(
      expect.objectContaining({ number: 16, requested: 'PS5' }),
    );
  });

  it('real devices: the platform globals and user agents', () => {
    expect(detectPlatform({ userAgent: CHROME_DESKTOP, globals: { tizen: {} } })).toEqual({
      platform: 'Tizen',
      deviceType: 'TV',
      emulated: false,
    });
    expect(detectPlatform({ userAgent: TIZEN_UA }).platform).toBe('Tizen');
    expect(detectPlatform({ userAgent: CHROME_DESKTOP, globals: { OrangeSTB: {} } }).platform).toBe('OrangeSTB');
    const wrapper = { PlayzAndroid: { getDeviceInfo: () => '{}', exit: () => undefined } };
    expect(detectPlatform({ userAgent: FIRE_TV_UA, globals: wrapper }).platform).toBe('FireOS');
    expect(detectPlatform({ userAgent: ANDROID_TV_UA, globals: wrapper }).platform).toBe('AndroidTV');
    expect(detectPlatform({ userAgent: ANDROID_TV_UA }).platform).toBe('AndroidTV');
    expect(detectPlatform({ userAgent: XBOX_UA })).toMatchObject({ platform: 'XBox', deviceType: 'TV' });
  });

  it('a phone or desktop browser is the web with its own device type', () => {
    expect(detectPlatform({ userAgent: ANDROID_PHONE })).toEqual({
      platform: 'Web',
      deviceType: 'Mobile',
      emulated: false,
    });
    expect(detectPlatform({ userAgent: CHROME_DESKTOP })).toEqual({
      platform: 'Web',
      deviceType: 'Desktop',
      emulated: false,
    });
  });
});
