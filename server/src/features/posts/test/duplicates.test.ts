import { describe, expect, it } from "vitest";
import { duplicateCheckPass } from "../index.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// Duplicates found for the team, on both databases: a new post whose title says what an earlier
// open post's says is marked "possible duplicate of" a moment later (the background check, run here
// by hand); the team merges it or dismisses the suggestion, which then stays dismissed.

const h = useHarness();

async function world(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const post = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const get = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key })).body;
  const flagged = async () => (await h.call("GET", "/v1/posts?possibleDuplicate=true", { key })).body.data.map((p: { id: string }) => p.id) as string[];
  const check = () => duplicateCheckPass(h.services);
  return { key, boardId, post, get, flagged, check };
}

describe("possible duplicates", () => {
  it("marks a new post that repeats an earlier open one, and lists it under possibleDuplicate=true", async () => {
    const ws = await h.workspace();
    const { post, get, flagged, check, key } = await world(ws);
    const earlier = await post("Dark mode in the iOS app");
    await post("Export to CSV");
    const later = await post("iOS app dark mode");
    // Read (and kept) before the check: the check must make the kept answer anew.
    expect((await get(later)).possibleDuplicateOf).toBeNull();
    await check();

    expect((await get(later)).possibleDuplicateOf).toEqual({ id: earlier, title: "Dark mode in the iOS app", similarity: expect.any(Number) });
    expect((await get(later)).possibleDuplicateOf.similarity).toBeGreaterThanOrEqual(0.6);
    // The earlier post is not the duplicate of the later one.
    expect((await get(earlier)).possibleDuplicateOf).toBeNull();
    expect(await flagged()).toEqual([later]);
    const listed = (await h.call("GET", "/v1/posts", { key })).body.data.find((p: { id: string }) => p.id === later);
    expect(listed.possibleDuplicateOf.id).toBe(earlier);
  });

  it("suggests only open, alike posts of the same workspace", async () => {
    const ws = await h.workspace();
    const { post, get, check } = await world(ws);
    const other = await world(await h.workspace());
    await other.post("Calendar sync with Outlook");
    const statuses = await h.database.db.selectFrom("statuses").select(["id", "category"]).where("workspace_id", "=", ws.id).execute();
    const complete = statuses.find((s) => s.category === "complete")!.id;
    await post("Slack notifications for admins", { statusId: complete });
    await post("Roadmap voting for customers");
    const calendar = await post("Calendar sync with Outlook");
    const slack = await post("Slack notifications for admins");
    const unlike = await post("Roadmap export to PDF");
    await check();
    expect((await get(calendar)).possibleDuplicateOf).toBeNull();
    expect((await get(slack)).possibleDuplicateOf).toBeNull();
    expect((await get(unlike)).possibleDuplicateOf).toBeNull();
  });

  it("keeps a dismissed suggestion dismissed, offers the next one, and audits it", async () => {
    const ws = await h.workspace();
    const { post, get, check, key, flagged } = await world(ws);
    const first = await post("Keyboard shortcuts in the editor");
    const second = await post("Keyboard shortcuts for the editor");
    const later = await post("Editor keyboard shortcuts");
    await check();
    const suggested = (await get(later)).possibleDuplicateOf.id as string;
    expect([first, second]).toContain(suggested);

    const dismissed = await h.call("POST", `/v1/posts/${later}/dismiss-duplicate`, { key, json: { duplicateOfId: suggested } });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    const next = suggested === first ? second : first;
    expect(dismissed.body.possibleDuplicateOf.id).toBe(next);
    expect((await h.call("POST", `/v1/posts/${later}/dismiss-duplicate`, { key, json: { duplicateOfId: next } })).body.possibleDuplicateOf).toBeNull();
    expect(await flagged()).toEqual([second]);

    // Retitled and checked again: what was dismissed is not offered again.
    await h.call("PATCH", `/v1/posts/${later}`, { key, json: { title: "Keyboard shortcuts in the editor, please" } });
    await check();
    expect((await get(later)).possibleDuplicateOf).toBeNull();
    // Again: nothing changes, still 200.
    expect((await h.call("POST", `/v1/posts/${later}/dismiss-duplicate`, { key, json: { duplicateOfId: next } })).status).toBe(200);
    expect((await h.call("POST", `/v1/posts/${later}/dismiss-duplicate`, { key, json: { duplicateOfId: later } })).status).toBe(404);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "post.duplicate_dismissed")
      .execute();
    expect(audit.map((a) => JSON.parse(a.data).duplicateOfId).sort()).toEqual([first, second].sort());
  });

  it("stops suggesting a post once it is merged, and a merge takes one click from the suggestion", async () => {
    const ws = await h.workspace();
    const { post, get, check, key } = await world(ws);
    const earlier = await post("Two factor login with an authenticator app");
    const later = await post("Authenticator app two factor login");
    await check();
    const { id } = (await get(later)).possibleDuplicateOf;
    const merged = await h.call("POST", `/v1/posts/${later}/merge`, { key, json: { into: id } });
    expect(merged.status).toBe(200);
    expect(merged.body.into.id).toBe(earlier);

    const third = await post("Two factor login with an authenticator");
    const fourth = await post("Two factor login with authenticator apps");
    await check();
    expect((await get(fourth)).possibleDuplicateOf?.id).toBeDefined();
    await h.call("POST", `/v1/posts/${third}/merge`, { key, json: { into: earlier } });
    expect((await get(fourth)).possibleDuplicateOf?.id).not.toBe(third);
  });

  it("never shows the team's triage on the portal (suggestions, seen, activity), nor lets it filter by it", async () => {
    const ws = await h.workspace();
    const { post, check } = await world(ws);
    await post("Offline mode for the mobile app");
    const { token } = await ws.identify("reader");
    const submitted = await h.call("POST", "/v1/portal/posts", {
      headers: ws.customer(token),
      json: { boardId: await ws.boardId(), title: "Mobile app offline mode" },
    });
    expect(submitted.status).toBe(201);
    await check();
    const portal = await h.call("GET", "/v1/portal/posts?possibleDuplicate=true&seen=false&unanswered=true&ownerId=me", { headers: ws.customer(token) });
    expect(portal.status).toBe(200);
    expect(portal.body.data).toHaveLength(2);
    const one = await h.call("GET", `/v1/portal/posts/${submitted.body.id}`, { headers: ws.customer(token) });
    for (const answer of [submitted.body, portal.body, one.body]) {
      for (const field of ["possibleDuplicate", "seenAt", "lastActivityAt", "ownerId", "revenue"]) expect(JSON.stringify(answer)).not.toContain(field);
    }
  });
});
