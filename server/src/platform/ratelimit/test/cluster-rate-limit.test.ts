import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../../test/support/processes.js";

// WORKERS=n without Redis: the workers' rate-limit counts are kept by the primary, which answers
// through its own event loop. Under a write load the primary, held up by its own work, answered
// after more than a second and the request failed with a 500. The worker now counts by itself
// meanwhile. Needs no database: runs in the SQLite project only (vitest.config.ts).

interface Decided {
  first: boolean;
  firstMs: number;
  second: boolean;
  secondMs: number;
}

/** Runs silent-primary.ts: a real node:cluster primary that never answers its worker's counts. */
function withSilentPrimary(): Promise<{ decided: Decided; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/test/support/silent-primary.ts"],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "info" }, timeout: 30_000 },
      (error, stdout, stderr) => {
        // A worker that failed on the count prints nothing: its error is the failure.
        if (error || !stdout.trim()) reject(new Error(`the worker decided nothing: ${error?.message ?? ""}\n${stderr}`));
        else resolve({ decided: JSON.parse(stdout) as Decided, stderr });
      },
    );
  });
}

describe("rate limits of WORKERS without Redis", () => {
  it("a worker whose primary does not answer counts by itself: the limit holds and no request fails", async () => {
    const { decided, stderr } = await withSilentPrimary();
    expect(decided.first).toBe(true);
    expect(decided.second).toBe(false);
    // The first count waited for the primary's answer (1 s); the next one did not wait again.
    expect(decided.firstMs).toBeGreaterThanOrEqual(900);
    expect(decided.secondMs).toBeLessThan(500);
    expect(stderr).toContain("this worker counts by itself for now");
  });
});
