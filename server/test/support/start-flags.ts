import { readFileSync } from "node:fs";

// The Node and V8 flags `npm start` runs the bundle with, read from package.json's start script so
// that the tests and the benchmark start the server exactly as users do, flags included:
// - --max-semi-space-size=4: on a machine with much memory Node sizes the young generation far
//   larger, and the bench's loads left the process 150 MB bigger for no gain in throughput (4
//   rather than 8: 14 MiB less after the read loads, the same req/s and CPU a request);
// - --heap-growing-percent=50: V8 let the old generation grow to four times what was live (58 MB
//   live in a 222 MB heap after 6 s of tracked events); at 1.5 times, RSS stayed 120 MB lower with
//   the same throughput (mark-compacts of ~60 MB take 6–8 ms, a few a second under that load).
export function startFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { scripts: { start: string } };
  const command = /\bnode ((?:--[\w-]+(?:=\S+)? )*)dist\/main\.js/.exec(manifest.scripts.start);
  if (!command) throw new Error("package.json's start script does not run `node [flags] dist/main.js`");
  return command[1]!.trim().split(" ").filter(Boolean);
}
