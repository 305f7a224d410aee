import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

describe('an API node loads the libraries it does not use yet only when first used (decision 121)', () => {
  it('started without Redis or SMTP, it has loaded neither BullMQ, nodemailer, SimpleWebAuthn nor the App Store library', async () => {
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/node'),
      ['--import', 'tsx', path.join(here, 'support/packages-loaded-at-start.ts')],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
    // The server did load its own packages: the list is the real one.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'kysely']));
    for (const lazy of ['bullmq', 'nodemailer', '@simplewebauthn/server', '@apple/app-store-server-library'])
      expect(loaded).not.toContain(lazy);
  }, 120_000);
});
