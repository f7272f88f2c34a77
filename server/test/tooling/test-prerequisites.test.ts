import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// `npm test` prepares what the suite needs, or stops at once with one line naming the command to run.

function prerequisites(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("bash", ["scripts/test-prerequisites.sh"], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("scripts/test-prerequisites.sh", () => {
  it("passes on this machine, naming the Node the suite runs on", async () => {
    const result = await prerequisites({});
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`Node ${process.version}`);
  });

  it("stops with one line naming the command when a browser it may not install is missing", async () => {
    const result = await prerequisites({ CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("npm test: CHROMIUM_PATH=/nonexistent/chromium is not an executable. Run: unset CHROMIUM_PATH, or point it at Chromium\n");
  });

  it("stops with one line naming the command when there is no C compiler for SQLite's planner extension", async () => {
    const result = await prerequisites({ CC: "/nonexistent/cc" });
    expect(result.code).toBe(1);
    const install = process.getuid?.() === 0 ? "apt-get install -y gcc" : "sudo apt-get install -y gcc";
    expect(result.stderr).toBe(`npm test: no C compiler (/nonexistent/cc). Run: ${install}\n`);
  });
});
