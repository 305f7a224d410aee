import { afterEach, beforeEach, expect, inject } from 'vitest';
import { takeCspViolations } from './csp-guard';
import { reportOpenPages, setCurrentTest } from './failure-report';

// Setup file of every journey (vitest.config.ts): a failing test reports the pages it had open
// and the server's log since it began. This afterEach runs after the journey's own ones (hooks
// unwind as a stack); the pages those closed were reported as they closed (watchContext).
beforeEach(({ task }) => {
  setCurrentTest(task, inject('serverLog'), inject('failureDir'));
  takeCspViolations();
});
afterEach(async () => {
  await reportOpenPages();
  setCurrentTest(null);
  // Nothing the page needed was blocked by the Content-Security-Policy (decision 031).
  expect(takeCspViolations()).toEqual([]);
});
