import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("tags", () => {
  it("creates, renames, puts on and takes off posts, and deleting a tag untags every post", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const beta = (await h.call("POST", "/v1/tags", { key, json: { name: "beta", color: "#112233" } })).body;
    const alpha = (await h.call("POST", "/v1/tags", { key, json: { name: "alpha" } })).body;
    expect((await h.call("POST", "/v1/tags", { key, json: { name: "alpha" } })).status).toBe(409);
    expect((await h.call("GET", "/v1/tags", { key })).body.data.map((t: { name: string }) => t.name)).toEqual(["alpha", "beta"]);
    expect((await h.call("PATCH", `/v1/tags/${alpha.id}`, { key, json: { name: "beta" } })).status).toBe(409);
    expect((await h.call("PATCH", `/v1/tags/${alpha.id}`, { key, json: { name: "api" } })).body.name).toBe("api");

    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Tag me" } })).body.id;
    const tagged = await h.call("POST", `/v1/posts/${postId}/tags`, { key, json: { tagId: beta.id } });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toEqual([{ id: beta.id, name: "beta" }]);
    expect((await h.call("POST", `/v1/posts/${postId}/tags`, { key, json: { tagId: beta.id } })).body.tags).toHaveLength(1);
    await h.call("POST", `/v1/posts/${postId}/tags`, { key, json: { tagId: alpha.id } });
    expect((await h.call("GET", `/v1/posts?tag=${beta.id}`, { key })).body.data.map((p: { id: string }) => p.id)).toEqual([postId]);

    const foreign = (await h.call("POST", "/v1/tags", { key: await (await h.workspace()).key(), json: { name: "theirs" } })).body;
    const refused = await h.call("POST", `/v1/posts/${postId}/tags`, { key, json: { tagId: foreign.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].pointer).toBe("/tagId");

    expect((await h.call("DELETE", `/v1/posts/${postId}/tags/${alpha.id}`, { key })).status).toBe(204);
    expect((await h.call("DELETE", `/v1/posts/${postId}/tags/${alpha.id}`, { key })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/tags/${beta.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.tags).toEqual([]);

    const events = await h.database.db.selectFrom("outbox").select("type").where("workspace_id", "=", ws.id).where("type", "=", "post.updated").execute();
    expect(events).toHaveLength(3); // beta on, alpha on, alpha off; the repeated add changed nothing
  });
});
