import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { startFlags } from "./start-flags.js";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `heed …` exactly as a user would (`npx heed` resolves to bin/heed.mjs). */
export function heed(args: string[], databaseUrl: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${ROOT}/bin/heed.mjs`, ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  url: string;
  stop(): Promise<number | null>;
}

let bundle: string | undefined;

/**
 * The bundle `npm start` runs, built once per test process into a folder of its own: test files run
 * in parallel, and one must not start a server from a bundle another is still writing.
 */
export function buildServer(): string {
  if (bundle) return bundle;
  const outdir = `dist/test-${process.pid}`;
  execFileSync(process.execPath, ["scripts/build.mjs", outdir], { cwd: ROOT, stdio: "inherit" });
  bundle = `${outdir}/main.js`;
  process.once("exit", () => rmSync(`${ROOT}/${outdir}`, { recursive: true, force: true }));
  return bundle;
}

/** Starts the server as `npm start` does (the built bundle) and waits until it answers /health. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Started> {
  const entry = buildServer();
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(ROOT), entry], {
    cwd: ROOT,
    // The background thread at normal priority: the test runner's own processes fill the cores, and
    // a thread that yields to them would measure the runner, not Heed (start.test.ts checks the default).
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", BACKGROUND_NICE: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${err}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}
