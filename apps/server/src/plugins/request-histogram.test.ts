import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestHistogram } from './request-histogram';

const NAME = 'playz_http_request_duration_seconds';
const HELP = 'HTTP answers by route pattern, method and status class';
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Answers as the app counts them: a route's pattern, a method, an HTTP status, seconds. */
type Answer = [route: string, method: string, status: number, seconds: number];
const ANSWERS: Answer[] = [
  ['/api/1.2/page/:id/rows', 'GET', 200, 0.00042],
  ['/api/1.2/data', 'GET', 200, 0.0011],
  ['/api/1.2/page/:id/rows', 'GET', 200, 0.0025], // on a bound: counted in it
  ['/live/*', 'GET', 200, 0.3],
  ['/api/1.2/page/:id/rows', 'GET', 404, 0.012],
  ['unmatched', 'POST', 500, 7.5], // past the last bound: +Inf only
  ['/api/1.2/data', 'GET', 200, 0.1 + 0.2],
  ['/api/1.2/page/:id/rows', 'GET', 200, 1e-7],
  ['/live/*', 'GET', 200, 0],
];

/** prom-client's own Histogram, as the app counted before decision 123. */
function before(answers: readonly Answer[]) {
  const registry = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['route', 'method', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [route, method, status, seconds] of answers)
    histogram.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
  return registry;
}

/** The same answers, the hot routes' through recorders bound once, the others' by `observe`. */
function after(answers: readonly Answer[], hot: (answer: Answer) => boolean) {
  const registry = new Registry();
  const histogram = createRequestHistogram({ name: NAME, help: HELP, buckets: BUCKETS, registers: [registry] });
  const recorders = new Map<string, (seconds: number) => void>();
  for (const answer of answers) {
    const [route, method, status, seconds] = answer;
    if (!hot(answer)) {
      histogram.observe(route, method, status, seconds);
      continue;
    }
    const key = `${route} ${method} ${status}`;
    if (!recorders.has(key)) recorders.set(key, histogram.recorder(route, method, status));
    recorders.get(key)!(seconds);
  }
  return { registry, histogram };
}

describe('decision 123: the request histogram with bound recorders, folded at scrape time', () => {
  it('writes the exposition prom-client wrote for the same answers, to the byte', async () => {
    const expected = await before(ANSWERS).metrics();
    expect(expected).toContain(`${NAME}_count{route="/api/1.2/page/:id/rows",method="GET",status="2xx"} 3`);
    // Every answer observed by labels, every 2xx GET through a recorder, and half and half.
    const ways: ((answer: Answer) => boolean)[] = [
      () => false,
      ([, method, status]) => method === 'GET' && status === 200,
      () => true,
    ];
    for (const hot of ways) expect(await after(ANSWERS, hot).registry.metrics()).toBe(expected);
  });

  it('gives the same JSON (getMetricsAsJSON) and empties as prom-client does on reset', async () => {
    const { registry, histogram } = after(ANSWERS, ([route]) => route === '/live/*');
    expect(await registry.getMetricsAsJSON()).toEqual(await before(ANSWERS).getMetricsAsJSON());
    registry.resetMetrics();
    expect(await registry.metrics()).toBe(await before([]).metrics());
    // A recorder made before the reset counts again after it.
    const record = histogram.recorder('/live/*', 'GET', 200);
    record(0.01);
    expect(await registry.metrics()).toBe(await before([['/live/*', 'GET', 200, 0.01]]).metrics());
  });

  it('refuses a value that is not a number, as prom-client does', () => {
    const { histogram } = after([], () => false);
    expect(() => histogram.recorder('/live/*', 'GET', 200)(Number.NaN)).toThrow(TypeError);
  });
});
