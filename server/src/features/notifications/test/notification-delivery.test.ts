import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { startServer } from "../../../../test/support/processes.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// Notification mail from real server processes (the bundle `npm start` runs) on one database: a
// process killed after a change committed leaves its mail to the next one, which sends each mail
// once; two processes at once send each mail once between them. Changes are made through the
// test's own server, which runs no worker.

const smtp = useSmtp();

const h = useHarness();

async function postWithVoters(count: number) {
  const ws = await h.workspace();
  const key = await ws.key();
  const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Offline mode" } })).body;
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `voter-${i}-${ws.slug}@people.test`;
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: `voter-${i}`, email } })).body;
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: user.id } });
    emails.push(email);
  }
  const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
  const changeStatus = () => h.call("POST", `/v1/posts/${post.id}/status`, { key, json: { statusId: planned.id, comment: { body: "Planned for June." } } });
  return { emails, changeStatus, received: () => smtp.received.filter((m) => emails.some((e) => m.to.includes(e))) };
}

/** Waits until `count` mails arrived, then a moment more, so a repeat would show. */
async function settle<T>(read: () => T[], count: number, timeoutMs = 30_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (read().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1_500));
  return read();
}

const env = (windowSeconds: number) => ({ SEED_DEMO: "0", SMTP_URL: smtp.url, NOTIFICATION_WINDOW_SECONDS: String(windowSeconds), NOTIFICATION_POLL_MS: "50" });

describe("notification mail from server processes", () => {
  it("sends each mail once after the process that had it was killed between commit and send", { timeout: 90_000 }, async () => {
    const { emails, changeStatus, received } = await postWithVoters(3);
    const first = await startServer(h.database.url, env(2));
    expect((await changeStatus()).status).toBe(200);
    // Committed; its mail is due in 2 s. The process dies first, without a chance to clean up.
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(received()).toEqual([]);

    const second = await startServer(h.database.url, env(2));
    try {
      const mails = await settle(received, emails.length);
      expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
      expect(mails.every((m) => m.text.includes("Planned for June."))).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it("sends each mail once when two processes share the database", { timeout: 120_000 }, async () => {
    const { emails, changeStatus, received } = await postWithVoters(40);
    const servers = await Promise.all([startServer(h.database.url, env(0)), startServer(h.database.url, env(0))]);
    try {
      expect((await changeStatus()).status).toBe(200);
      const mails = await settle(received, emails.length);
      expect(mails).toHaveLength(emails.length);
      expect(new Set(mails.map((m) => m.to)).size).toBe(emails.length);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(emails.length);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
