import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCanny } from "../../../cli/import.js";
import type { Ctx } from "../../../platform/context.js";
import { cannyWorkspace, type FakeCanny, startFakeCanny } from "../../../../test/support/canny.js";
import { useHarness } from "../../../../test/support/harness.js";
import { importWorkspace, undoNow } from "../../../../test/support/imports.js";

// Importing from Canny through its API, against a local server that speaks Canny's wire format
// (paging, its key in the body, its error answers, a rate limit): a workspace of 2,000 posts and
// 20,000 votes lands, lands again with no change, and is undone.

const h = useHarness();

const undo = (ctx: Ctx, id: string) => undoNow(h, ctx, id);
let canny: FakeCanny;
const KEY = "canny-secret-key";

beforeAll(async () => {
  canny = await startFakeCanny(cannyWorkspace({ posts: 2_000, votes: 20_000, users: 800 }), KEY);
});
afterAll(() => canny.close());

const workspace = () => importWorkspace(h);

describe("imports from Canny", () => {
  it("imports a whole Canny account, again with no change, and undoes it", async () => {
    const { ws, ctx, count } = await workspace();
    const { data } = canny;
    const merged = data.posts.filter((p) => p.mergeHistory).length;
    const pairs = new Set(data.votes.map((v) => `${(v.post as { id: string }).id}/${(v.voter as { id: string }).id}`));
    const statusComments = data.statusChanges.filter((s) => s.changeComment).length;
    const outbox = await count("outbox");
    // Canny is busy for a moment twice: the importer waits and asks again.
    canny.failOnce("/api/v1/votes/list", 429);
    canny.failOnce("/api/v1/comments/list", 500);

    const dry = await importCanny(ctx, { apiKey: KEY, baseUrl: canny.url, dryRun: true });
    expect(dry.state, dry.error ?? "").toBe("done");
    expect(await count("posts")).toBe(0);

    const done = await importCanny(ctx, { apiKey: KEY, baseUrl: canny.url, dryRun: false });
    expect(done.state, done.error ?? "").toBe("done");
    expect(done.report.kinds).toEqual(dry.report.kinds);
    expect(done.report.kinds).toMatchObject({
      companies: { created: 20, skipped: 0 },
      users: { created: 800, skipped: 0 },
      posts: { created: 2_000 + merged, skipped: 0 },
      votes: { created: pairs.size },
      comments: { created: data.comments.length + statusComments, skipped: 0 },
      changelog: { created: data.entries.length, skipped: 0 },
    });
    expect(await count("posts")).toBe(2_000 + merged);
    expect(await count("companies")).toBe(20);
    expect(await count("outbox")).toBe(outbox);
    // posts/list was asked for every status: Canny answers only the open ones otherwise.
    expect(canny.calls.find((c) => c.path === "/api/v1/posts/list")?.body.status).toBe("open,under review,planned,in progress,complete,closed");
    expect(canny.calls.filter((c) => c.path === "/api/v1/votes/list" && c.body.skip === 0)).toHaveLength(3);

    const db = h.services.db;
    const post = (title: string) => db.selectFrom("posts").selectAll().where("workspace_id", "=", ws.id).where("title", "=", title).executeTakeFirstOrThrow();
    const canonical = await post("Idea number 0: dark mode");
    expect((await post("Duplicate of idea 0")).merged_into_id).toBe(canonical.id);
    const first = data.posts[0]!;
    const votesOnFirst = data.votes.filter((v) => (v.post as { id: string }).id === first.id).length;
    expect(Number(canonical.vote_count)).toBe(votesOnFirst);
    const internal = await post("Idea number 9: webhooks");
    const board = await db.selectFrom("boards").select(["name", "visibility"]).where("id", "=", internal.board_id).executeTakeFirstOrThrow();
    expect(board).toEqual({ name: "Internal", visibility: "private" });
    const status = await db
      .selectFrom("statuses")
      .select("name")
      .where("id", "=", (await post("Idea number 4: webhooks")).status_id)
      .executeTakeFirstOrThrow();
    expect(status.name.toLowerCase()).toBe("complete");
    const person = await db
      .selectFrom("users")
      .select(["external_id", "email", "company_id"])
      .where("workspace_id", "=", ws.id)
      .where("email", "=", "person0@example.com")
      .executeTakeFirstOrThrow();
    expect(person.external_id).toBe("app-user-0");
    expect(person.company_id).not.toBeNull();
    const anonymous = await db
      .selectFrom("users")
      .select("external_id")
      .where("workspace_id", "=", ws.id)
      .where("name", "=", "Person 4")
      .executeTakeFirstOrThrow();
    expect(anonymous.external_id).toMatch(/^canny:/);
    const replies = await db
      .selectFrom("comments")
      .select("parent_id")
      .where("workspace_id", "=", ws.id)
      .where("body", "like", "A reply to comment%")
      .execute();
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((r) => r.parent_id !== null)).toBe(true);
    const notes = await db
      .selectFrom("comments")
      .select("internal")
      .where("workspace_id", "=", ws.id)
      .where("body", "=", "Comment 0")
      .executeTakeFirstOrThrow();
    expect(notes.internal).toBe(1);
    expect(await db.selectFrom("comments").select("id").where("workspace_id", "=", ws.id).where("body", "=", "Now complete").executeTakeFirst()).toBeDefined();

    // Changelog entries with the posts they announced; a draft stays a draft and tells nobody.
    const release = await db
      .selectFrom("changelog_entries")
      .selectAll()
      .where("workspace_id", "=", ws.id)
      .where("title", "=", "Release 1")
      .executeTakeFirstOrThrow();
    expect(release).toMatchObject({ state: "published", type: "new", published_at: "2022-08-24T00:00:00.000Z" });
    const announced = await db.selectFrom("changelog_entry_posts").select("post_id").where("entry_id", "=", release.id).execute();
    expect(announced).toHaveLength(3);
    expect(
      (await db.selectFrom("changelog_entries").select("state").where("workspace_id", "=", ws.id).where("title", "=", "Release 4").executeTakeFirstOrThrow())
        .state,
    ).toBe("draft");

    const again = await importCanny(ctx, { apiKey: KEY, baseUrl: canny.url, dryRun: false });
    expect(Object.values(again.report.kinds).map((k) => k.created + k.updated)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await count("votes")).toBe(pairs.size);

    await undo(ctx, again.id);
    await undo(ctx, done.id);
    expect([
      await count("posts"),
      await count("votes"),
      await count("users"),
      await count("comments"),
      await count("companies"),
      await count("changelog_entries"),
    ]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("reports Canny's refusal of a wrong key and imports nothing", async () => {
    const { ctx, count } = await workspace();
    const failed = await importCanny(ctx, { apiKey: "wrong", baseUrl: canny.url, dryRun: false });
    expect(failed).toMatchObject({ state: "failed", error: "Canny refused companies/list (401): invalid api key." });
    expect(await count("companies")).toBe(0);
    const unreachable = await importCanny(ctx, { apiKey: KEY, baseUrl: "http://127.0.0.1:9", dryRun: false, retryBaseMs: 1 });
    expect(unreachable.error).toMatch(/^Canny could not be reached at http:\/\/127\.0\.0\.1:9/);
  });
});
