// The import rules of docs/ARCHITECTURE.md, checked by `npm test` (server/test/tooling/import-rules.test.ts)
// and by `npm run lint:imports`. Paths are relative to the repository's root.

// Tests live beside their code (server/src/**/test/, dashboard/test/) and in server/test/ (the harness,
// the suites that cross every route). A test may import any code and the test support, so the rules
// below that keep code in its layer hold for code, not for the tests beside it.
const TESTS = "(^|/)test/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle makes load order matter and hides which module owns what; move the shared part down.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-internals",
      severity: "error",
      comment: "A feature uses another feature only through that feature's index.ts, or its verbs.ts for features that act through its write verbs.",
      from: { path: "^server/src/features/([^/]+)/", pathNot: TESTS },
      to: { path: "^server/src/features/([^/]+)/", pathNot: ["^server/src/features/$1/", "^server/src/features/[^/]+/(index|verbs)\\.ts$"] },
    },
    {
      name: "platform-and-http-know-no-feature",
      severity: "error",
      comment: "http/ and platform/ sit below the features: they never import one.",
      from: { path: "^server/src/(http|platform)/", pathNot: TESTS },
      to: { path: "^server/src/(features|cli|start)/|^server/src/(app|main|routes|config)\\.ts$" },
    },
    {
      name: "queue-through-its-index",
      severity: "error",
      comment:
        "Background work claims, renews and ends its rows through platform/queue's index.ts; the lease's SQL is the queue's own (a tooling test keeps its column there too).",
      from: { path: "^server/src/", pathNot: ["^server/src/platform/queue/", TESTS] },
      to: { path: "^server/src/platform/queue/", pathNot: "^server/src/platform/queue/index\\.ts$" },
    },
    {
      name: "platform-below-http",
      severity: "error",
      comment: "platform/ (database, changes, mail, limits) knows nothing of HTTP.",
      from: { path: "^server/src/platform/", pathNot: TESTS },
      to: { path: "^server/src/http/" },
    },
    {
      name: "browser-code-stays-out-of-the-server",
      severity: "error",
      comment: "The dashboard, portal script and widget share code through packages/, never by reaching into server/ (their tests start a real server).",
      from: { path: "^dashboard/|^packages/[^/]+/src/|^server/src/features/[^/]+/browser/", pathNot: TESTS },
      to: { path: "^server/", pathNot: "^server/src/features/[^/]+/browser/" },
    },
    {
      name: "shared-bodies-without-openapi",
      severity: "error",
      comment:
        "packages/shared is bundled into the dashboard: its request bodies are plain zod, and the server adds the OpenAPI words (platform/fields.ts `documented`).",
      from: { path: "^packages/shared/" },
      to: { path: "(^|/)@hono/zod-openapi(/|$)" },
    },
    {
      name: "dashboard-areas-stand-alone",
      severity: "error",
      comment:
        "A dashboard area (dashboard/src/features/<area>) uses no other area: what several areas read is in dashboard/src/data, what they show in ui/ and layout/.",
      from: { path: "^dashboard/src/features/([^/]+)/" },
      to: { path: "^dashboard/src/features/", pathNot: "^dashboard/src/features/$1/" },
    },
    {
      name: "dashboard-shared-code-below-areas",
      severity: "error",
      comment: "dashboard/src/data, ui/ and layout/ serve every area: they import none.",
      from: { path: "^dashboard/src/(data|ui|layout)/" },
      to: { path: "^dashboard/src/features/" },
    },
    {
      name: "packages-stand-alone",
      severity: "error",
      comment: "packages/ are libraries: their sources import no application code (the client's generator and tests may start the server).",
      from: { path: "^packages/[^/]+/src/" },
      to: { path: "^(server|dashboard)/" },
    },
    {
      name: "code-imports-no-test",
      severity: "error",
      comment: "Tests sit beside the code, but code never imports a test file or the test support: they are not built or shipped.",
      from: { path: "^(server/src|dashboard/src|packages/[^/]+/src)/", pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
