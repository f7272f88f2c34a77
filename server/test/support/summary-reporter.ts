import type { Reporter, TestModule } from "vitest/node";

// Ends the run with one plain line, `tests: N passed, N failed, N skipped`, that any CI can read
// to know how many tests ran (vitest's own summary is styled for people).
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests, but it is a failure all the same.
      if (module.state() === "failed" && !module.children.size) counts.failed++;
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
