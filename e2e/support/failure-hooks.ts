import { afterEach, beforeEach, inject } from 'vitest';
import { reportOpenPages, setCurrentTest } from './failure-report';

// Setup file of every journey (vitest.config.ts): a failing test reports the pages it had open
// and the server's log since it began. This afterEach runs after the journey's own ones (hooks
// unwind as a stack); the pages those closed were reported as they closed (watchContext).
beforeEach(({ task }) => setCurrentTest(task, inject('serverLog')));
afterEach(async () => {
  await reportOpenPages();
  setCurrentTest(null);
});
