import { describe, expect, it } from "vitest";
import { notificationPass } from "../index.js";
import { nowMs, shiftClock } from "../../../platform/lib/clock.js";
import { useHarness } from "../../../../test/support/harness.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// Closing the loop, through a real SMTP server: who hears of what, once, with the headers that let
// them stop it in one click. The worker's pass runs here by hand (the server starts it on a timer).

const smtp = useSmtp();

const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });
const pass = (windowSeconds = 0) => notificationPass(h.services, { windowSeconds, concurrency: 4, pollMs: 0 });

/** Mails to `to` that arrived so far. */
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
/** Waits a moment for stragglers, then what arrived for `to`. */
async function settled(to: string) {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return mailsTo(to);
}

async function setUp() {
  const ws = await h.workspace();
  const key = await ws.key();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await h.call(method, `/v1${path}`, json === undefined ? { key } : { key, json });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const tag = ws.slug;
  const person = async (name: string) => (await call("POST", "/users", { externalId: name, email: `${name}-${tag}@people.test`, name })).id as string;
  const post = async (title: string) => (await call("POST", "/posts", { boardId: await ws.boardId(), title })).id as string;
  const statuses = (await call("GET", "/statuses")).data as { id: string; name: string }[];
  return { ws, key, call, person, post, statuses, mail: (name: string) => `${name}-${tag}@people.test` };
}

describe("notifications", () => {
  it("tells a status change with the team's comment to each voter once, and one click unsubscribes", async () => {
    const { ws, call, person, post, statuses, mail } = await setUp();
    const [ann, ben, cat] = [await person("ann"), await person("ben"), await person("cat")];
    const idea = await post("Dark mode");
    for (const voter of [ann, ben, cat]) await call("POST", `/posts/${idea}/votes`, { userId: voter });
    await h.database.db.updateTable("users").set({ email_notifications: "off" }).where("id", "=", cat).execute();
    const planned = statuses.find((s) => s.name === "Planned")!;

    await call("POST", `/posts/${idea}/status`, { statusId: planned.id, comment: { body: "Shipping in May, thank you all!" } });
    await pass();

    const [toAnn, toBen, toCat] = [await settled(mail("ann")), mailsTo(mail("ben")), mailsTo(mail("cat"))];
    expect([toAnn.length, toBen.length, toCat.length]).toEqual([1, 1, 0]);
    for (const m of [toAnn[0]!, toBen[0]!]) {
      // From the workspace the reader knows, at the server's own address.
      expect(m.from).toBe(`"Test ${ws.slug}" <heed@heed.test>`);
      expect(m.subject).toBe("“Dark mode” is now Planned");
      expect(m.text).toContain("Shipping in May, thank you all!");
      expect(m.html).toContain("Shipping in May, thank you all!");
      expect(m.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(m.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${h.url}/p/${ws.slug}/unsubscribe\\?token=[\\w.-]+>$`));
    }
    expect(toAnn[0]!.messageId).not.toBe(toBen[0]!.messageId);
    // The comment came with the change: the voters hear it once, not again as a reply.
    await pass();
    expect(await settled(mail("ann"))).toHaveLength(1);
    // Read again from the outbox's start, each change is told once still (one event per outbox event and kind).
    const told = async () => (await h.database.db.selectFrom("notification_events").select("id").where("workspace_id", "=", ws.id).execute()).length;
    const before = await told();
    await h.database.db.updateTable("outbox_cursors").set({ position: 0, ahead: "[]" }).where("name", "=", "notifications").execute();
    await pass();
    expect(await told()).toBe(before);
    expect(await settled(mail("ann"))).toHaveLength(1);

    // RFC 8058: a POST of the one-click body to the header's address, with no cookie and no form token.
    const url = /^<(.+)>$/.exec(toAnn[0]!.headers["list-unsubscribe"]!)![1]!;
    const click = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(click.status).toBe(200);
    const row = await h.database.db.selectFrom("users").select("email_notifications").where("id", "=", ann).executeTakeFirstOrThrow();
    expect(row.email_notifications).toBe("off");

    // A forged or another workspace's token unsubscribes nobody.
    const forged = await fetch(url.replace(/token=[\w.-]+/, "token=e30.forged"), { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(forged.status).toBe(400);

    const shipped = statuses.find((s) => s.name === "Complete")!;
    await call("POST", `/posts/${idea}/status`, { statusId: shipped.id });
    await pass();
    expect([(await settled(mail("ann"))).length, mailsTo(mail("ben")).length]).toEqual([1, 2]);
  });

  it("tells each kind of change to the right people and nobody else", async () => {
    const { ws, call, person, post, statuses, mail } = await setUp();
    const [voter, commenter, reader] = [await person("voter"), await person("commenter"), await person("reader")];
    const idea = await post("Export to CSV");
    const other = await post("CSV export please");
    await call("POST", `/posts/${idea}/votes`, { userId: voter });
    await call("POST", `/posts/${other}/votes`, { userId: commenter });
    await h.database.db.updateTable("users").set({ follows_changelog: 1 }).where("id", "=", reader).execute();
    const heard = async () => {
      await pass();
      const rows = await h.database.db
        .selectFrom("notifications")
        .select(["recipient_id", "kind"])
        .where("workspace_id", "=", ws.id)
        .where("recipient_id", "like", "usr_%")
        .orderBy("id")
        .execute();
      await h.database.db.deleteFrom("notifications").where("workspace_id", "=", ws.id).execute();
      return rows.map((r) => `${r.recipient_id === voter ? "voter" : r.recipient_id === commenter ? "commenter" : "reader"}:${r.kind}`);
    };

    await call("POST", `/posts/${idea}/comments`, { body: "Looking into it", internal: true });
    expect(await heard()).toEqual([]);
    await call("POST", `/posts/${idea}/comments`, { body: "We are on it." });
    expect(await heard()).toEqual(["voter:team_replied"]);
    // An end user's comment is not news to other end users.
    await call("POST", `/posts/${idea}/comments`, { body: "Me too", authorId: commenter });
    expect(await heard()).toEqual([]);
    // The commenter now follows too: both hear the merge, and both follow where it went.
    await call("POST", `/posts/${idea}/merge`, { into: other });
    expect((await heard()).sort()).toEqual(["commenter:merged", "voter:merged"]);
    const entry = await call("POST", "/changelog", { title: "CSV export", type: "new", postIds: [other] });
    await call("POST", `/changelog/${entry.id}/publish`, {});
    expect((await heard()).sort()).toEqual(["commenter:changelog_answered", "reader:changelog_published", "voter:changelog_answered"]);
    // Taken back and published again: it was news once.
    await call("POST", `/changelog/${entry.id}/unpublish`, {});
    await call("POST", `/changelog/${entry.id}/publish`, {});
    expect(await heard()).toEqual([]);

    // A post on a private board is not news to end users: the portal their mail links to shows none.
    const hidden = await call("POST", "/boards", { name: "Internal", visibility: "private" });
    const secret = (await call("POST", "/posts", { boardId: hidden.id, title: "Secret plan" })).id;
    await call("POST", `/posts/${secret}/votes`, { userId: voter });
    await call("POST", `/posts/${secret}/status`, { statusId: statuses.find((s) => s.name === "Planned")!.id, comment: { body: "Soon" } });
    expect(await heard()).toEqual([]);

    const merged = (await settled(mail("voter"))).find((m) => m.subject.includes("merged"))!;
    expect(merged.text).toContain(`/p/${ws.slug}/posts/${other}`);
  });

  it("renders the team's markdown in the HTML part, and reads it as plain words in the text part", async () => {
    const { ws, call, person, post, statuses, mail } = await setUp();
    const voter = await person("dee");
    const idea = await post("Umlauts in exports");
    await call("POST", `/posts/${idea}/votes`, { userId: voter });
    const complete = statuses.find((s) => s.name === "Complete")!;
    await call("POST", `/posts/${idea}/status`, {
      statusId: complete.id,
      comment: { body: "**Umlauts** äöü work now: see [the notes](https://example.com/notes?a=1&b=2).\n\n- CSV\n- <b>XLSX</b>" },
    });
    await pass();
    const [told] = await settled(mail("dee"));
    expect(told!.from).toBe(`"Test ${ws.slug}" <heed@heed.test>`);
    expect(told!.html).toContain("<strong>Umlauts</strong> äöü");
    expect(told!.html).toContain('<a href="https://example.com/notes?a=1&amp;b=2"');
    // Raw HTML the team typed stays text.
    expect(told!.html).toContain("&lt;b&gt;XLSX&lt;/b&gt;");
    expect(told!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
    expect(told!.text).toContain("> Umlauts äöü work now: see the notes (https://example.com/notes?a=1&b=2).\n>\n> - CSV\n> - <b>XLSX</b>");
    expect(told!.text).not.toContain("**");
  });

  it("tells a merge into a private board's post without its title, and the mail's link shows no way to it", async () => {
    const { ws, call, person, post, mail } = await setUp();
    const voter = await person("voter");
    const idea = await post("Offline mode");
    await call("POST", `/posts/${idea}/votes`, { userId: voter });
    const hidden = await call("POST", "/boards", { name: "Internal", visibility: "private" });
    const secret = (await call("POST", "/posts", { boardId: hidden.id, title: "Project Nightjar: offline sync for Acme" })).id as string;

    await call("POST", `/posts/${idea}/merge`, { into: secret });
    await pass();
    const [told] = await settled(mail("voter"));
    expect(told!.subject).toContain("Offline mode");
    for (const part of [told!.subject, told!.text, told!.html]) {
      expect(part).not.toContain("Nightjar");
      expect(part).not.toContain(secret);
    }
    const link = told!.text.match(/https?:\/\/\S+/g)!.find((url) => url.includes("/posts/"))!;
    expect(link).toBe(`${h.url}/p/${ws.slug}/posts/${idea}`);
    const page = await (await fetch(link)).text();
    expect(page).toContain("This idea was merged into another one");
    expect(page).not.toContain(secret);

    // Into a public post, the mail and the page name it and lead there.
    const voter2 = await person("second");
    const again = await post("Work offline");
    const shown = await post("Offline support");
    await call("POST", `/posts/${again}/votes`, { userId: voter2 });
    await call("POST", `/posts/${again}/merge`, { into: shown });
    await pass();
    const [named] = await settled(mail("second"));
    expect(named!.text).toContain("Offline support");
    expect(named!.text).toContain(`/p/${ws.slug}/posts/${shown}`);
    expect(await (await fetch(`${h.url}/p/${ws.slug}/posts/${again}`)).text()).toContain(`/p/${ws.slug}/posts/${shown}`);
  });

  it("gathers what happens within the window into one mail, and sends a digest at its hour", async () => {
    const { call, person, post, statuses, mail } = await setUp();
    const [quick, daily] = [await person("quick"), await person("daily")];
    await h.database.db.updateTable("users").set({ email_notifications: "daily" }).where("id", "=", daily).execute();
    const idea = await post("Keyboard shortcuts");
    for (const voter of [quick, daily]) await call("POST", `/posts/${idea}/votes`, { userId: voter });
    const [planned, started] = [statuses.find((s) => s.name === "Planned")!, statuses.find((s) => s.name === "In progress")!];

    await call("POST", `/posts/${idea}/status`, { statusId: planned.id });
    await call("POST", `/posts/${idea}/comments`, { body: "Design is done." });
    await call("POST", `/posts/${idea}/status`, { statusId: started.id });
    await pass(120);
    expect(await settled(mail("quick"))).toHaveLength(0);
    shiftClock(121_000);
    await pass(120);
    const gathered = await settled(mail("quick"));
    expect(gathered).toHaveLength(1);
    expect(gathered[0]!.subject).toMatch(/^3 updates from /);
    expect(gathered[0]!.text).toContain("Design is done.");
    expect(mailsTo(mail("daily"))).toHaveLength(0);

    // The digest goes at the next 09:00 UTC, with all three.
    const now = new Date(nowMs());
    const nextNine = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9);
    shiftClock((nextNine > nowMs() ? nextNine : nextNine + 86_400_000) - nowMs() + 240_000);
    await pass(120);
    const digest = await settled(mail("daily"));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toMatch(/^3 updates from /);
  });

  it("mails a visitor the changelog only after they confirm the mailed link, at most five asks an address", async () => {
    const { ws, call } = await setUp();
    const address = `visitor-${ws.slug}@people.test`;
    const ask = (email: string) =>
      fetch(`${h.url}/p/${ws.slug}/changelog/subscribe`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: h.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email }).toString(),
      });
    expect((await ask(address)).status).toBe(200);
    const confirm = await smtp.mailTo(address);
    expect(confirm.subject).toMatch(/^Confirm: .+'s changelog by email$/);
    const link = /https?:\/\/\S+/.exec(confirm.text)![0];
    // Nobody is subscribed (or created) until the inbox's owner confirms; opening the link is not confirming.
    const subscribed = () =>
      h.database.db.selectFrom("users").select("follows_changelog").where("workspace_id", "=", ws.id).where("email", "=", address).executeTakeFirst();
    expect(await subscribed()).toBeUndefined();
    expect((await fetch(link)).status).toBe(200);
    expect(await subscribed()).toBeUndefined();
    const confirmed = await fetch(link, { method: "POST", redirect: "manual", headers: { origin: h.url } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/p/${ws.slug}/changelog?subscribed=1`);
    expect((await subscribed())?.follows_changelog).toBe(1);

    const entry = await call("POST", "/changelog", { title: "Offline mode", type: "new" });
    await call("POST", `/changelog/${entry.id}/publish`, {});
    await pass();
    expect((await settled(address)).map((m) => m.subject)).toContain("New: Offline mode");

    // Asked for over and over: five links an address in 15 minutes, then the same answer and no mail.
    const spammed = `stranger-${ws.slug}@people.test`;
    for (let i = 0; i < 7; i++) expect((await ask(spammed)).status).toBe(200);
    expect(await settled(spammed)).toHaveLength(5);
    expect((await ask("not an email")).status).toBe(400);
  });
});
