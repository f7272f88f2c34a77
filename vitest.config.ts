import { defineConfig } from "vitest/config";

// Every test file runs twice: once on SQLite, once on PostgreSQL. HEED_TEST_DATABASES=sqlite narrows
// a local run; CI runs both, and a PostgreSQL that cannot be reached fails the run.
const wanted = (process.env.HEED_TEST_DATABASES ?? "sqlite,postgres").split(",");

export default defineConfig({
  test: {
    reporters: ["default", "./server/test/support/summary-reporter.ts"],
    projects: ["sqlite", "postgres"]
      .filter((name) => wanted.includes(name))
      .map((name) => ({
        test: {
          name,
          include: ["server/test/**/*.test.ts"],
          // Pages do not depend on the database: the browser tests run once, in the SQLite project.
          exclude: name === "sqlite" ? [] : ["server/test/browser/**"],
          env: { HEED_TEST_DB: name, LOG_LEVEL: "silent" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
  },
});
