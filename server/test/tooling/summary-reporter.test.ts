import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// The closing line CI reads: a run that failed in any way never says "0 failed".

function run(fixtures: string): Promise<{ code: number; line: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--config", "server/test/tooling/reporter-fixtures/vitest.config.ts"],
      { cwd: ROOT, env: { ...process.env, FIXTURES: fixtures }, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, line: /^tests: .*$/m.exec(stdout)?.[0] ?? stdout }),
    );
  });
}

describe("the summary reporter", () => {
  it("counts passed and skipped tests of a green run", async () => {
    expect(await run("passes.fixture.ts")).toEqual({ code: 0, line: "tests: 2 passed, 0 failed, 1 skipped" });
  });

  it("counts a file whose beforeAll failed as one failure, its tests as skipped", async () => {
    expect(await run("{passes,hook-fails}.fixture.ts")).toEqual({ code: 1, line: "tests: 2 passed, 1 failed, 3 skipped" });
  });

  it("counts a file that does not load as one failure", async () => {
    expect(await run("{passes,load-fails}.fixture.ts")).toEqual({ code: 1, line: "tests: 2 passed, 1 failed, 1 skipped" });
  });

  it("counts failed tests one by one", async () => {
    expect(await run("{test-fails,hook-fails}.fixture.ts")).toEqual({ code: 1, line: "tests: 0 passed, 2 failed, 2 skipped" });
  });
});
