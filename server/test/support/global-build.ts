import { execFileSync } from "node:child_process";
import { ROOT } from "./processes.js";

// Before any test: `npm run build`, as `npm start` runs it, so that the dashboard's pages exist
// for the browser tests and the in-process servers that serve them.
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
}
