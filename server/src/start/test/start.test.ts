import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, get, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { userHash } from "../../features/customers/identity-proof.js";
import { freshDatabase, TEST_DB } from "../../../test/support/database.js";
import { heed, startServer } from "../../../test/support/processes.js";

// The README's first command, as a newcomer runs it: start on an empty database, read the printed
// key and curl line, use them; a restart prints nothing secret again.

describe("npm start", () => {
  it("creates the demo workspace once, prints a working key and curl line, and stops cleanly", async () => {
    const database = await freshDatabase();
    try {
      const first = await startServer(database.url, { SEED_DEMO: "1" });
      const banner = first.stdout();
      const key = /secret API key \(full access\): (heed_sk_\w+)/.exec(banner)?.[1];
      const publicKey = /public key \(customer-facing\): (heed_pk_\w+)/.exec(banner)?.[1];
      const curlUrl = /curl -H "Authorization: Bearer heed_sk_\w+" '([^']+)'/.exec(banner)?.[1];
      expect(key, banner).toBeDefined();
      expect(publicKey).toBeDefined();
      expect(curlUrl).toBe(`${first.url}/v1/posts?sort=votes&limit=10`);

      const page = await (await fetch(curlUrl!, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(page.data).toHaveLength(10);
      expect(page.nextCursor).toEqual(expect.any(String));
      const votes = page.data.map((p: { voteCount: number }) => p.voteCount);
      expect(votes).toEqual([...votes].sort((a, b) => b - a));
      // Its people follow what they voted on, so a status change the newcomer makes tells someone.
      const followers = await (await fetch(`${first.url}/v1/posts/${page.data[0].id}/followers`, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(followers.data.length).toBeGreaterThan(0);
      expect(followers.data.map((f: { reason: string }) => f.reason)).toContain("voted");
      expect((await fetch(`${first.url}/docs`)).status).toBe(200);
      expect((await fetch(`${first.url}/ready`)).status).toBe(200);

      // The demo verifies identities, as every new workspace does: the printed identify is signed
      // and works as printed; the same without its userHash is refused, saying how to sign.
      const identifyLine = /curl -H "x-service-public-key: (heed_pk_\w+)" -H 'content-type: application\/json' -d '([^']+)' '([^']+)'/.exec(banner);
      expect(identifyLine, banner).not.toBeNull();
      const [, identifyKey, identifyBody, identifyUrl] = identifyLine!;
      expect([identifyKey, identifyUrl]).toEqual([publicKey, `${first.url}/v1/identify`]);
      const identifyWith = (body: string) =>
        fetch(identifyUrl!, { method: "POST", headers: { "x-service-public-key": publicKey!, "content-type": "application/json" }, body });
      expect((await identifyWith(identifyBody!)).status).toBe(200);
      const { userHash: printed, ...unsigned } = JSON.parse(identifyBody!);
      const secret = (await (await fetch(`${first.url}/v1/workspace/identity-secret`, { headers: { authorization: `Bearer ${key}` } })).json()).identitySecret;
      expect(printed).toBe(userHash(secret, unsigned.userId));
      expect(banner).not.toContain(secret);
      const refused = await identifyWith(JSON.stringify(unsigned));
      expect(refused.status).toBe(401);
      expect((await refused.json()).detail).toContain("HMAC-SHA256");

      // The owner's one-time link: the dashboard page opens, and accepting it makes an owner.
      const ownerLink = /Become its owner.*\n {2}(\S+)/.exec(banner)?.[1];
      expect(ownerLink, banner).toMatch(new RegExp(`^${first.url}/app/invite/[\\w-]{43}$`));
      const pageHtml = await fetch(ownerLink!);
      expect([pageHtml.status, pageHtml.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
      const token = ownerLink!.split("/app/invite/")[1];
      const joined = await fetch(`${first.url}/v1/auth/invites/${token}/accept`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "me@example.com", name: "Me", password: "my own passphrase" }),
      });
      expect((await joined.json()).workspaces).toEqual([expect.objectContaining({ slug: "demo", role: "owner" })]);
      // Where to go next, in words: the dashboard, the portal, and the command that makes a new
      // owner link when the printed one is lost, which works as printed.
      await expect.poll(() => first.stdout()).toContain(`Heed is serving ${first.url}`);
      expect(first.stdout()).toContain(`  dashboard:     ${first.url}/app\n`);
      expect(first.stdout()).toContain(`  portal:        ${first.url}/p/demo\n`);
      expect((await fetch(`${first.url}/p/demo`)).status).toBe(200);
      const command = /a new owner invite for 'demo' \(the link is printed\): (?:DATABASE_URL='([^']+)' )?npx heed (.+)$/m.exec(first.stdout());
      expect(command, first.stdout()).not.toBeNull();
      expect(command![1]).toBe(database.url.replace(/\/\/postgres:?@/, "//postgres@"));
      const minted = await heed(
        command![2]!.split(" ").map((arg) => arg.replace("you@example.com", "again@example.com")),
        database.url,
      );
      expect(minted.code, minted.stderr).toBe(0);
      const again = /\/app\/invite\/[\w-]{43}/.exec(minted.stdout)?.[0];
      expect(again, minted.stdout).toBeDefined();
      expect((await fetch(`${first.url}/v1/auth/invites/${again!.split("/").pop()}`)).status).toBe(200);
      expect(await first.stop()).toBe(0);

      const second = await startServer(database.url, { SEED_DEMO: "1" });
      expect(second.stdout()).not.toContain("heed_sk_");
      await expect.poll(() => second.stdout()).toContain(`  dashboard:     ${second.url}/app\n`);
      expect((await fetch(`${second.url}/v1/posts`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it("keeps an idle connection open longer than a load balancer does, and as long as KEEP_ALIVE_TIMEOUT_SECONDS says", { timeout: 60_000 }, async () => {
    const database = await freshDatabase();
    try {
      for (const [env, seconds] of [
        [{}, 65],
        [{ KEEP_ALIVE_TIMEOUT_SECONDS: "2" }, 2],
      ] as const) {
        const server = await startServer(database.url, { SEED_DEMO: "0", ...env });
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const first = await getOn(agent, `${server.url}/health`);
        // Node announces the idle timeout it keeps; a balancer's pool reads it.
        expect(first.headers["keep-alive"]).toBe(`timeout=${seconds}`);
        // The same socket serves the next request: it was kept, not closed after Node's 5 s default.
        const second = await getOn(agent, `${server.url}/health`);
        expect(second.socket).toBe(first.socket);
        if (seconds === 2) {
          // And is closed by the server once idle for that long (waited for, at most 10 s).
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("the idle connection stayed open")), 10_000);
            second.socket.once("close", () => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        agent.destroy();
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  });

  it("runs the background work on a thread of its own at a lower priority, and stops it with the server", async () => {
    const database = await freshDatabase();
    try {
      // As a newcomer starts it: BACKGROUND_NICE unset (the test servers set 0).
      const server = await startServer(database.url, { BACKGROUND_NICE: "" });
      try {
        // /proc/<pid>/task/<tid>/stat: the 19th field is the thread's nice value (counted after the
        // command name, which may hold spaces).
        const niceOf = (tid: string) => {
          const stat = readFileSync(`/proc/${server.child.pid}/task/${tid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        };
        await expect
          .poll(
            () =>
              readdirSync(`/proc/${server.child.pid}/task`)
                .map(niceOf)
                .filter((nice) => nice === 10).length,
            // The thread lowers its priority once it has loaded its bundle: a second or two on a busy machine.
            { timeout: 15_000 },
          )
          .toBe(1);
        expect(niceOf(String(server.child.pid))).toBe(0);
      } finally {
        // Stopped whatever failed: a server left running outlives the test run.
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  });

  it.runIf(TEST_DB === "sqlite")("copies SQLite's WAL into the database file on its background thread, and leaves one file when stopped", async () => {
    // The server's own file: a test connection left open would be the last to close, not the server's.
    const dir = mkdtempSync(join(tmpdir(), "heed-start-"));
    const file = join(dir, "heed.db");
    try {
      const server = await startServer(`sqlite:${file}`, { SEED_DEMO: "1" });
      try {
        const key = /secret API key \(full access\): (heed_sk_\w+)/.exec(server.stdout())![1];
        const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
        const boards = await (await fetch(`${server.url}/v1/boards`, { headers })).json();
        // The demo's writes copied first (a pass every 100 ms), then 400 KiB more in the WAL.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const before = statSync(file).size;
        for (let i = 0; i < 40; i++) {
          const created = await fetch(`${server.url}/v1/posts`, {
            method: "POST",
            headers,
            body: JSON.stringify({ boardId: boards.data[0].id, title: `Written to the WAL ${i}`, body: "x".repeat(4000) }),
          });
          expect(created.status).toBe(201);
        }
        // The serving connection copies only at 64 MiB of WAL: the file grows by the other thread's copy.
        await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before);
        // Done by the background thread: no worker thread (a whole JavaScript engine) of its own for it.
        const threadNames = readdirSync(`/proc/${server.child.pid}/task`).map((tid) =>
          readFileSync(`/proc/${server.child.pid}/task/${tid}/comm`, "utf8").trim(),
        );
        expect(threadNames.filter((name) => name === "WorkerThread")).toHaveLength(1);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(existsSync(`${file}-wal`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A GET through `agent`, read to its end: its headers and the socket it came on. */
function getOn(agent: Agent, url: string): Promise<{ headers: IncomingMessage["headers"]; socket: Socket }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const socket = res.socket;
      res.resume();
      res.on("end", () => resolve({ headers: res.headers, socket }));
    }).on("error", reject);
  });
}
