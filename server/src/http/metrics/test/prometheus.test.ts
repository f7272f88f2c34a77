import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { freePort, ROOT, type Started, startServer } from "../../../../test/support/processes.js";
import { samples, scrape } from "./exposition.js";

// A real Prometheus (Debian's package, which scripts/test-prerequisites.sh installs) scrapes Heed's
// /metrics every second with the token, and a query over the scraped histogram counts the requests
// just made. The documents' PromQL is checked by the same Prometheus: every query of the Grafana
// dashboard runs, over names the server exposes, and promtool accepts OPERATIONS.md's alerts. Once,
// on SQLite: what is scraped does not depend on the database (metrics.test.ts runs on both).

const PROMETHEUS = "/usr/bin/prometheus";
const PROMTOOL = "/usr/bin/promtool";
const h = useHarness();
const TOKEN = `metrics-${randomBytes(16).toString("hex")}`;
let heed: Started;
let prometheus: ChildProcess;
let prometheusUrl: string;
let dir: string;
let output = "";

beforeAll(async () => {
  heed = await startServer(h.database.url, { SEED_DEMO: "0", METRICS_TOKEN: TOKEN });
  dir = mkdtempSync(join(tmpdir(), "heed-prometheus-"));
  const config = [
    "global:",
    "  scrape_interval: 1s",
    "scrape_configs:",
    "  - job_name: heed",
    "    scrape_interval: 1s",
    "    scrape_timeout: 1s",
    "    authorization:",
    `      credentials: ${TOKEN}`,
    "    static_configs:",
    `      - targets: ["${new URL(heed.url).host}"]`,
  ].join("\n");
  writeFileSync(join(dir, "prometheus.yml"), `${config}\n`);
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    PROMETHEUS,
    [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  prometheus.stdout!.on("data", (d) => (output += d));
  prometheus.stderr!.on("data", (d) => (output += d));
  // Ready once its HTTP API answers; it exits at once on a bad configuration.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (prometheus.exitCode !== null) throw new Error(`prometheus exited with ${prometheus.exitCode}: ${output}`);
    const status = await fetch(`${prometheusUrl}/-/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not get ready: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus.once("exit", resolve));
    prometheus.kill("SIGTERM");
    await exited;
  }
  await heed?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The value of an instant query's one result, or undefined while it has none. */
async function query(promql: string): Promise<number | undefined> {
  const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as { status: string; error?: string; data: { result: { value: [number, string] }[] } };
  expect(body.status, `${promql}: ${body.error}`).toBe("success");
  const [first] = body.data.result;
  return first ? Number(first.value[1]) : undefined;
}

describe("Prometheus", () => {
  it("scrapes /metrics, and its query over the request histogram counts the requests just made", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const REQUESTS = 7;
    // A new URL each, so the app answers every one (the front door answers a kept answer's repeats under its own name).
    for (let i = 1; i <= REQUESTS; i++) {
      const res = await fetch(`${heed.url}/v1/posts?limit=${i}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    }
    await expect.poll(() => query('sum(heed_http_request_duration_seconds_count{operation="listPosts"})'), { timeout: 60_000, interval: 500 }).toBe(REQUESTS);
    expect(await query('up{job="heed"}')).toBe(1);
    // The histogram's buckets are usable: every request took less than 10 s.
    expect(await query('sum(heed_http_request_duration_seconds_bucket{operation="listPosts",le="10"})')).toBe(REQUESTS);
  }, 90_000);

  it("runs every query of docs/grafana-dashboard.json, over names the server exposes", async () => {
    const dashboard = JSON.parse(readFileSync(join(ROOT, "docs/grafana-dashboard.json"), "utf8")) as { panels: { targets?: { expr: string }[] }[] };
    const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(queries.length).toBeGreaterThan(20);
    const exposed = new Set(samples((await scrape(heed.url, TOKEN)).text).map((s) => s.name));
    for (const promql of queries) {
      await query(promql.replaceAll("$__rate_interval", "1m").replaceAll("$instance", ".*"));
      // PostgreSQL's lock waits are reported on PostgreSQL only.
      for (const [name] of promql.matchAll(/\b(?:heed|process|nodejs)_\w+/g))
        if (name !== "heed_db_sessions_waiting_for_lock") expect(exposed, name).toContain(name);
    }
  });

  it("accepts the alerts OPERATIONS.md suggests (promtool)", () => {
    const operations = readFileSync(join(ROOT, "docs/OPERATIONS.md"), "utf8");
    const rules = /\*\*Alerts worth setting\*\*[\s\S]*?```yaml\n([\s\S]*?)```/.exec(operations)?.[1];
    expect(rules).toBeDefined();
    writeFileSync(join(dir, "alerts.yml"), rules!);
    const checked = execFileSync(PROMTOOL, ["check", "rules", join(dir, "alerts.yml")], { encoding: "utf8" });
    expect(checked).toContain("SUCCESS: 10 rules found");
  });
});
