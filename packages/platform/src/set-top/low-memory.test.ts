import { describe, expect, it } from 'vitest';
import { orangeEnvironmentOf } from '../bridges/orange-stb/environment';
import { isLowMemoryModel } from './low-memory';

describe('spec 2 §9 low-memory set-top models UHD86 and UHD87', () => {
  it('matches the two model ids, with or without vendor text around them', () => {
    expect(['UHD86', 'UHD87', 'Orange UHD86 v2', 'uhd87'].map(isLowMemoryModel)).toEqual([true, true, true, true]);
    expect(['UHD88', 'UHD860', 'XUHD86', undefined, ''].map(isLowMemoryModel)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('spec 1 §2 Orange pf query: prod, pprod, qualif, dev, devpp (default prod)', () => {
  it('reads each value and falls back to prod', () => {
    expect(['?pf=prod', '?pf=pprod', '?pf=qualif', '?pf=dev', '?pf=devpp'].map(orangeEnvironmentOf)).toEqual([
      'prod',
      'pprod',
      'qualif',
      'dev',
      'devpp',
    ]);
    expect(['', '?pf=PROD', '?pf=staging', undefined].map(orangeEnvironmentOf)).toEqual([
      'prod',
      'prod',
      'prod',
      'prod',
    ]);
  });
});
