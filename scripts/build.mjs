// npm run build (npm start runs it): bundles the server into one ESM file for plain Node, and
// builds the dashboard with Vite into dist/dashboard, unless its sources are unchanged since the
// last build, so that a restart without changes starts at once.
// Usage: node scripts/build.mjs [outdir]   (default dist: dist/main.js, which checks Node's version
// and starts dist/server.js, and the background thread's dist/background-entry.js; with an outdir,
// as tests that start servers do at once, the server alone: the test run builds the dashboard once,
// first)
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

/**
 * Writes `x.br` (brotli at its best) and `x.gz` beside every script, stylesheet and page in `dir`,
 * which the server sends to readers who take them (server/src/http/encodings.ts): made once here,
 * never per request.
 */
function precompress(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    if (body.byteLength < 1024) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
}

await build({
  // The background thread is an entry of its own (start/background.ts finds it beside main.js), so
  // that thread does not load the routes it never serves.
  // dist/main.js checks Node's version, then imports dist/server.js (start/entry.mjs).
  entryPoints: { main: "server/src/start/entry.mjs", server: "server/src/main.ts", "background-entry": "server/src/start/background-entry.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  // Dependencies stay in node_modules, so the output must live inside the repository.
  packages: "external",
  sourcemap: true,
  outdir: process.argv[2] ?? "dist",
  logLevel: "warning",
});

// The scripts Heed serves to browsers outside the dashboard (the portal's enhancements and the
// embeddable widget), small
// and standalone: one minified file each in dist/web.
await build({
  entryPoints: ["server/src/features/portal/browser/portal.ts", "server/src/features/widget/browser/widget.ts"],
  entryNames: "[name]",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  outdir: "dist/web",
  logLevel: "warning",
});
precompress("dist/web");

/** Every file the dashboard is built from, hashed by path and content (its tests, dashboard/test/, are not). */
function dashboardInputs() {
  const hash = createHash("sha256");
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (path === join("dashboard", "test")) continue;
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk("dashboard");
  walk("packages/client/src");
  walk("packages/shared/src");
  hash.update(readFileSync("package-lock.json"));
  return hash.digest("hex");
}

const stamp = "dist/dashboard/.inputs";
const inputs = process.argv[2] ? null : dashboardInputs();
if (inputs && (!existsSync(stamp) || readFileSync(stamp, "utf8") !== inputs)) {
  const { build: vite } = await import("vite");
  // Always React's production build: the test runner sets NODE_ENV=test, which would otherwise
  // give the development runtime (three times the size), and `npm start` reuses this output.
  process.env.NODE_ENV = "production";
  await vite({ configFile: "dashboard/vite.config.ts", mode: "production" });
  precompress("dist/dashboard/assets");
  precompress("dist/dashboard");
  writeFileSync(stamp, inputs);
}
