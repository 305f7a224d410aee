import type { SsoProviderConfig } from './config';
import { createAppleProvider } from './apple/apple';
import { createFacebookProvider } from './facebook/facebook';
import { createGoogleProvider } from './google/google';
import type { SignOnProvider } from './provider';

export type { SignOnProvider, ProviderIdentity, ProviderNotice, ProviderNoticeEvent } from './provider';
export { ProviderRefusal } from './provider';

/** One adapter per provider, each speaking that provider's own protocol (decision 078). */
export function createSignOnProvider(config: SsoProviderConfig, now?: () => Date): SignOnProvider {
  switch (config.id) {
    case 'google':
      return createGoogleProvider(config);
    case 'apple':
      return createAppleProvider(config, now);
    case 'facebook':
      return createFacebookProvider(config, now);
  }
}
