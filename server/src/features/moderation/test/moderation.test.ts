import { describe, expect, it } from "vitest";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { followOnce } from "../../../platform/changes/follow.js";
import { duplicatesFollower } from "../../posts/index.js";
import { notificationsFollower } from "../../notifications/index.js";

// Moderation, on both databases: under the workspace's `moderation`, what end users post and
// comment through the portal waits for the team; nothing is announced of it (no event, no
// notification, no duplicate check) until it is approved, and then exactly once. Simple spam
// signals mark what looks like spam in every mode and decide what waits under `likely_spam`.

// One proxy hop is trusted, so each end user can speak from an address of their own.
const h = useHarness({ trustProxyHops: 1 });

async function world(ws: TestWorkspace, moderation?: "off" | "likely_spam" | "all") {
  const key = await ws.key();
  const boardId = await ws.boardId();
  if (moderation) expect((await h.call("PATCH", "/v1/workspace", { key, json: { moderation } })).status).toBe(200);
  const ann = await ws.identify("ann");
  // Each end user writes from their own address, so a burst is one person's, not the test's.
  const addresses = new Map<string, string>();
  const from = (token: string) => {
    if (!addresses.has(token)) addresses.set(token, `10.0.0.${addresses.size + 1}`);
    return { ...ws.customer(token), "x-forwarded-for": addresses.get(token)! };
  };
  const submit = async (title: string, body = "", token = ann.token) => {
    const res = await h.call("POST", "/v1/portal/posts", { headers: from(token), json: { boardId, title, body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; heldForApproval: boolean };
  };
  const commentOn = async (postId: string, body: string, token = ann.token) => {
    const res = await h.call("POST", `/v1/portal/posts/${postId}/comments`, { headers: from(token), json: { body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; heldForApproval: boolean };
  };
  const listed = async (query = "") => ((await h.call("GET", `/v1/posts?limit=100&${query}`, { key })).body.data as { id: string }[]).map((p) => p.id);
  const get = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key })).body;
  const decide = (kind: "posts" | "comments", ids: string[], decision: "approve" | "reject") =>
    h.call("POST", `/v1/${kind}/moderate`, { key, json: { ids, decision } });
  /** Rows about `objectId` in a table that names it: what was announced of it. */
  const about = async (table: "notification_events" | "audit_log" | "duplicate_checks", objectId: string) => {
    const db = h.database.db;
    // Posts are queued for their check as the duplicate checks' follower reads the outbox.
    if (table === "duplicate_checks") while ((await followOnce(h.services, duplicatesFollower)) > 0);
    if (table === "duplicate_checks") return (await db.selectFrom("duplicate_checks").select("post_id").where("post_id", "=", objectId).execute()).length;
    // What a change tells is written as the notifications' follower reads the outbox.
    if (table === "notification_events") while ((await followOnce(h.services, notificationsFollower)) > 0);
    if (table === "notification_events") return (await db.selectFrom("notification_events").select("id").where("post_id", "=", objectId).execute()).length;
    return (await db.selectFrom("audit_log").select("action").where("object_id", "=", objectId).orderBy("id").execute()).map((r) => r.action);
  };
  const events = async (type: string, id: string) =>
    (await h.database.db.selectFrom("outbox").select("data").where("workspace_id", "=", ws.id).where("type", "=", type).execute()).filter((r) =>
      r.data.includes(`"id":"${id}"`),
    ).length;
  return { key, boardId, ann, submit, commentOn, listed, get, decide, about, events };
}

describe("moderation", () => {
  it("is off by default: an end user's post appears and is announced at once", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    expect((await h.call("GET", "/v1/workspace", { key: w.key })).body.moderation).toBe("off");
    const post = await w.submit("Dark mode for the mobile app");
    expect(post.heldForApproval).toBe(false);
    expect(await w.listed()).toContain(post.id);
    expect(await w.events("post.created", post.id)).toBe(1);
  });

  it("holds every end user's post under `all` until the team approves it, then announces it once", async () => {
    const ws = await h.workspace();
    const w = await world(ws, "all");
    const post = await w.submit("Export every report to CSV", "Weekly, please.");
    expect(post.heldForApproval).toBe(true);
    // The team's own posts never wait.
    const team = await h.call("POST", "/v1/posts", { key: w.key, json: { boardId: w.boardId, title: "Written by the team" } });
    expect(team.body.heldForApproval).toBe(false);

    // Waiting: on no list but the Held view, nowhere on the portal, nothing announced.
    expect(await w.listed()).not.toContain(post.id);
    expect(await w.listed("held=true")).toEqual([post.id]);
    expect(await w.listed("held=true&q=csv")).toEqual([post.id]);
    const held = await w.get(post.id);
    expect(held).toMatchObject({ heldForApproval: true, spamSignals: [], heldComments: 0 });
    // Its look-alikes help the team decide on it: a read, so it answers.
    expect((await h.call("GET", `/v1/posts/${post.id}/similar`, { key: w.key })).status).toBe(200);
    const counts = (await h.call("GET", "/v1/posts/status-counts", { key: w.key })).body.data as { count: number }[];
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(1);
    const portal = ws.customer(w.ann.token);
    expect((await h.call("GET", `/v1/portal/posts/${post.id}`, { headers: portal })).status).toBe(404);
    expect(((await h.call("GET", "/v1/portal/posts?q=csv+report", { headers: portal })).body.data as unknown[]).length).toBe(0);
    expect((await h.call("POST", `/v1/portal/posts/${post.id}/votes`, { headers: portal })).status).toBe(404);
    expect(await w.events("post.created", post.id)).toBe(0);
    expect(await w.about("notification_events", post.id)).toBe(0);
    expect(await w.about("duplicate_checks", post.id)).toBe(0);
    expect(await w.about("audit_log", post.id)).toEqual(["post.held"]);
    // Nothing the team does to it can announce it early: it is not there for change yet.
    expect((await h.call("PATCH", `/v1/posts/${post.id}`, { key: w.key, json: { title: "Retitled" } })).status).toBe(404);
    expect((await h.call("POST", `/v1/posts/${post.id}/comments`, { key: w.key, json: { body: "Hi" } })).status).toBe(404);
    expect((await h.call("POST", `/v1/posts/${post.id}/votes`, { key: w.key, json: { userId: w.ann.userId } })).status).toBe(404);

    const approved = await w.decide("posts", [post.id], "approve");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ decided: 1 });
    expect(await w.listed()).toContain(post.id);
    expect((await w.get(post.id)).heldForApproval).toBe(false);
    expect((await w.get(post.id)).seenAt).toEqual(expect.any(String));
    expect((await h.call("GET", `/v1/portal/posts/${post.id}`, { headers: portal })).status).toBe(200);
    expect(await w.events("post.created", post.id)).toBe(1);
    expect(await w.about("notification_events", post.id)).toBe(1);
    expect(await w.about("duplicate_checks", post.id)).toBe(1);
    // Approved, it gets its author's own vote (the workspace's authorVotes).
    expect(await w.about("audit_log", post.id)).toEqual(["post.held", "post.approved", "vote.created"]);

    // Two members approving at the same moment: one decides it, and it is announced once.
    const raced = await w.submit("Raced approval");
    const answers = await Promise.all([w.decide("posts", [raced.id], "approve"), w.decide("posts", [raced.id], "approve")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.reduce((n, a) => n + a.body.decided, 0)).toBe(1);
    expect(await w.events("post.created", raced.id)).toBe(1);

    // Again: nothing to do, and nothing announced twice. Rejecting it now is a delete's job.
    expect((await w.decide("posts", [post.id], "approve")).body).toEqual({ decided: 0 });
    expect(await w.events("post.created", post.id)).toBe(1);
    expect((await w.decide("posts", [post.id], "reject")).status).toBe(409);
  });

  it("rejects a held post without a word to anyone; a restore puts it back in the queue", async () => {
    const ws = await h.workspace();
    const w = await world(ws, "all");
    const [spam, fine] = [await w.submit("Cheap watches here"), await w.submit("Keyboard shortcuts")];
    // All or none: an unknown id refuses the whole request, at its place.
    const unknown = await w.decide("posts", [spam.id, "post_01aaaaaaaaaaaaaaaaaaaaaaaa"], "reject");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ pointer: "/ids/1", code: "unknown_reference" });
    expect(await w.listed("held=true")).toHaveLength(2);

    expect((await w.decide("posts", [spam.id], "reject")).body).toEqual({ decided: 1 });
    expect(await w.listed("held=true")).toEqual([fine.id]);
    expect((await h.call("GET", `/v1/posts/${spam.id}`, { key: w.key })).status).toBe(404);
    expect(await w.about("audit_log", spam.id)).toEqual(["post.held", "post.rejected"]);
    expect(await w.events("post.deleted", spam.id)).toBe(0);
    expect((await w.decide("posts", [spam.id], "approve")).status).toBe(409);

    const restored = await h.call("POST", `/v1/posts/${spam.id}/restore`, { key: w.key });
    expect(restored.status).toBe(200);
    expect(restored.body.heldForApproval).toBe(true);
    expect(await w.listed("held=true")).toEqual(expect.arrayContaining([spam.id, fine.id]));
    expect(await w.events("post.updated", spam.id)).toBe(0);

    // Another workspace's held post is unknown here.
    const other = await world(await h.workspace(), "all");
    const foreign = await other.submit("Someone else's idea");
    const refused = await w.decide("posts", [foreign.id], "approve");
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ pointer: "/ids/0", code: "unknown_reference" });
    expect((await other.get(foreign.id)).heldForApproval).toBe(true);
  });

  it("holds end users' comments: uncounted and off the portal until approved, then counted and announced once", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const post = await w.submit("Calendar sync");
    await h.call("PATCH", "/v1/workspace", { key: w.key, json: { moderation: "all" } });
    const held = await w.commentOn(post.id, "We would use this every day.");
    const other = await w.commentOn(post.id, "Buy followers at example dot com");
    expect(held.heldForApproval).toBe(true);
    expect("spamSignals" in held).toBe(false);
    const portal = ws.customer(w.ann.token);
    expect(((await h.call("GET", `/v1/portal/posts/${post.id}/comments`, { headers: portal })).body.data as unknown[]).length).toBe(0);
    expect((await w.get(post.id)).commentCount).toBe(0);
    expect((await w.get(post.id)).heldComments).toBe(2);
    expect(await w.listed("held=true")).toEqual([post.id]);
    const team = (await h.call("GET", `/v1/posts/${post.id}/comments`, { key: w.key })).body.data as { id: string; heldForApproval: boolean }[];
    expect(team.map((c) => [c.id, c.heldForApproval])).toEqual([
      [held.id, true],
      [other.id, true],
    ]);
    // Not there for change or reply until decided.
    expect((await h.call("PATCH", `/v1/comments/${held.id}`, { key: w.key, json: { body: "Edited" } })).status).toBe(404);
    expect((await h.call("POST", `/v1/posts/${post.id}/comments`, { key: w.key, json: { body: "Reply", parentId: held.id } })).status).toBe(400);
    expect(await w.events("comment.created", held.id)).toBe(0);

    expect((await w.decide("comments", [held.id], "approve")).body).toEqual({ decided: 1 });
    expect((await w.decide("comments", [other.id], "reject")).body).toEqual({ decided: 1 });
    expect((await w.get(post.id)).commentCount).toBe(1);
    expect((await w.get(post.id)).heldComments).toBe(0);
    expect(await w.listed("held=true")).toEqual([]);
    expect(((await h.call("GET", `/v1/portal/posts/${post.id}/comments`, { headers: portal })).body.data as { id: string }[]).map((c) => c.id)).toEqual([
      held.id,
    ]);
    expect(await w.events("comment.created", held.id)).toBe(1);
    expect(await w.events("comment.created", other.id)).toBe(0);
    expect(await w.about("audit_log", held.id)).toEqual(["comment.held", "comment.approved"]);
    expect((await w.decide("comments", [held.id], "reject")).status).toBe(409);
  });

  it("keeps a held comment out of counts and events through a merge and a parent made internal; a held post cannot be followed", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const [kept, duplicate] = [await w.submit("Calendar sync"), await w.submit("Sync my calendar")];
    const parent = await w.commentOn(duplicate.id, "Outlook, please.");
    await h.call("PATCH", "/v1/workspace", { key: w.key, json: { moderation: "all" } });
    const reply = await h.call("POST", `/v1/portal/posts/${duplicate.id}/comments`, {
      headers: { ...ws.customer(w.ann.token), "x-forwarded-for": "10.0.0.9" },
      json: { body: "And Google too.", parentId: parent.id },
    });
    expect(reply.body.heldForApproval).toBe(true);
    expect((await w.get(duplicate.id)).commentCount).toBe(1);

    // Its parent made internal: the reply goes with it, uncounted and unannounced.
    expect((await h.call("PATCH", `/v1/comments/${parent.id}`, { key: w.key, json: { internal: true } })).status).toBe(200);
    expect((await w.get(duplicate.id)).commentCount).toBe(0);
    expect(await w.events("comment.updated", reply.body.id)).toBe(0);

    // Merged, the counts recounted leave it out until it is approved.
    expect((await h.call("POST", `/v1/posts/${duplicate.id}/merge`, { key: w.key, json: { into: kept.id } })).status).toBe(200);
    expect((await w.get(kept.id)).commentCount).toBe(0);

    // A held post is not there to follow, for its author or for the team.
    const held = await w.submit("Held idea");
    expect((await h.call("POST", `/v1/portal/posts/${held.id}/follow`, { headers: ws.customer(w.ann.token) })).status).toBe(404);
    expect((await h.call("POST", `/v1/posts/${held.id}/followers`, { key: w.key, json: { userId: w.ann.userId } })).status).toBe(404);
  });

  it("marks likely spam in every mode and holds it under `likely_spam`: many links, repeated text, a burst", async () => {
    const ws = await h.workspace();
    const w = await world(ws, "off");
    const links = "See https://a.example, https://b.example and www.c.example for more.";
    const marked = await w.submit("Great deals", links);
    expect(marked.heldForApproval).toBe(false);
    expect((await w.get(marked.id)).spamSignals).toEqual(["many_links"]);

    await h.call("PATCH", "/v1/workspace", { key: w.key, json: { moderation: "likely_spam" } });
    const clean = await w.submit("Two-factor sign-in", "One link is fine: https://example.com");
    expect(clean.heldForApproval).toBe(false);
    const spam = await w.submit("Great deals again", links);
    expect(spam.heldForApproval).toBe(true);

    // The same long text from someone else within a day; short agreement ("+1") is never repeated text.
    const bea = await ws.identify("bea");
    const pitch = "Our agency ranks your product first on every search engine, guaranteed.";
    const first = await w.commentOn(clean.id, pitch);
    const again = await w.commentOn(clean.id, pitch, bea.token);
    expect(first.heldForApproval).toBe(false);
    expect(again.heldForApproval).toBe(true);
    const agreeing = [await w.commentOn(clean.id, "+1", bea.token), await w.commentOn(clean.id, "+1", bea.token)];
    expect(agreeing.map((c) => c.heldForApproval)).toEqual([false, false]);
    const comments = (await h.call("GET", `/v1/posts/${clean.id}/comments`, { key: w.key })).body.data as { id: string; spamSignals: string[] }[];
    expect(comments.find((c) => c.id === again.id)!.spamSignals).toEqual(["repeated_text"]);

    // A burst: more than 5 submissions from one end user in 15 minutes (bea has 3 so far).
    const more = [await w.commentOn(clean.id, "Me too", bea.token), await w.commentOn(clean.id, "Same here", bea.token)];
    expect(more.map((c) => c.heldForApproval)).toEqual([false, false]);
    const sixth = await w.commentOn(clean.id, "And again", bea.token);
    expect(sixth.heldForApproval).toBe(true);
    const burst = (await h.call("GET", `/v1/posts/${clean.id}/comments`, { key: w.key })).body.data as { id: string; spamSignals: string[] }[];
    expect(burst.find((c) => c.id === sixth.id)!.spamSignals).toEqual(["burst"]);
  });

  it("refuses what is malformed or out of reach", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    for (const json of [{ ids: [], decision: "approve" }, { ids: ["post_x"], decision: "approve" }, { ids: ["x"], decision: "maybe" }, {}]) {
      expect((await h.call("POST", "/v1/posts/moderate", { key: w.key, json })).status).toBe(400);
    }
    expect((await h.call("PATCH", "/v1/workspace", { key: w.key, json: { moderation: "sometimes" } })).status).toBe(400);
    const reader = await ws.key(["posts:read", "comments:read"]);
    const post = await w.submit("Anything");
    expect((await h.call("POST", "/v1/posts/moderate", { key: reader, json: { ids: [post.id], decision: "approve" } })).status).toBe(403);
    expect(
      (await h.call("POST", "/v1/comments/moderate", { key: reader, json: { ids: ["cmt_01aaaaaaaaaaaaaaaaaaaaaaaa"], decision: "approve" } })).status,
    ).toBe(403);
  });
});
