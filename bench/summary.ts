import type { Measurement } from "./load.js";
import { METRICS_ON, READ_TARGETS, type ReadFigure, type ReadRound } from "./reads.js";
import { TRACES_ON } from "./traces.js";

// The read targets' table: every figure the median of the rounds, with its spread (lowest–highest),
// and against its target. A share is taken in each round (Heed and its yardstick measured
// minutes apart at most) before the median is, so a slow round does not skew it.

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "median (lowest–highest)", each with `digits` decimals. */
export function spread(values: number[], digits = 0, unit = ""): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return "–";
  const f = (v: number) => `${v.toFixed(digits)}${unit}`;
  return finite.length === 1 ? f(finite[0]!) : `${f(median(finite))} (${f(Math.min(...finite))}–${f(Math.max(...finite))})`;
}

const figuresOf = (rounds: ReadRound[], name: string): ReadFigure[] => rounds.map((r) => r.figures.get(name)).filter((f): f is ReadFigure => !!f);

/** The round whose Heed figure is the median by req/s: its whole measurement, for figures derived from one run. */
export function medianMeasurement(rounds: ReadRound[], name: string): Measurement {
  const sorted = figuresOf(rounds, name)
    .map((f) => f.heed)
    .sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Each round's share of the target's yardstick: its same-bytes twin, or the round's 11-byte bare server. */
function shares(rounds: ReadRound[], name: string, elevenBytes: boolean): number[] {
  return rounds.map((round) => {
    const figure = round.figures.get(name);
    const yardstick = elevenBytes ? round.figures.get("bare node:http, 11 bytes")?.heed : figure?.bare;
    return figure && yardstick ? figure.heed.requestsPerSecond / yardstick.requestsPerSecond : NaN;
  });
}

export function printReadTable(database: string, rounds: ReadRound[], settings: string): void {
  console.log(`\n${database}: ${rounds.length} rounds, ${settings}; median (lowest–highest)\n`);
  const header = ["target".padEnd(28), "bytes".padStart(6), "req/s".padStart(22), "p50 ms", "p99 ms".padStart(12), "Heed µs CPU".padStart(18)];
  console.log([...header, "same-bytes bare req/s".padStart(24), "share".padStart(22), "  target"].join("  "));
  for (const target of READ_TARGETS) {
    const figures = figuresOf(rounds, target.name);
    if (figures.length === 0) continue;
    const heed = figures.map((f) => f.heed);
    const elevenBytes = "yardstick" in target;
    const share = "share" in target ? shares(rounds, target.name, elevenBytes) : [];
    const cpu = heed.map((m) => m.cpuPerRequest.server ?? NaN);
    let verdict = "";
    if ("share" in target) {
      const got = median(share);
      verdict = `≥ ${target.share * 100}% of ${elevenBytes ? "11-byte" : "same-bytes"} bare: ${got >= target.share ? "met" : `missed by ${((target.share - got) * 100).toFixed(1)} points`}`;
    } else if ("cpuMicros" in target) {
      const got = median(cpu);
      verdict = `≤ ${target.cpuMicros} µs CPU: ${got <= target.cpuMicros ? "met" : `missed by ${(got - target.cpuMicros).toFixed(0)} µs`}`;
    }
    const errors = heed.reduce((sum, m) => sum + m.errors, 0);
    const non2xx = target.name.includes("401") ? 0 : heed.reduce((sum, m) => sum + m.non2xx, 0);
    console.log(
      [
        target.name.padEnd(28),
        (Number.isFinite(figures[0]!.bytes) ? String(figures[0]!.bytes) : "").padStart(6),
        spread(heed.map((m) => m.requestsPerSecond)).padStart(22),
        String(median(heed.map((m) => m.p50))).padStart(6),
        spread(heed.map((m) => m.p99)).padStart(12),
        spread(cpu).padStart(18),
        spread(figures.map((f) => f.bare?.requestsPerSecond ?? NaN)).padStart(24),
        (share.length
          ? spread(
              share.map((s) => s * 100),
              1,
              "%",
            )
          : ""
        ).padStart(22),
        `  ${verdict}`,
        errors + non2xx > 0 ? `  (${errors} errors, ${non2xx} non-2xx)` : "",
      ].join("  "),
    );
  }
  console.log(
    `Page 1's p99 under a write a second: ${spread(
      figuresOf(rounds, "page 1, kept (a write/s)").map((f) => f.heed.p99),
      0,
      " ms",
    )} (target ≤ 10 ms); posts written meanwhile ${spread(rounds.map((r) => r.writes))}; Heed's RSS after each round's reads ${spread(
      rounds.map((r) => r.rssMiB),
      0,
      " MiB",
    )}`,
  );
  printMetricsCost(rounds);
  printTracesCost(rounds);
}

/** The cost of metrics: page 1 with METRICS_TOKEN set against the same without, each round's ratio (target ≥ 95%). */
function printMetricsCost(rounds: ReadRound[]): void {
  const ratios = rounds.map((round) => {
    const on = round.figures.get(METRICS_ON)?.heed.requestsPerSecond;
    const off = round.figures.get("page 1, kept (a write/s)")?.heed.requestsPerSecond;
    return on !== undefined && off !== undefined ? (on / off) * 100 : NaN;
  });
  const got = median(ratios);
  if (!Number.isFinite(got)) return;
  console.log(`Metrics on: page 1, kept, at ${spread(ratios, 1, "%")} of its req/s with metrics off (target ≥ 95%: ${got >= 95 ? "met" : "missed"})`);
}

/** With BENCH_TRACES=1, the cost of tracing on: page 1 traced against the same untraced, each round's req/s ratio and Heed's CPU per request. */
function printTracesCost(rounds: ReadRound[]): void {
  const pairs = rounds.flatMap((round) => {
    const on = round.figures.get(TRACES_ON)?.heed;
    const off = round.figures.get("page 1, kept (a write/s)")?.heed;
    return on && off ? [{ on, off }] : [];
  });
  if (pairs.length === 0) return;
  const ratios = pairs.map(({ on, off }) => (on.requestsPerSecond / off.requestsPerSecond) * 100);
  const cpu = (m: { cpuPerRequest: { server?: number } }) => m.cpuPerRequest.server ?? NaN;
  console.log(
    `Traces on: page 1, kept, at ${spread(ratios, 1, "%")} of its req/s with traces off; Heed's CPU per request ${spread(pairs.map(({ on }) => cpu(on)))} µs traced, ${spread(pairs.map(({ off }) => cpu(off)))} µs not`,
  );
}

/** Kept answers on PostgreSQL against the same on SQLite (target ≥ 70%), from each database's median req/s. */
export function printDatabaseRatio(sqlite: ReadRound[], postgres: ReadRound[]): void {
  const kept = ["page 1, kept (a write/s)", "a post by id, kept", "portal list, kept", "portal board page (HTML)", "another cursor each request"];
  const parts = kept.map((name) => {
    const on = (rounds: ReadRound[]) => median(figuresOf(rounds, name).map((f) => f.heed.requestsPerSecond));
    return `${name} ${((on(postgres) / on(sqlite)) * 100).toFixed(0)}%`;
  });
  console.log(`\nPostgreSQL's req/s as a share of SQLite's (kept answers: target ≥ 70%): ${parts.join(", ")}`);
}
