import { defineConfig } from "vitest/config";

// A run of its own for reporter.test.ts: files that pass, fail, or fail in a hook.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: [process.env.FIXTURES ?? "*.fixture.ts"],
    reporters: ["../../support/summary-reporter.ts"],
  },
});
