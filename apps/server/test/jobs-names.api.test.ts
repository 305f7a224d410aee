import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentJobs, JOB_NAMES } from '../src/jobs/deployment-jobs';
import { createTestApp, type TestApp } from './test-app';

// `npm run jobs` (decisions 038, 092) reads the queues of JOB_NAMES: it runs without an app, so a
// job a module adds and the list leaves out would be a queue the operator's command never shows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the jobs command lists every queue a deployment runs (decisions 038, 092)', () => {
  it('every periodic job and queued task the modules add, and every deployment job, is in JOB_NAMES', () => {
    const names = new Set<string>(JOB_NAMES);
    const added = t.app.jobs.addedNames();
    // The console's media jobs and the publication window are added by the modules themselves.
    expect(added).toEqual(expect.arrayContaining(['media-transcode', 'media-package', 'publication-window']));
    const deployment = deploymentJobs({
      db: t.app.db,
      billingJob: null,
      outboxDir: '/nowhere',
      outboxMaxAgeMs: 1,
      now: () => new Date(),
      onBillingOutcome: () => {},
    }).map((job) => job.name);
    for (const name of [...added, ...deployment]) expect(names, name).toContain(name);
  });
});
