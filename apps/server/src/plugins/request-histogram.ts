import type { Registry } from 'prom-client';

/** One series of the histogram: its labels, its counts per bucket (not cumulative), sum and count. */
interface Series {
  labels: { route: string; method: string; status: string };
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** Records one answer's latency (seconds) in a series bound once to its labels. */
export type LatencyRecorder = (seconds: number) => void;

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * The request latency histogram (decision 038) with its series bound once (decision 123).
 * prom-client's Histogram hashes the label object at every `observe` (sorting and joining the
 * labels, 2.6 µs of each hot answer, decision 121); here a route's answers are counted in a typed
 * array of bucket counts held by a recorder made once per route, method and status, and the
 * histogram's text is made from those arrays at scrape time. Series appear in the order of their
 * first answer, buckets are `value <= bound`, the sum adds the values in the order they came: the
 * exposition is prom-client's to the byte for the same answers (request-histogram.test.ts).
 */
export function createRequestHistogram(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registers: Registry[];
}) {
  const bounds = [...options.buckets];
  const series = new Map<string, Series>();
  /** Moves at each reset, so a recorder finds its series again. */
  let epoch = 0;

  function seriesOf(route: string, method: string, status: string): Series {
    const key = `${route}\n${method}\n${status}`;
    let found = series.get(key);
    if (!found) {
      found = { labels: { route, method, status }, buckets: new Float64Array(bounds.length), sum: 0, count: 0 };
      series.set(key, found);
    }
    return found;
  }

  function add(entry: Series, seconds: number) {
    if (!Number.isFinite(seconds)) throw new TypeError(`Value is not a valid number: ${seconds}`);
    entry.sum += seconds;
    entry.count += 1;
    for (let i = 0; i < bounds.length; i++)
      if (seconds <= bounds[i]!) {
        entry.buckets[i]! += 1;
        return;
      }
  }

  /** A value as prom-client's histogram gives it: its own labels, the series' labels shared. */
  interface Value {
    labels: Record<string, string | number>;
    sharedLabels: Series['labels'];
    value: number;
    metricName: string;
    /** prom-client's buckets carry one (null without exemplars); its sum and count none. */
    exemplar?: null;
  }
  const NO = { exemplar: null };
  /** prom-client's metric shape, so the registry writes it as it writes its own histograms. */
  const metric = {
    name: options.name,
    help: options.help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    /** What the registry writes as text (`registry.metrics()`), folded from the counts now. */
    async getForPromString() {
      const name = options.name;
      const values: Value[] = [];
      for (const { labels, buckets, sum, count } of series.values()) {
        let cumulative = 0;
        bounds.forEach((le, i) => {
          cumulative += buckets[i]!;
          values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: `${name}_bucket`, ...NO });
        });
        values.push({
          labels: { le: '+Inf' },
          sharedLabels: labels,
          value: count,
          metricName: `${name}_bucket`,
          ...NO,
        });
        values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` });
      }
      return { name, help: options.help, type: 'histogram' as const, values, aggregator: 'sum' as const };
    },
    /** The JSON form (`registry.getMetricsAsJSON()`): each value's labels with the series' own. */
    async get() {
      const data = await metric.getForPromString();
      return {
        ...data,
        values: data.values.map(({ labels, sharedLabels, ...rest }) => ({
          ...rest,
          labels: { ...labels, ...sharedLabels },
        })),
      };
    },
    reset() {
      series.clear();
      epoch++;
    },
  };
  for (const registry of options.registers) registry.registerMetric(metric as never);

  return {
    /** Counts one answer, its series found by its labels (the routed answers' way). */
    observe(route: string, method: string, status: number, seconds: number) {
      add(seriesOf(route, method, statusClass(status)), seconds);
    },
    /**
     * A recorder bound to one route, method and status: a hot path makes it once. Its series is
     * made at its first answer, as an answer counted by `observe` would make it.
     */
    recorder(route: string, method: string, status: number): LatencyRecorder {
      const labels = [route, method, statusClass(status)] as const;
      let entry: Series | undefined;
      let of = epoch;
      return (seconds) => {
        if (entry === undefined || of !== epoch) {
          entry = seriesOf(...labels);
          of = epoch;
        }
        add(entry, seconds);
      };
    },
  };
}
