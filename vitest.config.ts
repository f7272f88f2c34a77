import { defineConfig } from "vitest/config";

// Every test file runs twice: once on SQLite, once on PostgreSQL. HEED_TEST_DATABASES=sqlite narrows
// a local run; CI runs both, and a PostgreSQL that cannot be reached fails the run.
const wanted = (process.env.HEED_TEST_DATABASES ?? "sqlite,postgres").split(",");

export default defineConfig({
  test: {
    // Two workers on the two-core CI machine: each test file has its own database (a temporary SQLite
    // file or a PostgreSQL schema) and its own ports, so files never share state. Vitest's default
    // (cores − 1) would run one file at a time.
    maxWorkers: 2,
    globalSetup: ["./server/test/support/global-build.ts"],
    reporters: ["default", "./server/test/support/summary-reporter.ts"],
    projects: ["sqlite", "postgres"]
      .filter((name) => wanted.includes(name))
      .map((name) => ({
        test: {
          name,
          // Tests live beside their code (server/src/**/test/, dashboard/test/); the suites that cross
          // every route, the harness and the tooling checks in server/test/.
          include: ["server/**/*.test.ts", "dashboard/test/**/*.test.ts", "packages/client/test/**/*.test.ts"],
          // Pages, the client package's build and the test tooling do not depend on the database:
          // they run once, in the SQLite project, as does what only SQLite has (its checkpointer, its lock,
          // its backup API's copy in steps and BACKUP_DIR's schedule, which PostgreSQL refuses), what
          // needs no database at all (a worker's rate limits when its primary is silent) and what scrapes
          // the same figures whatever the database (a real Prometheus reading /metrics).
          exclude:
            name === "sqlite"
              ? []
              : [
                  "dashboard/test/**",
                  "server/src/**/test/browser/**",
                  "packages/client/test/package/**",
                  "server/test/tooling/**",
                  "server/test/openapi-lint.test.ts",
                  "server/src/platform/db/test/checkpointer.test.ts",
                  "server/src/platform/db/test/planner-stability.test.ts",
                  "server/src/platform/db/test/commit-stamps.test.ts",
                  "server/src/platform/lib/test/libraries-loaded-when-needed.test.ts",
                  "server/src/platform/db/test/sqlite-lock-wait.test.ts",
                  "server/src/platform/backups/test/sqlite-copy.test.ts",
                  "server/src/platform/backups/test/scheduled-backups.test.ts",
                  "server/src/platform/ratelimit/test/cluster-rate-limit.test.ts",
                  "server/src/http/metrics/test/prometheus.test.ts",
                ],
          env: { HEED_TEST_DB: name, LOG_LEVEL: "silent" },
          // A worker's test files share one module graph instead of importing the whole server again
          // for each file, which costs 2.3 s a file (about 500 s of a whole run). Files stay apart by
          // their own database and ports; the one process-wide state they change (the clock) is put
          // back after each file by support/each-file.ts.
          isolate: false,
          setupFiles: ["./server/test/support/each-file.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page on a loaded two-core CI machine can take seconds to paint what a fast one paints at
          // once; vitest's 1 s default for expect.poll failed a browser test there that passes alone.
          expect: { poll: { timeout: 10_000 } },
        },
      })),
  },
});
