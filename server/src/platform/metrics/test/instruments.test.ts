import { AggregatorRegistry, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { Counter, Histogram, register } from "../instruments.js";
import { databaseTimings, timingsBuffer } from "../database.js";

// The instruments that record without allocating write what prom-client's own would: cumulative
// buckets, +Inf, sum and count, in the text Prometheus reads, and sums across processes as the
// cluster's aggregation makes them. A series placed in shared memory is read where it is shared.

describe("platform/metrics instruments", () => {
  it("write a histogram as Prometheus reads it: cumulative buckets, +Inf, sum and count", async () => {
    const registry = new Registry();
    const histogram = new Histogram("test_seconds", "A test.", ["kind"], [0.1, 1]);
    register(registry, histogram);
    const series = histogram.series(["a"]);
    for (const value of [0.05, 0.1, 0.5, 3]) series.observe(value);
    const text = await registry.metrics();
    expect(text).toContain("# TYPE test_seconds histogram");
    for (const line of [
      'test_seconds_bucket{kind="a",le="0.1"} 2',
      'test_seconds_bucket{kind="a",le="1"} 3',
      'test_seconds_bucket{kind="a",le="+Inf"} 4',
      'test_seconds_sum{kind="a"} 3.65',
      'test_seconds_count{kind="a"} 4',
    ])
      expect(text).toContain(line);
    // The same label values give the same series.
    expect(histogram.series(["a"])).toBe(series);
    expect(() => histogram.series([])).toThrow("expected labels kind");
  });

  it("sum across processes as the cluster's aggregation does", async () => {
    const json = async (hits: number) => {
      const registry = new Registry();
      const counter = new Counter("test_total", "A test.", ["result"]);
      const histogram = new Histogram("test_seconds", "A test.", [], [1]);
      register(registry, counter);
      register(registry, histogram);
      counter.series(["hit"]).inc(hits);
      histogram.series([]).observe(0.5);
      return registry.getMetricsAsJSON();
    };
    const text = await AggregatorRegistry.aggregate([await json(2), await json(3)]).metrics();
    expect(text).toContain('test_total{result="hit"} 5');
    expect(text).toContain('test_seconds_bucket{le="1"} 2');
    expect(text).toContain("test_seconds_count 2");
  });

  it("place a thread's database timings in memory another thread reads", () => {
    const buffer = timingsBuffer();
    const written = databaseTimings("background", buffer);
    // What the thread that serves /metrics holds over the same buffer (here, the very same series).
    const read = new Float64Array(buffer);
    written.statement.observe(0.002);
    written.lockTimeouts.inc();
    expect(read.reduce((sum, n) => sum + n, 0)).toBeCloseTo(1 + 0.002 + 1);
    expect(written.statement.counts.buffer).toBe(buffer);
    expect(written.lockTimeouts.counts.buffer).toBe(buffer);
  });
});
