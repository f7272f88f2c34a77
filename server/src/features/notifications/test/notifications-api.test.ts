import { describe, expect, it } from "vitest";
import { notificationPass } from "../index.js";
import { preferencesToken } from "../tokens.js";
import { createMailer } from "../../../platform/mail/mailer.js";
import { useHarness } from "../../../../test/support/harness.js";
import { signedIn as signedInAt } from "../../../../test/support/sessions.js";
import { startSmtp } from "../../../../test/support/smtp.js";

// Following and notifications through the API, the portal's routes and its pages, without mail
// (no SMTP_URL here: the dashboard's list still fills, and nothing waits for a mail server).
// notifications.test.ts sends the mail.

const h = useHarness({ publicUrlIsServed: true });
/** A signed-in member whose writes come from this server's own origin (PUBLIC_URL is the served address here). */
async function signedIn(...args: Parameters<typeof signedInAt>) {
  const session = await signedInAt(...args);
  return { ...session, headers: { ...session.headers, origin: h.url } };
}
const pass = () => notificationPass(h.services, { windowSeconds: 0, concurrency: 2, pollMs: 0 });

describe("following through the API", () => {
  it("lists, adds and removes an end user's follow, scoped like votes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Follow me" } })).body;
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "v", name: "Vera" } })).body;
    const other = (await h.call("POST", "/v1/users", { key, json: { externalId: "o", name: "Otto" } })).body;
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: voter.id } });

    const list = await h.call("GET", `/v1/posts/${post.id}/followers`, { key: await ws.key(["votes:read"]) });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: voter.id, type: "user", name: "Vera", reason: "voted", createdAt: expect.any(String) }]);

    const writer = await ws.key(["votes:write"]);
    const added = await h.call("POST", `/v1/posts/${post.id}/followers`, { key: writer, json: { userId: other.id } });
    expect([added.status, added.body.reason]).toEqual([201, "followed"]);
    expect((await h.call("POST", `/v1/posts/${post.id}/followers`, { key: writer, json: { userId: other.id } })).status).toBe(200);
    expect((await h.call("DELETE", `/v1/posts/${post.id}/followers/${other.id}`, { key: writer })).status).toBe(204);
    expect((await h.call("DELETE", `/v1/posts/${post.id}/followers/${other.id}`, { key: writer })).status).toBe(404);
    expect((await h.call("POST", `/v1/posts/${post.id}/followers`, { key: await ws.key(["votes:read"]), json: { userId: other.id } })).status).toBe(403);
    const ghost = await h.call("POST", `/v1/posts/${post.id}/followers`, { key: writer, json: { userId: "usr_0000000000000000000000000z" } });
    expect([ghost.status, ghost.body.errors?.[0]?.pointer]).toEqual([400, "/userId"]);
  });

  it("reads and sets an end user's choices, refusing what is not one", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "p", email: "p@example.com" } })).body;
    const path = `/v1/users/${user.id}/notification-preferences`;
    expect((await h.call("GET", path, { key: await ws.key(["users:read"]) })).body).toEqual({ email: "instant", changelog: false, locale: null });
    const set = await h.call("PATCH", path, { key: await ws.key(["users:write"]), json: { email: "weekly", locale: "pt-BR" } });
    expect(set.body).toEqual({ email: "weekly", changelog: false, locale: "pt-BR" });
    expect((await h.call("PATCH", path, { key, json: { email: "hourly" } })).status).toBe(400);
    expect((await h.call("PATCH", path, { key, json: { locale: "not a language" } })).status).toBe(400);
    expect((await h.call("PATCH", path, { key: await ws.key(["users:read"]), json: { email: "off" } })).status).toBe(403);
    expect((await h.call("GET", "/v1/users/usr_0000000000000000000000000z/notification-preferences", { key })).status).toBe(404);
    const audit = await h.call("GET", `/v1/audit-log?objectId=${user.id}`, { key });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toContain("user.notifications_changed");
  });
});

describe("a workspace's window and an end user's language", () => {
  it("keeps the language identify gives, and a workspace's own window over the server's", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const res = await h.call("POST", "/v1/identify", {
      headers: { "x-service-public-key": ws.publicKey },
      json: { userId: "lina", email: "lina@people.test", locale: "pt-BR", userHash: await ws.userHash("lina") },
    });
    expect(res.status).toBe(200);
    const prefs = await h.call("GET", `/v1/users/${res.body.user.id}/notification-preferences`, { key });
    expect(prefs.body.locale).toBe("pt-BR");
    const bad = await h.call("POST", "/v1/identify", {
      headers: { "x-service-public-key": ws.publicKey },
      json: { userId: "lina", locale: "Portuguese please", userHash: await ws.userHash("lina") },
    });
    expect([bad.status, bad.body.errors?.[0]?.pointer]).toEqual([400, "/locale"]);

    expect((await h.call("GET", "/v1/workspace", { key })).body.notificationWindowSeconds).toBeNull();
    const set = await h.call("PATCH", "/v1/workspace", { key, json: { notificationWindowSeconds: 600 } });
    expect(set.body.notificationWindowSeconds).toBe(600);
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { notificationWindowSeconds: 86_401 } })).status).toBe(400);

    // A status change now waits ten minutes for its mail, whatever the server's window (0 here).
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Slow news" } })).body;
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: res.body.user.id } });
    const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
    await h.call("POST", `/v1/posts/${post.id}/status`, { key, json: { statusId: planned.id } });
    // With mail on (a real SMTP server, though nothing is due to reach it).
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Heed <heed@heed.test>" });
    try {
      await notificationPass({ ...h.services, mailer }, { windowSeconds: 0, concurrency: 1, pollMs: 0 });
      const row = await h.database.db.selectFrom("notifications").select(["created_at", "due_at"]).where("post_id", "=", post.id).executeTakeFirstOrThrow();
      expect(Date.parse(row.due_at!) - Date.parse(row.created_at)).toBeGreaterThanOrEqual(599_000);
      expect(smtp.received).toEqual([]);
    } finally {
      mailer.close();
      await smtp.stop();
    }
  });
});

describe("a member's own notifications", () => {
  it("hears of new posts on a followed board, mentions and assignments, in the list with an unread count", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const mia = await signedIn(h, ws, "member");
    const assignable = await h.call("GET", "/v1/members/assignable", { key: await ws.key(["posts:read"]) });
    expect(assignable.body.data.map((m: { id: string }) => m.id)).toContain(mia.memberId);

    const boardId = await ws.boardId();
    const settings = await h.call("PATCH", "/v1/notifications/settings", { headers: mia.headers, json: { boards: [boardId] } });
    expect(settings.status).toBe(200);
    expect(settings.body.boards).toEqual([boardId]);
    expect(settings.body.mail).toEqual({ enabled: false });
    expect(settings.body.kinds.new_post).toEqual({ inApp: true, email: false });

    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Offline mode" } })).body;
    await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "@Mia can you look?", internal: true, mentions: [mia.memberId] } });
    await h.call("PATCH", `/v1/posts/${post.id}`, { key, json: { ownerId: mia.memberId } });
    await pass();

    const list = await h.call("GET", "/v1/notifications", { headers: mia.cookieOnly });
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(3);
    expect(list.body.data.map((n: { kind: string }) => n.kind)).toEqual(["assigned", "mentioned", "new_post"]);
    expect(list.body.data[1].excerpt).toBe("@Mia can you look?");
    expect(list.body.data[2].title).toMatch(/^New idea on .+: “Offline mode”$/);

    // A key writing a comment for Mia: she made it, so she hears nothing of it.
    await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "Written for Mia by a key", authorId: mia.memberId } });
    await pass();
    expect((await h.call("GET", "/v1/notifications", { headers: mia.cookieOnly })).body.unread).toBe(3);

    const first = list.body.data[0].id;
    expect((await h.call("POST", "/v1/notifications/read", { headers: mia.headers, json: { ids: [first] } })).body).toEqual({ unread: 2 });
    expect((await h.call("GET", "/v1/notifications?unread=true", { headers: mia.cookieOnly })).body.data).toHaveLength(2);
    expect((await h.call("POST", "/v1/notifications/read", { headers: mia.headers, json: { all: true } })).body).toEqual({ unread: 0 });
    expect((await h.call("POST", "/v1/notifications/read", { headers: mia.headers, json: {} })).status).toBe(400);

    // Another workspace's board is not one to follow; a mention of someone not on the team is refused.
    const theirs = await (await h.workspace()).boardId();
    const refused = await h.call("PATCH", "/v1/notifications/settings", { headers: mia.headers, json: { boards: [theirs] } });
    expect([refused.status, refused.body.errors?.[0]?.pointer]).toEqual([400, "/boards/0"]);
    const stranger = await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "hi", mentions: ["mem_0000000000000000000000000z"] } });
    expect([stranger.status, stranger.body.errors?.[0]?.pointer]).toEqual([400, "/mentions/0"]);

    // Who was told what about the post: the member, in the dashboard only (no mail server here).
    const told = await h.call("GET", `/v1/posts/${post.id}/notifications`, { key: await ws.key(["posts:read"]) });
    expect(told.body.data.map((n: { kind: string; mail: string }) => [n.kind, n.mail])).toEqual([
      ["assigned", "mail_off"],
      ["mentioned", "mail_off"],
      ["new_post", "not_mailed"],
    ]);
  });

  it("is a member's alone: another member sees none of it", async () => {
    const ws = await h.workspace();
    const [mia, max] = [await signedIn(h, ws, "member"), await signedIn(h, ws, "member")];
    const post = (await h.call("POST", "/v1/posts", { key: await ws.key(), json: { boardId: await ws.boardId(), title: "Mine" } })).body;
    await h.call("PATCH", `/v1/posts/${post.id}`, { key: await ws.key(), json: { ownerId: mia.memberId } });
    await pass();
    expect((await h.call("GET", "/v1/notifications", { headers: mia.cookieOnly })).body.unread).toBe(1);
    const theirs = await h.call("GET", "/v1/notifications", { headers: max.cookieOnly });
    expect([theirs.body.unread, theirs.body.data]).toEqual([0, []]);
    const id = (await h.call("GET", "/v1/notifications", { headers: mia.cookieOnly })).body.data[0].id;
    await h.call("POST", "/v1/notifications/read", { headers: max.headers, json: { ids: [id] } });
    expect((await h.call("GET", "/v1/notifications", { headers: mia.cookieOnly })).body.unread).toBe(1);
  });
});

describe("following from the portal", () => {
  it("follows and unfollows a public post through /v1/portal, never a private one", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const { userId, token } = await ws.identify();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Public" } })).body;
    const hidden = (await h.call("POST", "/v1/boards", { key, json: { name: "Hidden", visibility: "private" } })).body;
    const secret = (await h.call("POST", "/v1/posts", { key, json: { boardId: hidden.id, title: "Secret" } })).body;
    const headers = ws.customer(token);
    expect((await h.call("POST", `/v1/portal/posts/${post.id}/follow`, { headers })).body).toEqual({ following: true });
    const followers = await h.call("GET", `/v1/posts/${post.id}/followers`, { key });
    expect(followers.body.data.map((f: { id: string }) => f.id)).toEqual([userId]);
    expect((await h.call("DELETE", `/v1/portal/posts/${post.id}/follow`, { headers })).body).toEqual({ following: false });
    expect((await h.call("GET", `/v1/posts/${post.id}/followers`, { key })).body.data).toEqual([]);
    expect((await h.call("POST", `/v1/portal/posts/${secret.id}/follow`, { headers })).status).toBe(404);
    expect((await h.call("POST", `/v1/portal/posts/${post.id}/follow`, { headers: ws.customer() })).status).toBe(401);

    const prefs = await h.call("PATCH", "/v1/portal/me/notification-preferences", { headers, json: { changelog: true } });
    expect(prefs.body).toEqual({ email: "instant", changelog: true, locale: null });
    expect((await h.call("GET", "/v1/portal/me/notification-preferences", { headers })).body.changelog).toBe(true);
  });

  it("opens a mail's preferences page with its token alone, and a GET of the unsubscribe link changes nothing", async () => {
    const ws = await h.workspace();
    const { userId } = await ws.identify();
    const token = preferencesToken(h.services.notificationSecret, { workspaceId: ws.id, recipientId: userId });
    const key = await ws.key();
    const idea = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Followed idea" } })).body;
    await h.call("POST", `/v1/posts/${idea.id}/followers`, { key, json: { userId } });
    const page = await fetch(`${h.url}/p/${ws.slug}/notifications?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="instant" checked');
    expect(html).toContain("Followed idea");

    // A followed idea merged into another leaves the list: what happens next happens there.
    const duplicate = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Merged away idea" } })).body;
    await h.call("POST", `/v1/posts/${duplicate.id}/followers`, { key, json: { userId } });
    expect(await (await fetch(`${h.url}/p/${ws.slug}/notifications?token=${token}`)).text()).toContain("Merged away idea");
    expect((await h.call("POST", `/v1/posts/${duplicate.id}/merge`, { key, json: { into: idea.id } })).status).toBe(200);
    expect(await (await fetch(`${h.url}/p/${ws.slug}/notifications?token=${token}`)).text()).not.toContain("Merged away idea");

    // One idea unfollowed from the page, with the token alone.
    const unfollowed = await fetch(`${h.url}/p/${ws.slug}/notifications/unfollow?token=${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `postId=${idea.id}`,
    });
    expect(unfollowed.status).toBe(303);
    expect((await h.call("GET", `/v1/posts/${idea.id}/followers`, { key })).body.data).toEqual([]);

    const saved = await fetch(`${h.url}/p/${ws.slug}/notifications?token=${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=daily&changelog=1",
    });
    expect(saved.status).toBe(303);
    const row = () => h.database.db.selectFrom("users").select(["email_notifications", "follows_changelog"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ email_notifications: "daily", follows_changelog: 1 });

    // A mail scanner opening the link unsubscribes nobody: the page asks for a click.
    const opened = await fetch(`${h.url}/p/${ws.slug}/unsubscribe?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<button type="submit">Unsubscribe</button>');
    expect((await row()).email_notifications).toBe("daily");

    // The token works in its own workspace only.
    const other = await h.workspace();
    expect((await fetch(`${h.url}/p/${other.slug}/notifications?token=${token}`)).status).toBe(400);
    expect((await fetch(`${h.url}/p/${other.slug}/unsubscribe?token=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(400);
    expect((await row()).email_notifications).toBe("daily");
  });
});
