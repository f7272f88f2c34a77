// Bundles the server into one ESM file for plain Node (npm start, the benchmark, tests that start
// the server). Dependencies stay in node_modules, so the output must live inside the repository.
// Usage: node scripts/build.mjs [outfile]   (default dist/main.js)
import { build } from "esbuild";

await build({
  entryPoints: ["server/src/main.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  outfile: process.argv[2] ?? "dist/main.js",
  logLevel: "warning",
});
