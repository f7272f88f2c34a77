import { describe, expect, it } from "vitest";
import { notificationPass } from "../index.js";
import { runBulkJobBatch } from "../../bulk/run.js";
import { publishDueEntries } from "../../changelog/publish.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { useHarness } from "../../../../test/support/harness.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// Every write that announces takes `notify` (default true) and answers `notified`; a post carries
// `followerCount`, a bulk change's preview says how many it would mail; a changelog entry that told
// its posts' followers they shipped keeps them from a second mail when those posts are completed.
// Mail is read from a real SMTP server, with the window at 0 (each change mailed at once).

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });
const pass = () => notificationPass(h.services, { windowSeconds: 0, concurrency: 4, pollMs: 0 });

/** Mails to `to` so far, after the worker's pass and a moment for stragglers. */
async function mailed(to: string) {
  await pass();
  await new Promise((resolve) => setTimeout(resolve, 150));
  return smtp.received.filter((m) => m.to.includes(to));
}

async function setUp() {
  const ws = await h.workspace();
  const key = await ws.key();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await h.call(method, `/v1${path}`, json === undefined ? { key } : { key, json });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const mail = (name: string) => `${name}-${ws.slug}@people.test`;
  const person = async (name: string) => (await call("POST", "/users", { externalId: name, email: mail(name), name })).id as string;
  /** A post and its voters (who follow it). */
  const idea = async (title: string, voters: string[]) => {
    const id = (await call("POST", "/posts", { boardId: await ws.boardId(), title })).id as string;
    for (const voter of voters) await call("POST", `/posts/${id}/votes`, { userId: voter });
    return id;
  };
  const statuses = (await call("GET", "/statuses")).data as { id: string; name: string }[];
  const status = (name: string) => statuses.find((s) => s.name === name)!.id;
  return { ws, call, mail, person, idea, status };
}

describe("notify, knowingly", () => {
  it("a status change tells the post's followers unless notify is false, and says how many", async () => {
    const { call, mail, person, idea, status } = await setUp();
    const [ann, ben, cat] = [await person("ann"), await person("ben"), await person("cat")];
    await h.database.db.updateTable("users").set({ email_notifications: "off" }).where("id", "=", cat).execute();
    const post = await idea("Dark mode", [ann, ben, cat]);
    // Cat turned mail off: two people a change would mail.
    expect((await call("GET", `/posts/${post}`)).followerCount).toBe(2);
    expect((await call("GET", `/posts?limit=5`)).data.find((p: { id: string }) => p.id === post).followerCount).toBe(2);

    const quiet = await call("POST", `/posts/${post}/status`, { statusId: status("Planned"), notify: false });
    expect(quiet.notified).toBe(0);
    expect(await mailed(mail("ann"))).toHaveLength(0);

    const told = await call("POST", `/posts/${post}/status`, { statusId: status("In progress") });
    expect(told.notified).toBe(2);
    expect(await mailed(mail("ann"))).toHaveLength(1);
    expect(await mailed(mail("ben"))).toHaveLength(1);
    expect(await mailed(mail("cat"))).toHaveLength(0);
    // No move, nobody told.
    expect((await call("POST", `/posts/${post}/status`, { statusId: status("In progress") })).notified).toBe(0);
  });

  it("PATCH with a statusId takes notify too", async () => {
    const { call, mail, person, idea, status } = await setUp();
    const ann = await person("ann");
    const post = await idea("Offline mode", [ann]);
    const quiet = await call("PATCH", `/posts/${post}`, { statusId: status("Planned"), notify: false });
    expect([quiet.notified, quiet.status.name]).toEqual([0, "Planned"]);
    expect(await mailed(mail("ann"))).toHaveLength(0);
    const told = await call("PATCH", `/posts/${post}`, { statusId: status("In progress"), title: "Offline mode (beta)" });
    expect(told.notified).toBe(1);
    const mails = await mailed(mail("ann"));
    expect(mails.map((m) => m.subject)).toEqual(["“Offline mode (beta)” is now In progress"]);
    // A change of other fields tells nobody.
    expect((await call("PATCH", `/posts/${post}`, { pinned: true })).notified).toBe(0);
  });

  it("a bulk change's preview counts each follower once; the job mails them, or nobody with notify false", async () => {
    const { ws, call, mail, person, idea, status } = await setUp();
    const [ann, ben, cat] = [await person("ann"), await person("ben"), await person("cat")];
    const board = (await call("POST", "/boards", { name: "Mobile" })).id as string;
    const onBoard = async (title: string, voters: string[]) => {
      const id = (await call("POST", "/posts", { boardId: board, title })).id as string;
      for (const voter of voters) await call("POST", `/posts/${id}/votes`, { userId: voter });
      return id;
    };
    const first = await onBoard("Widgets", [ann, ben]);
    const second = await onBoard("Watch app", [ann]);
    const planned = await onBoard("Tablet layout", [cat]);
    await call("POST", `/posts/${planned}/status`, { statusId: status("Planned"), notify: false });
    await idea("Elsewhere", [cat]);

    const action = { kind: "status", statusId: status("Planned") };
    // Ann follows two of the posts: counted once. Cat's post is Planned already: not changed, not told.
    expect(await call("POST", "/posts/bulk/preview", { filters: { boardId: board }, action })).toEqual({ total: 3, followerCount: 2 });
    expect(await call("POST", "/posts/bulk/preview", { postIds: [second, planned], action })).toEqual({ total: 2, followerCount: 1 });
    expect(await call("POST", "/posts/bulk/preview", { filters: { boardId: board }, action: { kind: "board", boardId: await ws.boardId() } })).toEqual({
      total: 3,
      followerCount: 0,
    });
    const both = await h.call("POST", "/v1/posts/bulk/preview", { key: await ws.key(), json: { filters: {}, postIds: [first], action } });
    expect(both.status).toBe(400);

    const quiet = await call("POST", "/posts/bulk", { filters: { boardId: board }, action, notify: false });
    expect([quiet.notify, quiet.notified]).toEqual([false, 0]);
    while ((await runBulkJobBatch(h.services)) > 0);
    expect((await call("GET", `/bulk-jobs/${quiet.id}`)).changed).toBe(2);
    expect(await mailed(mail("ann"))).toHaveLength(0);

    const told = await call("POST", "/posts/bulk", { filters: { boardId: board }, action: { kind: "status", statusId: status("In progress") } });
    expect([told.notify, told.notified]).toEqual([true, 3]);
    while ((await runBulkJobBatch(h.services)) > 0);
    // Ann follows two: both changes, waiting together, arrive in one mail.
    const toAnn = await mailed(mail("ann"));
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0]!.text).toContain("Widgets");
    expect(toAnn[0]!.text).toContain("Watch app");
    expect((await mailed(mail("ben"))).length).toBe(1);
    expect((await mailed(mail("cat"))).length).toBe(1);
  });

  it("publishing an entry tells unless notify is false; a schedule keeps the choice until it publishes", async () => {
    const { call, mail, person, idea } = await setUp();
    const [ann, ben] = [await person("ann"), await person("ben")];
    await h.database.db.updateTable("users").set({ follows_changelog: 1 }).where("id", "=", ben).execute();
    const post = await idea("CSV export", [ann]);

    const quiet = await call("POST", "/changelog", { title: "CSV export is here", type: "new", postIds: [post] });
    expect(quiet.followerCount).toBe(2);
    const published = await call("POST", `/changelog/${quiet.id}/publish`, { notify: false });
    expect([published.state, published.notify, published.notified]).toEqual(["published", false, 0]);
    expect(await mailed(mail("ann"))).toHaveLength(0);
    expect(await mailed(mail("ben"))).toHaveLength(0);

    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = await call("POST", "/changelog", { title: "Excel export", type: "new", postIds: [post] });
    const onHold = await call("POST", `/changelog/${scheduled.id}/publish`, { at: later, notify: false });
    expect([onHold.state, onHold.notify, onHold.notified]).toEqual(["scheduled", false, 0]);
    expect((await call("GET", `/changelog/${scheduled.id}`)).notify).toBe(false);
    const toldLater = await call("POST", "/changelog", { title: "PDF export", type: "new", postIds: [post] });
    expect((await call("POST", `/changelog/${toldLater.id}/publish`, { at: later })).notify).toBe(true);

    shiftClock(2 * 60 * 60_000);
    let [toAnn, toBen] = [[] as Awaited<ReturnType<typeof mailed>>, [] as Awaited<ReturnType<typeof mailed>>];
    try {
      expect(await publishDueEntries(h.services)).toBeGreaterThanOrEqual(2);
      [toAnn, toBen] = [await mailed(mail("ann")), await mailed(mail("ben"))];
    } finally {
      shiftClock(-2 * 60 * 60_000);
    }
    expect((await call("GET", `/changelog/${scheduled.id}`)).state).toBe("published");
    // Only the entry scheduled to tell did: one mail each.
    expect(toAnn.map((m) => m.subject)).toEqual(["“CSV export” is in: PDF export"]);
    expect(toBen.map((m) => m.subject)).toEqual(["New: PDF export"]);

    const now = await call("POST", "/changelog", { title: "JSON export", type: "new" });
    expect((await call("POST", `/changelog/${now.id}/publish`, {})).notified).toBe(1);
    expect(await mailed(mail("ben"))).toHaveLength(2);
    // Taken back and published again: it told once; nobody is told again, and it says so.
    await call("POST", `/changelog/${now.id}/unpublish`);
    expect((await call("GET", `/changelog/${now.id}`)).followerCount).toBe(0);
    expect((await call("POST", `/changelog/${now.id}/publish`, {})).notified).toBe(0);
    expect(await mailed(mail("ben"))).toHaveLength(2);
  });

  it("publishing an entry, then completing its posts, mails each follower once", async () => {
    const { ws, call, mail, person, idea, status } = await setUp();
    const [ann, ben, cat] = [await person("ann"), await person("ben"), await person("cat")];
    const dark = await idea("Dark mode", [ann, ben]);
    const themes = await idea("Custom themes", [ann]);
    const entry = await call("POST", "/changelog", {
      title: "Dark mode and themes",
      type: "new",
      body: `Switch to **dark mode** in Settings.\n\nThemes follow your system.\n\n## Details\n\nEverything else. ${"And more. ".repeat(40)}`,
      postIds: [dark, themes],
    });
    expect((await call("POST", `/changelog/${entry.id}/publish`, {})).notified).toBe(2);
    // Cat follows after the entry told: the completion is news to her.
    await call("POST", `/posts/${dark}/votes`, { userId: cat });

    const shipped = (await mailed(mail("ann")))[0]!;
    expect(shipped.subject).toBe("Ideas you follow are in: Dark mode and themes");
    expect(shipped.text).toContain("Dark mode");
    expect(shipped.text).toContain("Custom themes");
    expect(shipped.text).toContain(`${h.url}/p/${ws.slug}/changelog/${entry.id}`);
    expect(shipped.html).toContain("<strong>dark mode</strong>");
    expect(shipped.html).not.toContain("Everything else.");
    expect((await mailed(mail("ben")))[0]!.subject).toBe("“Dark mode” is in: Dark mode and themes");

    // The roadmap's drag and a bulk change: each completion told only to who was not told it shipped.
    expect((await call("POST", `/posts/${dark}/status`, { statusId: status("Complete") })).notified).toBe(1);
    const job = await call("POST", "/posts/bulk", { filters: { q: "themes" }, action: { kind: "status", statusId: status("Complete") } });
    expect(job.notified).toBe(0);
    while ((await runBulkJobBatch(h.services)) > 0);
    expect(await mailed(mail("ann"))).toHaveLength(1);
    expect(await mailed(mail("ben"))).toHaveLength(1);
    expect((await mailed(mail("cat"))).map((m) => m.subject)).toEqual(["“Dark mode” is now Complete"]);

    // Moved on and back with the team's words: that is news of its own.
    await call("POST", `/posts/${dark}/status`, { statusId: status("In progress"), notify: false });
    expect((await call("POST", `/posts/${dark}/status`, { statusId: status("Complete"), comment: { body: "Back, and fixed." } })).notified).toBe(3);
    expect(await mailed(mail("ann"))).toHaveLength(2);
  });
});
