import type { Metric, Registry } from "prom-client";

// Histograms and counters for the paths every request takes. prom-client's own hash their label
// object on every observe (a string built, a bucket looked up by its number as a string); these
// bind each label set once to a Float64Array, so an observe is a bucket search and two additions,
// with nothing allocated. They answer prom-client's `get()` with the same shape as its own
// histograms and counters, so the registry writes them out and the cluster's aggregation sums them.

type Labels = Record<string, string>;
interface Value {
  value: number;
  labels: Labels;
  metricName?: string;
}

interface Instrument {
  readonly name: string;
  readonly help: string;
  readonly type: "histogram" | "counter";
  readonly aggregator: "sum";
  get(): Promise<{ name: string; help: string; type: Instrument["type"]; aggregator: "sum"; values: Value[] }>;
}

/** Adds an instrument to a registry (prom-client takes any object that answers `get()`). */
export function register(registry: Registry, instrument: Instrument): void {
  registry.registerMetric(instrument as unknown as Metric);
}

/** One label set of a histogram: `counts[i]` the observations in bucket i (the last: above every bound), then their sum. */
export class HistogramSeries {
  constructor(
    private readonly bounds: readonly number[],
    readonly counts: Float64Array,
  ) {}

  observe(value: number): void {
    const { bounds, counts } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    counts[i]!++;
    counts[bounds.length + 1]! += value;
  }
}

/** The series of one metric, one per label set, each made on first use and kept. */
abstract class Family<S> {
  readonly aggregator = "sum" as const;
  private readonly made = new Map<string, { labels: Labels; series: S }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  protected seriesOf(values: readonly string[], make: () => S): S {
    const key = values.join("\u0000");
    let found = this.made.get(key);
    if (!found) {
      if (values.length !== this.labelNames.length) throw new Error(`${this.name}: expected labels ${this.labelNames.join(", ")}`);
      found = { labels: Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!])), series: make() };
      this.made.set(key, found);
    }
    return found.series;
  }

  protected every(): Iterable<{ labels: Labels; series: S }> {
    return this.made.values();
  }
}

export class Histogram extends Family<HistogramSeries> implements Instrument {
  readonly type = "histogram" as const;

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {
    super(name, help, labelNames);
  }

  /** How many numbers one series keeps, for a caller that gives it memory of its own (shared with a thread). */
  get size(): number {
    return this.bounds.length + 2;
  }

  /** The series of these label values; `counts` places it in memory the caller owns. */
  series(values: readonly string[], counts?: Float64Array): HistogramSeries {
    return this.seriesOf(values, () => new HistogramSeries(this.bounds, counts ?? new Float64Array(this.size)));
  }

  async get() {
    const values: Value[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, series } of this.every()) {
      const { counts } = series;
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += counts[i]!;
        values.push({ value: cumulative, labels: { ...labels, le: String(bound) }, metricName: bucket });
      });
      cumulative += counts[this.bounds.length]!;
      values.push({ value: cumulative, labels: { ...labels, le: "+Inf" }, metricName: bucket });
      values.push({ value: counts[this.bounds.length + 1]!, labels, metricName: `${this.name}_sum` });
      values.push({ value: cumulative, labels, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** One label set of a counter. */
export class CounterSeries {
  constructor(readonly counts: Float64Array) {}

  inc(by = 1): void {
    this.counts[0]! += by;
  }
}

export class Counter extends Family<CounterSeries> implements Instrument {
  readonly type = "counter" as const;

  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, labelNames);
  }

  series(values: readonly string[] = [], counts?: Float64Array): CounterSeries {
    return this.seriesOf(values, () => new CounterSeries(counts ?? new Float64Array(1)));
  }

  async get() {
    const values = [...this.every()].map(({ labels, series }) => ({ value: series.counts[0]!, labels }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
