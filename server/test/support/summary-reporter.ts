import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

/** How a run ended, as the closing line counts it. */
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Counts a run. A file whose own code or hooks failed (it did not load, or a `beforeAll` threw)
 * leaves its tests "skipped", or has none: the file itself counts as one failure. Errors outside
 * any test count too, and a run vitest calls failed never reads "0 failed".
 */
export function summarize(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): Summary {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed") counts.passed++;
      else if (state === "failed") failedHere++;
      else counts.skipped++;
    }
    if (module.state() === "failed" && failedHere === 0) failedHere = 1;
    counts.failed += failedHere;
  }
  counts.failed += unhandledErrors.length;
  if (reason === "failed" && counts.failed === 0) counts.failed = 1;
  return counts;
}

// Ends the run with one plain line, `tests: N passed, N failed, N skipped`, that any CI can read
// to know how many tests ran (vitest's own summary is styled for people).
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    const { passed, failed, skipped } = summarize(testModules, unhandledErrors, reason);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
