import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../../test/support/processes.js";

// A server on SQLite, without Redis and before its first mail, holds none of pg, ioredis and
// nodemailer (platform/lib/load-when-needed.ts): each is loaded where it is first needed. Checked
// in a process of its own, since this one has loaded them all for other tests.

const dir = mkdtempSync(join(tmpdir(), "heed-lazy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
import { createRequire } from "node:module";
const { openDatabase } = await import("./server/src/platform/db/database.ts");
const { createRateLimiter } = await import("./server/src/platform/ratelimit/limiter.ts");
const { createMailer } = await import("./server/src/platform/mail/mailer.ts");
const loaded = () => ["pg", "ioredis", "nodemailer"].filter((name) => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/" + name + "/")));
const { db } = openDatabase(process.env.URL);
await db.selectFrom("sqlite_master").select("name").execute();
createRateLimiter({ windowSeconds: 60 });
const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "Heed <heed@example.com>" });
const before = loaded();
await mailer.template({ subject: "s", text: "t", html: "<p>h</p>", slots: [] });
console.log(JSON.stringify({ before, afterMail: loaded() }));
mailer.close();
await db.destroy();
`;

describe("libraries a server may not need", () => {
  it("are not loaded by a server on SQLite without Redis until it builds a mail", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
      cwd: ROOT,
      env: { ...process.env, URL: `sqlite:${join(dir, "lazy.db")}` },
      encoding: "utf8",
    });
    const { before, afterMail } = JSON.parse(out.trim().split("\n").at(-1)!);
    expect(before).toEqual([]);
    expect(afterMail).toEqual(["nodemailer"]);
  });
});
