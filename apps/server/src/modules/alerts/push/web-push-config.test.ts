import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { generateVapidKeys, loadVapidKeys } from './vapid-keys';

// Decision 066: the VAPID key pair of Web Push is a setting; a production start without one sends no
// push, and one with a placeholder or half a pair is refused (decision 047's way with secrets).
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n');
    throw error;
  }
  return '';
};

describe('Web Push settings (decision 066)', () => {
  it('reads a pair and a subject, the subject defaulting to the mail sender', () => {
    const keys = generateVapidKeys();
    const config = loadConfig({
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(config.webPush).toEqual({ keys, subject: 'mailto:no-reply@playz.fr' });
    expect(loadConfig({ NODE_ENV: 'test', VAPID_SUBJECT: 'https://playz.fr/contact' }).webPush.subject).toBe(
      'https://playz.fr/contact',
    );
  });

  it('refuses half a pair, halves of two pairs, a placeholder in production and a subject that is no contact', () => {
    const [a, b] = [generateVapidKeys(), generateVapidKeys()];
    expect(problemsOf({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: a.publicKey })).toMatch(
      /^VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY/,
    );
    expect(problemsOf({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toMatch(
      /^VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(
      problemsOf({ NODE_ENV: 'production', VAPID_PRIVATE_KEY: 'change-me', VAPID_PUBLIC_KEY: 'change-me' }),
    ).toMatch(/VAPID_PRIVATE_KEY: still the placeholder "change-me"/);
    expect(problemsOf({ NODE_ENV: 'test', VAPID_SUBJECT: 'http://playz.fr' })).toMatch(
      /VAPID_SUBJECT="http:\/\/playz.fr": must be a mailto:/,
    );
  });

  it('makes a pair once and keeps it in DATA_DIR in the demo mode; production without one has no push', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-vapid-'));
    try {
      const demo = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const made = loadVapidKeys(demo);
      expect(made).not.toBeNull();
      expect(loadVapidKeys(demo)).toEqual(made);
      expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0);
      expect(loadVapidKeys({ ...demo, demo: false })).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
