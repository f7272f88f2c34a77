import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "./support/database.js";
import { ROOT, startServer } from "./support/processes.js";

// The OpenAPI document as tools nobody here wrote read it: Spectral (its OpenAPI rules and the OWASP
// API Security Top 10 2023) and Redocly CLI's recommended rules, on the document a server serves at
// /openapi.json behind an https PUBLIC_URL, as in production. The rulesets are .spectral.yaml and
// redocly.yaml at the root; a warning Spectral may keep is listed in .spectral.yaml with its reason.

interface SpectralResult {
  code: string;
  severity: number; // 0 error, 1 warning, 2 information, 3 hint
  message: string;
  path: string[];
}

let dir: string;
let file: string;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // No telemetry or update check: the linters run offline, as CI does.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    execFile(process.execPath, [command, ...args], { cwd: ROOT, env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Both exit non-zero when they report an error; the report itself is on stdout.
      if (!stdout.trim()) reject(error ?? new Error(stderr));
      else resolve(stdout);
    });
  });
}

/** The warnings .spectral.yaml keeps, from its "# - code: reason" lines. */
function keptWarnings(): string[] {
  return [...readFileSync(join(ROOT, ".spectral.yaml"), "utf8").matchAll(/^\s*# - ([\w:-]+):/gm)].map((m) => m[1]!);
}

beforeAll(async () => {
  let database: TestDatabase | undefined;
  dir = mkdtempSync(join(tmpdir(), "heed-openapi-"));
  file = join(dir, "openapi.json");
  try {
    database = await freshDatabase();
    const server = await startServer(database.url, { PUBLIC_URL: "https://feedback.acme.test", SEED_DEMO: "0" });
    writeFileSync(file, await (await fetch(`${server.url}/openapi.json`)).text());
    await server.stop();
  } finally {
    await database?.drop();
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the OpenAPI document, linted", () => {
  it("passes Spectral's OpenAPI rules and the OWASP ruleset with no error, and only the warnings kept on purpose", { timeout: 120_000 }, async () => {
    const results = JSON.parse(
      await run("node_modules/@stoplight/spectral-cli/dist/index.js", ["lint", file, "--ruleset", ".spectral.yaml", "--format", "json", "--quiet"]),
    ) as SpectralResult[];
    const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`);
    expect(errors).toEqual([]);
    const warnings = [...new Set(results.filter((r) => r.severity === 1).map((r) => r.code))].sort();
    expect(warnings.filter((code) => !keptWarnings().includes(code))).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error and no warning", { timeout: 120_000 }, async () => {
    const report = JSON.parse(await run("node_modules/@redocly/cli/bin/cli.js", ["lint", file, "--config", "redocly.yaml", "--format", "json"])) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });
});
