import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../../../test/support/processes.js";

// A server on SQLite, without Redis and before its first mail, holds none of pg, ioredis and
// nodemailer (platform/lib/load-when-needed.ts): each is loaded where it is first needed. Checked
// in a process of its own, since this one has loaded them all for other tests.

const dir = mkdtempSync(join(tmpdir(), "heed-lazy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
import { createRequire } from "node:module";
const { openDatabase } = await import("./server/src/platform/db/database.ts");
const { createRateLimiter } = await import("./server/src/platform/ratelimit/limiter.ts");
const { createMailer } = await import("./server/src/platform/mail/mailer.ts");
const loaded = () => ["pg", "ioredis", "nodemailer"].filter((name) => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/" + name + "/")));
const { db } = openDatabase(process.env.URL);
await db.selectFrom("sqlite_master").select("name").execute();
createRateLimiter({ windowSeconds: 60 });
const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "Heed <heed@example.com>" });
const before = loaded();
await mailer.template({ subject: "s", text: "t", html: "<p>h</p>", slots: [] });
console.log(JSON.stringify({ before, afterMail: loaded() }));
mailer.close();
await db.destroy();
`;

describe("libraries a server may not need", () => {
  it("are not loaded by a server on SQLite without Redis until it builds a mail", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
      cwd: ROOT,
      env: { ...process.env, URL: `sqlite:${join(dir, "lazy.db")}` },
      encoding: "utf8",
    });
    const { before, afterMail } = JSON.parse(out.trim().split("\n").at(-1)!);
    expect(before).toEqual([]);
    expect(afterMail).toEqual(["nodemailer"]);
  });
});

// A whole serving process (runInstance: the app, the front door, the database), through requests the
// app and the door answer, with every module it resolves watched (import and require alike): without
// OTEL_EXPORTER_OTLP_ENDPOINT no module of OpenTelemetry's SDK is asked for; starting tracing loads
// them. The API alone (@opentelemetry/api, a few kilobytes that do nothing without an SDK) is
// prom-client's own dependency, required as it loads, with metrics on or off.
const SERVING = `
import { registerHooks } from "node:module";
const asked = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith("@opentelemetry/")) asked.add(specifier.split("/").slice(0, 2).join("/"));
    return next(specifier, context);
  },
});
const { loadConfig } = await import("./server/src/config.ts");
const { runInstance } = await import("./server/src/start/instance.ts");
const config = loadConfig(process.env);
await runInstance(config, "whole");
for (;;) {
  try {
    if ((await fetch(config.publicUrl + "/health")).ok) break;
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const statuses = [];
for (const path of ["/v1/posts", "/ready", "/v1/nothing-here", "/openapi.json"]) statuses.push((await fetch(config.publicUrl + path)).status);
const off = [...asked];
const { startTracing } = await import("./server/src/platform/traces/start.ts");
await startTracing({ endpoint: "http://127.0.0.1:9", headers: {}, serviceName: "heed", sampler: "always_on", samplerRatio: 1, exportDelayMs: 5000 }).shutdown();
console.log(JSON.stringify({ statuses, off, on: [...asked].sort() }));
process.exit(0);
`;

describe("OpenTelemetry's SDK", () => {
  it("is not loaded by a serving process without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    const port = await freePort();
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SERVING], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(dir, "serving.db")}`,
        PORT: String(port),
        SEED_DEMO: "0",
        LOG_LEVEL: "silent",
        OTEL_EXPORTER_OTLP_ENDPOINT: "",
      },
      encoding: "utf8",
    });
    const { statuses, off, on } = JSON.parse(out.trim().split("\n").at(-1)!);
    expect(statuses).toEqual([401, 200, 404, 200]);
    expect(off.filter((name: string) => name !== "@opentelemetry/api")).toEqual([]);
    expect(on).toEqual(expect.arrayContaining(["@opentelemetry/sdk-trace", "@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/context-async-hooks"]));
  });
});
