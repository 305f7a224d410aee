import { z } from 'zod';

/**
 * Settings of the TV stores (decision 029), parsed with the other billing settings. A store
 * without its settings talks to its stand-in under /sandbox/<name> of this server, unless
 * BILLING_SANDBOX=0 (then it is not offered).
 */
export const storesEnv = {
  /** The Dummy testing store (spec 3 §4): on by default outside production only. */
  BILLING_DUMMY: z.enum(['0', '1']).optional(),
};

type StoresEnv = { [K in keyof typeof storesEnv]?: string } & { NODE_ENV?: string; BILLING_SANDBOX?: string };

export type StoreSandboxName = never;

export interface StoresConfig {
  dummy: boolean;
  /** Store stand-ins mounted under /sandbox. */
  sandboxes: StoreSandboxName[];
}

export function storesConfig(e: StoresEnv): StoresConfig {
  return {
    dummy: (e.BILLING_DUMMY ?? (e.NODE_ENV === 'production' ? '0' : '1')) === '1',
    sandboxes: [],
  };
}
