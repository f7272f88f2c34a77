import { describe, expect, it } from "vitest";
import { publishDueEntries } from "../publish.js";
import { useHarness } from "../../../../test/support/harness.js";
import { startServer } from "../../../../test/support/processes.js";

const h = useHarness();

const publishedEvents = async (workspaceId: string) =>
  h.database.db.selectFrom("outbox").select("data").where("workspace_id", "=", workspaceId).where("type", "=", "changelog.published").execute();

describe("changelog", () => {
  it("writes drafts linked to posts, publishes once, unpublishes and deletes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const draft = await h.call("POST", "/v1/changelog", {
      key,
      json: { title: "Dark mode is here", body: "Toggle it in **Settings**.", type: "new", postIds: [postId] },
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ state: "draft", postIds: [postId], publishedAt: null });
    const badLink = await h.call("POST", "/v1/changelog", { key, json: { title: "x", type: "fixed", postIds: [postId, "post_01aaaaaaaaaaaaaaaaaaaaaaaa"] } });
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors[0].pointer).toBe("/postIds/1");

    const published = await h.call("POST", `/v1/changelog/${draft.body.id}/publish`, { key, json: {} });
    expect(published.body).toMatchObject({ state: "published", publishedAt: expect.any(String) });
    expect((await h.call("POST", `/v1/changelog/${draft.body.id}/publish`, { key, json: {} })).status).toBe(409);
    expect(await publishedEvents(ws.id)).toHaveLength(1);
    expect((await h.call("GET", "/v1/changelog?state=published", { key })).body.data.map((e: { id: string }) => e.id)).toEqual([draft.body.id]);

    const back = await h.call("POST", `/v1/changelog/${draft.body.id}/unpublish`, { key });
    expect(back.body).toMatchObject({ state: "draft", publishedAt: null });
    expect((await h.call("GET", "/v1/changelog?state=published", { key })).body.data).toEqual([]);
    expect((await h.call("PATCH", `/v1/changelog/${draft.body.id}`, { key, json: { postIds: [] } })).body.postIds).toEqual([]);
    expect((await h.call("DELETE", `/v1/changelog/${draft.body.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/changelog/${draft.body.id}`, { key })).status).toBe(404);
  });

  it("publishes a scheduled entry when due, exactly once however many schedulers run", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "Scheduled", type: "improved" } })).body;
    const at = new Date(Date.now() + 300).toISOString();
    const scheduled = await h.call("POST", `/v1/changelog/${entry.id}/publish`, { key, json: { at } });
    expect(scheduled.body).toMatchObject({ state: "scheduled", publishAt: at });
    expect(await publishDueEntries(h.services)).toBe(0);

    await new Promise((r) => setTimeout(r, 400));
    const results = await Promise.all(Array.from({ length: 5 }, () => publishDueEntries(h.services)));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await h.call("GET", `/v1/changelog/${entry.id}`, { key })).body.state).toBe("published");
    expect(await publishedEvents(ws.id)).toHaveLength(1);
  });

  it("two server processes on one database publish a due entry once, also one that fell due while none ran", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const env = { SCHEDULER_INTERVAL_MS: "50", SEED_DEMO: "0" };

    // Falls due while no server runs: published when they start.
    const missed = (await h.call("POST", "/v1/changelog", { key, json: { title: "Missed", type: "fixed" } })).body;
    await h.call("POST", `/v1/changelog/${missed.id}/publish`, { key, json: { at: new Date(Date.now() + 100).toISOString() } });
    await new Promise((r) => setTimeout(r, 150));

    const servers = await Promise.all([startServer(h.database.url, env), startServer(h.database.url, env)]);
    try {
      const due = (await h.call("POST", "/v1/changelog", { key, json: { title: "Due soon", type: "new" } })).body;
      await h.call("POST", `/v1/changelog/${due.id}/publish`, { key, json: { at: new Date(Date.now() + 200).toISOString() } });
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await publishedEvents(ws.id)).length < 2) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300)); // a few more scheduler passes in both processes
      const events = (await publishedEvents(ws.id)).map((e) => JSON.parse(e.data).id).sort();
      expect(events).toEqual([missed.id, due.id].sort());
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
