import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "../server/test/support/processes.js";
import { startFlags } from "../server/test/support/start-flags.js";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface Running {
  url: string;
  child: ChildProcess;
  /** Resident and peak memory of the process, in MiB (Linux /proc). */
  memory(): { rssMiB: number; peakMiB: number };
  /** CPU time (user and system) the process and its children (WORKERS) have used so far, in µs. */
  cpuMicros(): number;
  stop(): Promise<void>;
}

// The yardstick: the least a Node.js HTTP server can do per request, in its own process like Heed.
const BARE_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ hello: "world" });
http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

// Whatever happens to the benchmark, the servers it started go with it.
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
// A signal skips "exit" handlers: turn it into an exit, so the children and the temporary
// database (run.ts's finally) do not outlive an interrupted run.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(130));

async function run(args: string[], env: Record<string, string>, probe: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + probe, child);
  return {
    url,
    child,
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
    },
    cpuMicros: () => treeCpuMicros(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// Linux /proc: fields 14 and 15 of /proc/<pid>/stat are user and system time in clock ticks (100 a
// second on Linux); field 4 is the parent's pid. The command name (field 2) may hold spaces, so the
// fields are counted after its closing parenthesis.
const TICK_MICROS = 10_000;

function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The CPU time of `pid` and every process below it. */
export function treeCpuMicros(pid: number): number {
  const parents = new Map<string, string>();
  const ticks = new Map<string, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    parents.set(entry, fields[1]!);
    ticks.set(entry, Number(fields[11]) + Number(fields[12]));
  }
  const inTree = (candidate: string): boolean => {
    for (let at: string | undefined = candidate; at !== undefined && at !== "0"; at = parents.get(at)) if (at === String(pid)) return true;
    return false;
  };
  let total = 0;
  for (const [entry, used] of ticks) if (inTree(entry)) total += used;
  return total * TICK_MICROS;
}

export function startBare(): Promise<Running> {
  return startScript(BARE_SERVER);
}

/** A server from `source` (a CommonJS script listening on PORT), in its own process. */
export function startScript(source: string, env: Record<string, string> = {}): Promise<Running> {
  return run(["-e", source], env, "/");
}

/** The bundle `npm start` runs (npm run bench builds it first); limits high enough not to throttle the load. */
export function startHeed(databaseUrl: string, env: Record<string, string> = {}): Promise<Running> {
  return run(
    // As npm start runs it, with package.json's flags, and BENCH_HEED_FLAGS (say `--cpu-prof
    // --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses) to look inside a run.
    [...startFlags(ROOT), ...(process.env.BENCH_HEED_FLAGS?.split(" ").filter(Boolean) ?? []), "dist/main.js"],
    // REDIS_URL only where a measurement asks for it: the memory-counter baseline must not inherit one.
    { DATABASE_URL: databaseUrl, SEED_DEMO: "0", LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "100000000", REDIS_URL: "", ...env },
    "/health",
  );
}
