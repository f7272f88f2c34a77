import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_MAJOR } from "../../src/start/node-version.mjs";
import { buildServer, ROOT } from "../support/processes.js";

// Every entry point stops on an older Node.js with one line naming the Node it needs, before it
// loads anything (better-sqlite3 crashed Node 20 with a segmentation fault). An older Node is
// played by this one with its version changed before the entry point runs; a Node older than 24
// on the machine (Debian's, here) is run too.

const OLD = "20.20.2";
const PLAY_OLD = `--import=data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"${OLD}"}})`;

function run(node: string, args: string[], dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node, args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: `sqlite:${dir}/heed.db`, PORT: "0" }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The machine's own Node, when it is older than the one Heed needs. */
function olderNodeOnMachine(): string | undefined {
  for (const node of ["/usr/bin/node", "/usr/local/bin/node"]) {
    if (!existsSync(node)) continue;
    const major = Number(execFileSync(node, ["--version"], { encoding: "utf8" }).trim().slice(1).split(".")[0]);
    if (major < NODE_MAJOR) return node;
  }
  return undefined;
}

describe("an older Node.js", () => {
  it("is the engines field's", () => {
    const engines = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node as string;
    expect(engines).toBe(`>=${NODE_MAJOR}`);
  });

  const entries = [
    ["the bundle npm start runs", () => [buildServer()], "Heed"],
    ["the heed command", () => ["bin/heed.mjs", "migrate"], "heed"],
  ] as const;
  for (const [name, args, what] of entries) {
    it(`stops ${name} with one line, having touched nothing`, { timeout: 120_000 }, async () => {
      const older = olderNodeOnMachine();
      const nodes: { node: string; flags: string[]; version?: string }[] = [{ node: process.execPath, flags: [PLAY_OLD], version: OLD }];
      if (older) nodes.push({ node: older, flags: [] });
      for (const { node, flags, version } of nodes) {
        const dir = mkdtempSync(join(tmpdir(), "heed-old-node-"));
        const ran = await run(node, [...flags, ...args()], dir);
        expect(ran.code, `${node}: ${ran.stderr}`).toBe(1);
        expect(ran.stdout).toBe("");
        const lines = ran.stderr.split("\n").filter(Boolean);
        expect(lines, node).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^${what} needs Node.js ${NODE_MAJOR} or later, and this is Node.js ${version ?? "\\d+\\.\\d+\\.\\d+"}: `));
        expect(readdirSync(dir), "no database was made").toEqual([]);
      }
    });
  }
});
