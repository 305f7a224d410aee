import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('settings from the environment (CONVENTIONS 5: parsed once)', () => {
  it('has defaults that run the service on http://localhost:3000 with ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      redisUrl: null,
      maxSimultaneousDevices: 3,
      isHttps: false,
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/playz',
      DATABASE_URL: 'postgres://u:p@db/playz',
      REDIS_URL: 'redis://cache:6379',
      MAX_SIMULTANEOUS_DEVICES: '5',
      PUBLIC_URL: 'https://tv.example.fr/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/playz',
      databaseUrl: 'postgres://u:p@db/playz',
      redisUrl: 'redis://cache:6379',
      maxSimultaneousDevices: 5,
      publicUrl: 'https://tv.example.fr',
      isHttps: true,
    });
  });

  it('stops with a message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', MAX_SIMULTANEOUS_DEVICES: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT="eighty"/);
    expect(message).toMatch(/DATABASE_URL="mysql:\/\/x"/);
    expect(message).toMatch(/PUBLIC_URL/);
    expect(message).toMatch(/MAX_SIMULTANEOUS_DEVICES="0"/);
  });

  it('prunes outbox files after 7 days unless OUTBOX_MAX_AGE_DAYS says otherwise (decision 019)', () => {
    expect(loadConfig({}).outboxMaxAgeDays).toBe(7);
    expect(loadConfig({ OUTBOX_MAX_AGE_DAYS: '30' }).outboxMaxAgeDays).toBe(30);
    expect(() => loadConfig({ OUTBOX_MAX_AGE_DAYS: '0' })).toThrow(/OUTBOX_MAX_AGE_DAYS="0"/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: null, port: 3000 });
  });
});

describe('the demo mode (decision 047)', () => {
  const production = { NODE_ENV: 'production', STREAM_SECRET: 'a-secret-of-the-operator-s-own-0123456789' };

  it('is on when asked: NODE_ENV development or test, or PLAYZ_DEMO=1 (npm start); payments then go to the stand-ins', () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { ...production, PLAYZ_DEMO: '1' }]) {
      const config = loadConfig(env);
      expect(config.demo).toBe(true);
      expect(config.billing.sandboxes).toEqual(['direct-pass', 'paypal', 'credit-card']);
      expect(config.billing.standIns).toBe(true);
    }
  });

  it('is off in production: no stand-in, no Dummy store, no sign-on stand-in', () => {
    const config = loadConfig(production);
    expect(config.demo).toBe(false);
    expect(config.billing).toMatchObject({ sandboxes: [], standIns: false, directPass: null, creditCard: null });
    expect(config.billing.stores).toMatchObject({ sandboxes: [], dummy: false, googlePlay: null, appStore: null });
    expect(config.ssoProviders).toEqual([]);
  });

  it('is off when NODE_ENV is unset (decision 073): a start that says nothing is a production one', () => {
    const config = loadConfig({ STREAM_SECRET: production.STREAM_SECRET });
    expect(config).toMatchObject({ env: 'production', demo: false });
    expect(config.billing).toMatchObject({ sandboxes: [], standIns: false });
    expect(config.billing.stores).toMatchObject({ sandboxes: [], dummy: false, testPurchases: false });
    expect(config.ssoProviders).toEqual([]);
  });

  it('refuses, in production, every stand-in switch, stand-in key and change-me placeholder, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        ...production,
        BILLING_SANDBOX: '1',
        DIRECT_PASS_URL: 'https://gateway.example-operator.fr',
        DIRECT_PASS_MERCHANT_ID: 'playz',
        DIRECT_PASS_SECRET: 'direct-pass-sandbox-secret',
        METRICS_TOKEN: 'change-me-at-least-16-characters',
        SSO_GOOGLE_ISSUER: 'https://accounts.google.com',
        SSO_GOOGLE_CLIENT_ID: 'playz',
        SSO_GOOGLE_CLIENT_SECRET: 'playz-sandbox-secret',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'BILLING_SANDBOX',
      'DIRECT_PASS_SECRET',
      'METRICS_TOKEN',
      'SSO_GOOGLE_CLIENT_SECRET',
    ]);
  });

  it('asks a production start to state CARD_MODE: a processor left in TEST takes test cards', () => {
    const card = {
      ...production,
      CARD_GATEWAY_URL: 'https://secure.example-processor.com/vads-payment/',
      CARD_API_URL: 'https://api.example-processor.com/api-payment/V4',
      CARD_SITE_ID: '87654321',
      CARD_KEY: 'a-key-of-the-shop-s-own-0123456789',
      CARD_API_PASSWORD: 'a-password-of-its-own',
    };
    expect(() => loadConfig(card)).toThrow(/CARD_MODE: must be set/);
    expect(loadConfig({ ...card, CARD_MODE: 'PRODUCTION' }).billing.creditCard?.mode).toBe('PRODUCTION');
    expect(loadConfig({ ...card, CARD_MODE: 'TEST' }).billing.creditCard?.mode).toBe('TEST');
  });

  it('lets a demo keep its stand-in switches, and BILLING_SANDBOX=0 turns the stand-ins off there', () => {
    expect(loadConfig({ ...production, PLAYZ_DEMO: '1', BILLING_SANDBOX: '1' }).billing.sandboxes).toHaveLength(3);
    expect(loadConfig({ NODE_ENV: 'test', BILLING_SANDBOX: '0' }).billing).toMatchObject({ sandboxes: [] });
  });
});
