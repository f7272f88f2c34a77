import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// A job's lease (`locked_until`) is claimed, renewed and let go by platform/queue only: a feature
// that wrote the column itself would be a second, hand-made queue. The column is also named by the
// migrations that made it, the table types, and the idempotency lock, which is not a queue.

const ALLOWED = [
  /^server\/src\/platform\/queue\//,
  /^server\/src\/platform\/db\/migrations\//,
  /^server\/src\/platform\/db\/schema\.ts$/,
  /^server\/src\/http\/idempotency\//,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Tests read and set the column to put a job in the state they check: they are not a queue.
    if (entry.isDirectory()) return entry.name === "test" ? [] : sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function outside(allowed: RegExp[]): string[] {
  return sources(join(ROOT, "server/src"))
    .map((path) => relative(ROOT, path).split("\\").join("/"))
    .filter((path) => !allowed.some((pattern) => pattern.test(path)))
    .filter((path) => readFileSync(join(ROOT, path), "utf8").includes("locked_until"));
}

describe("the lease column", () => {
  it("appears in server/src only in platform/queue, the migrations, the table types and the idempotency lock", () => {
    expect(outside(ALLOWED)).toEqual([]);
  });

  it("is found where it does not belong", () => {
    // What the test reads when nothing is allowed: every place that names the column, the queue first.
    const everywhere = outside([]);
    expect(everywhere).toContain("server/src/platform/queue/lease.ts");
    expect(everywhere).toContain("server/src/platform/db/schema.ts");
  });
});
