import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../src/modules/staff';
import { abandonedUploadsJob } from '../src/modules/staff/uploads.routes';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Decision 107: an upload begun from the console and left unfinished is removed by a periodic
// job once its bytes have not moved for ADMIN_UPLOAD_ABANDON_HOURS: its row, its bytes and its
// metadata go, the removal is audited, and the console's list no longer shows it. A finished
// upload, and one still receiving parts, stay.

const HOUR = 3600 * 1000;
let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let signInAgain: StaffConsole['signInAgain'];
const tusHeaders = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A tus upload (POST) with its first part (PATCH); answers its id. */
async function beginUpload(fileName: string, size: number, first: Buffer): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: {
      cookie: roles.editor!,
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(fileName)},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      cookie: roles.editor!,
      ...tusHeaders,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: first,
  });
  expect(patched.statusCode).toBe(204);
  return location.split('/').pop()!;
}

const listed = async () =>
  ((await call('GET', '/catalogue/uploads', roles.editor!)).json().Response.uploads as { id: string }[]).map(
    (u) => u.id,
  );
/** The upload's bytes last written `hoursAgo` hours before the app's clock. */
const lastWritten = (id: string, hoursAgo: number) => {
  const at = new Date(clock - hoursAgo * HOUR);
  utimesSync(path.join(t.config.dataDir, 'uploads', id), at, at);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { ADMIN_UPLOAD_ABANDON_HOURS: '24' } });
  ({ call, roles, signInAgain } = await staffConsole(t, () => (clock += 31_000), ['editor']));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('decision 107 abandoned uploads are cleaned (issue spec console §Catalogue)', () => {
  it('spec console §Catalogue an upload idle past the configured hours leaves the list, its files and rows, audited', async () => {
    const abandoned = await beginUpload('Oublié.mp4', 1000, Buffer.alloc(100));
    const moving = await beginUpload('En cours.mp4', 1000, Buffer.alloc(100));
    clock += 30 * HOUR;
    // Console sessions last a working day (decision 080): the staff sign in again.
    await signInAgain();
    // The first upload's bytes last arrived 25 hours ago; the second's an hour ago (still coming).
    lastWritten(abandoned, 25);
    lastWritten(moving, 1);
    expect(await listed()).toEqual(expect.arrayContaining([abandoned, moving]));

    const job = abandonedUploadsJob({
      desk: () => t.app.catalogue.desk,
      audit: createAuditLog(t.app.db, () => new Date(clock)),
      now: () => new Date(clock),
      hours: t.config.adminUploadAbandonHours,
    });
    expect(job.name).toBe('abandoned-uploads');
    expect(await job.run()).toEqual([abandoned]);

    const ids = await listed();
    expect(ids).toContain(moving);
    expect(ids).not.toContain(abandoned);
    const file = path.join(t.config.dataDir, 'uploads', abandoned);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.json`)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'uploads', moving))).toBe(true);
    const entries = (await call('GET', `/audit?action=upload.abandoned`, roles.admin!)).json().Response.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'cli:job:abandoned-uploads',
      targetId: abandoned,
      before: { id: abandoned, fileName: 'Oublié.mp4', status: 'uploading', uploadedBy: 'editor@playz.fr' },
    });
    // Run again: nothing more to remove.
    expect(await job.run()).toEqual([]);
  });
});
