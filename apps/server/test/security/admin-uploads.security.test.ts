import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { runStaffCommand } from '../../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../../src/modules/staff/totp';
import { createTestApp, logInAs, type TestApp } from '../test-app';

/**
 * The console's tus uploads (decision 094) are not contract calls, so check 28 does not list them:
 * they are checked here the same way. No session, a customer's session, a half-open staff session
 * → 11; support and finance → 4; a request without `Tus-Resumable` (what a form of another site
 * would send) → 3; a post from another origin → 4; another editor's upload is neither read nor
 * continued (403). Pass rule: each refused, and no upload row nor file written.
 */
let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
const cookies: Record<string, string> = {};
const UPLOADS = `${ADMIN_API_BASE_PATH}/uploads`;
const json = { 'content-type': 'application/json' };
const tus = { 'tus-resumable': '1.0.0' };
const cookieOf = (res: LightMyRequestResponse) =>
  `playz_staff=${res.cookies.find((c) => c.name === 'playz_staff')!.value}`;

async function fullSession(email: string, password: string) {
  clock += 31_000;
  const first = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/session/password`,
    headers: json,
    payload: { email, password },
  });
  const secret = first.json().Response.enrolment.secret as string;
  const done = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/session/second-factor`,
    headers: { ...json, cookie: cookieOf(first) },
    payload: { code: hotp(base32Decode(secret), totpStep(clock)) },
  });
  return cookieOf(done);
}

const create = (cookie: string | null, extra: Record<string, string> = tus) =>
  t.app.inject({
    method: 'POST',
    url: UPLOADS,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...extra,
      'upload-length': '1000',
      'upload-metadata': `filename ${Buffer.from('film.mp4').toString('base64')}`,
    },
  });

const written = async () => ({
  rows: (await t.database.db.selectFrom('content_uploads').select('id').execute()).length,
  files: existsSync(path.join(t.config.dataDir, 'uploads'))
    ? readdirSync(path.join(t.config.dataDir, 'uploads')).length
    : 0,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'root@playz.fr', 'Root'], { db: t.database.db, print: (l) => lines.push(l) });
  const rootPassword = /shown once\): (\S+)/.exec(lines.join('\n'))![1]!;
  cookies.admin = await fullSession('root@playz.fr', rootPassword);
  for (const [email, role] of [
    ['editor@playz.fr', 'editor'],
    ['editor2@playz.fr', 'editor'],
    ['support@playz.fr', 'support'],
    ['finance@playz.fr', 'finance'],
  ] as const) {
    const made = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API_BASE_PATH}/staff`,
      headers: { ...json, cookie: cookies.admin },
      payload: { email, name: email, roles: [role] },
    });
    cookies[email] = await fullSession(email, made.json().Response.password as string);
  }
  const half = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/session/password`,
    headers: json,
    payload: { email: 'root@playz.fr', password: rootPassword },
  });
  cookies.halfOpen = cookieOf(half);
  cookies.customer = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

describe('the console uploads refuse who may not upload (decision 094, check 28 for tus)', () => {
  it('spec console §Safety: no session, a customer, a half-open staff session → 11; support, finance → 4; nothing written', async () => {
    const before = await written();
    for (const who of [null, cookies.customer!, cookies.halfOpen!]) {
      const res = await create(who);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ Response: null, Error: { Number: 11 } });
    }
    for (const who of ['support@playz.fr', 'finance@playz.fr']) {
      const res = await create(cookies[who]!);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    }
    expect(await written()).toEqual(before);
  });

  it('spec console §Safety: CSRF — without Tus-Resumable → 3; from another origin → 4; nothing written', async () => {
    const before = await written();
    const noHeader = await create(cookies['editor@playz.fr']!, {});
    expect(noHeader.json()).toMatchObject({ Response: null, Error: { Number: 3 } });
    const foreign = await create(cookies['editor@playz.fr']!, { ...tus, origin: 'https://evil.example' });
    expect(foreign.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    expect(await written()).toEqual(before);
  });

  it('spec console §Safety: another editor can neither read the offset of nor append to an upload', async () => {
    const made = await create(cookies['editor@playz.fr']!);
    expect(made.statusCode, made.body).toBe(201);
    const location = made.headers.location as string;
    const other = cookies['editor2@playz.fr']!;
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { cookie: other, ...tus } });
    expect(head.statusCode).toBe(403);
    const appended = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        cookie: other,
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(appended.statusCode).toBe(403);
    // The owner still sees nothing was added.
    const own = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: cookies['editor@playz.fr']!, ...tus },
    });
    expect(own.headers['upload-offset']).toBe('0');
  });
});
