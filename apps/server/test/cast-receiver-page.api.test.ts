import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** The web build as the receiver page needs it: the app and its second entry (decision 070). */
let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-cast-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Playz</title>');
  fs.writeFileSync(
    path.join(webDir, 'cast-receiver.html'),
    '<!doctype html><title>Playz</title><main class="receiver">',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const policyOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('Playz’s Cast receiver page (decision 070)', () => {
  it('GET /cast/receiver answers the receiver of the web build, with a policy for another origin', async () => {
    const res = await t.app.inject('/cast/receiver');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('class="receiver"');
    const policy = policyOf(res.headers['content-security-policy']);
    const service = new URL(t.config.publicUrl).origin;
    // The receiver framework from its official address only, and the device's local socket.
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", service, 'https://www.gstatic.com', 'ws://localhost:8008']);
    // The signed stream and the artwork come from the service, wherever the page runs.
    // data: Shaka's empty WebVTT under each subtitle track it shows (decision 081).
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'data:', service]);
    expect(policy.get('img-src')).toContain(service);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the app’s own pages keep the app’s policy', async () => {
    const res = await t.app.inject('/');
    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.gstatic.com']);
  });

  it('says so when the web app is not built', async () => {
    fs.rmSync(path.join(webDir, 'cast-receiver.html'));
    const res = await t.app.inject('/cast/receiver');
    expect(res.statusCode).toBe(404);
  });
});
