import { describe, expect, it } from 'vitest';
import { productUsageFor, sourceTypeFromUrl, targetForDevice } from './player-target';

describe('source type by file extension (spec 2 §4)', () => {
  it.each([
    ['https://cdn.example/v/master.m3u8', 'hls'],
    ['https://cdn.example/v/master.M3U8?token=abc.mpd', 'hls'],
    ['https://cdn.example/v/manifest.mpd?sig=1', 'dash'],
    ['/media/12/720.mp4', 'video'],
    ['https://cdn.example/v/file.mp4?x=.m3u8', 'video'],
    ['https://cdn.example/v/index.mpd#t=10', 'dash'],
  ])('%s is %s', (url, type) => {
    expect(sourceTypeFromUrl(url)).toBe(type);
  });
});

describe('player target per device (spec 2 §4)', () => {
  const none = { isIOS: false, isSafari: false, isMobile: false, isDesktop: false };

  it('uses HLS on iOS or Safari', () => {
    expect(targetForDevice({ ...none, isIOS: true, isMobile: true })).toBe('player_hls');
    expect(targetForDevice({ ...none, isSafari: true, isDesktop: true })).toBe('player_hls');
  });

  it('uses DASH on mobile and other devices, HTML5 on desktop', () => {
    expect(targetForDevice({ ...none, isMobile: true })).toBe('player_dash');
    expect(targetForDevice({ ...none, isMobile: true, isDesktop: true })).toBe('player_dash');
    expect(targetForDevice({ ...none, isDesktop: true })).toBe('player_html5');
    expect(targetForDevice(none)).toBe('player_dash');
  });
});

describe('product usage for the URL call (spec 2 §4)', () => {
  it('asks for Preview without access', () => {
    expect(productUsageFor(true)).toBe('View');
    expect(productUsageFor(false)).toBe('Preview');
  });
});
