import { describe, expect, it } from 'vitest';
import { deviceIdentity, isLowMemory } from './device';

describe('device identity (spec 1 §3, §7 common parameters; spec 2 §9 low-memory models)', () => {
  it('spec 1 §3: the udid is generated once and kept', () => {
    const first = deviceIdentity('', localStorage);
    expect(first.udid).toMatch(/^tv-/);
    expect(deviceIdentity('', localStorage).udid).toBe(first.udid);
  });

  it('takes a known platform from ?platform= and refuses an unknown one', () => {
    expect(deviceIdentity('?platform=Tizen', null).platform).toBe('Tizen');
    expect(deviceIdentity('?platform=Amiga', null).platform).toBe('Web');
  });

  it('spec 2 §9: UHD86 and UHD87 are the low-memory models', () => {
    expect(isLowMemory({ model: 'UHD86' })).toBe(true);
    expect(isLowMemory({ model: 'uhd87' })).toBe(true);
    expect(isLowMemory({ model: 'UHD88' })).toBe(false);
    expect(isLowMemory({ model: null })).toBe(false);
  });
});
