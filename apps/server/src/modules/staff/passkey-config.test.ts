import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { staffPasskeyConfig } from './passkey-config';

const SECRET = { STREAM_SECRET: 'a-secret-of-the-operator-s-own-0123456789' };

describe('where staff passkeys are valid (decision 095)', () => {
  it('defaults to PUBLIC_URL’s host and origin', () => {
    expect(staffPasskeyConfig({}, 'https://tv.playz.fr', false)).toEqual({
      problems: [],
      config: { rpId: 'tv.playz.fr', origin: 'https://tv.playz.fr' },
    });
    expect(loadConfig({ NODE_ENV: 'test' }).staffPasskeys).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:3000',
    });
  });

  it('takes a parent domain as relying party id, and refuses one the origin is not under', () => {
    const parent = { STAFF_PASSKEY_RP_ID: 'playz.fr', STAFF_PASSKEY_ORIGIN: 'https://console.playz.fr' };
    expect(staffPasskeyConfig(parent, 'https://tv.playz.fr', false).config).toEqual({
      rpId: 'playz.fr',
      origin: 'https://console.playz.fr',
    });
    expect(() => loadConfig({ ...SECRET, PUBLIC_URL: 'https://tv.playz.fr', STAFF_PASSKEY_RP_ID: 'other.fr' })).toThrow(
      /STAFF_PASSKEY_RP_ID: other.fr is not the domain/,
    );
  });

  it('refuses, in production, a placeholder domain or an origin not on HTTPS', () => {
    for (const env of [
      { STAFF_PASSKEY_RP_ID: 'localhost', STAFF_PASSKEY_ORIGIN: 'https://localhost' },
      { STAFF_PASSKEY_RP_ID: 'example.com', STAFF_PASSKEY_ORIGIN: 'https://console.example.com' },
      { STAFF_PASSKEY_ORIGIN: 'https://change-me.playz.fr', STAFF_PASSKEY_RP_ID: 'change-me.playz.fr' },
    ])
      expect(() => loadConfig({ ...SECRET, NODE_ENV: 'production', ...env })).toThrow(/placeholder/);
    expect(() => loadConfig({ ...SECRET, NODE_ENV: 'production', PUBLIC_URL: 'http://tv.playz.fr' })).toThrow(
      /STAFF_PASSKEY_ORIGIN: http:\/\/tv.playz.fr must be https/,
    );
    // Said nothing about the console's domain: no passkeys (TOTP only) rather than passkeys for localhost.
    expect(loadConfig({ ...SECRET, NODE_ENV: 'production' }).staffPasskeys).toBeNull();
    // The demo mode runs on localhost.
    expect(loadConfig({ NODE_ENV: 'production', PLAYZ_DEMO: '1', ...SECRET }).staffPasskeys?.rpId).toBe('localhost');
  });
});
