import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";

// What the inbox triages with: posts filtered by owner (someone's, or nobody's), and the count of
// posts per status among those the other filters select, which must agree with the list.

const h = useHarness();

async function allPosts(key: string, query: string): Promise<{ id: string; status: { id: string } }[]> {
  const res = await h.call("GET", `/v1/posts?limit=100&${query}`, { key });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("triage", () => {
  it("filters posts by owner, and counts posts per status in agreement with the list", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const [ada] = await makeMembers(h.database.db, ws.id, ["admin"]);
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
    const [open, planned] = [statuses[0]!, statuses.find((s) => s.name === "Planned")!];
    const tag = (await h.call("POST", "/v1/tags", { key, json: { name: "billing" } })).body;
    for (let i = 0; i < 12; i++) {
      const json = {
        boardId,
        title: i % 2 ? `Invoices in euros ${i}` : `Dark mode ${i}`,
        statusId: i % 3 === 0 ? planned.id : open.id,
        ...(i % 4 === 0 ? { ownerId: ada } : {}),
        ...(i % 2 ? { tagIds: [tag.id] } : {}),
      };
      expect((await h.call("POST", "/v1/posts", { key, json })).status).toBe(201);
    }
    // A merged post counts nowhere.
    const [first, second] = await allPosts(key, "sort=oldest");
    expect((await h.call("POST", `/v1/posts/${second!.id}/merge`, { key, json: { into: first!.id } })).status).toBe(200);

    expect(await allPosts(key, `ownerId=${ada}`)).toHaveLength(3);
    expect(await allPosts(key, "ownerId=none")).toHaveLength(8);

    for (const query of ["", `tag=${tag.id}`, "q=invoices", `ownerId=${ada}`, `boardId=${boardId}&ownerId=none`]) {
      const counts = await h.call("GET", `/v1/posts/status-counts?${query}`, { key });
      expect(counts.status, query).toBe(200);
      expect(counts.body.data.map((c: { status: { id: string } }) => c.status.id)).toEqual(statuses.map((s) => s.id));
      const posts = await allPosts(key, query);
      for (const { status, count } of counts.body.data as { status: { id: string }; count: number }[]) {
        expect(count, `${query} ${status.id}`).toBe(posts.filter((p) => p.status.id === status.id).length);
      }
    }
    const none = await h.call("GET", "/v1/posts/status-counts?q=the", { key });
    expect(none.body.data.every((c: { count: number }) => c.count === 0)).toBe(true);
  });

  it("keeps owners out of the portal: its list ignores an owner filter", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const [ada] = await makeMembers(h.database.db, ws.id, ["admin"]);
    await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Owned", ownerId: ada } });
    await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Not owned" } });
    const filtered = await h.call("GET", `/v1/portal/posts?ownerId=${ada}`, { headers: ws.customer() });
    const all = await h.call("GET", "/v1/portal/posts", { headers: ws.customer() });
    expect(filtered.body.data).toHaveLength(2);
    expect(filtered.body).toEqual(all.body);
  });

  it("refuses malformed counts queries and another workspace's key", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key(["posts:read"]);
    expect((await h.call("GET", `/v1/posts/status-counts?q=${"x".repeat(201)}`, { key })).status).toBe(400);
    expect((await h.call("GET", "/v1/posts/status-counts", { key: await ws.key(["boards:read"]) })).status).toBe(403);
    // Another workspace's board selects nothing here.
    const counts = await h.call("GET", `/v1/posts/status-counts?boardId=${await other.boardId()}`, { key });
    expect(counts.body.data.every((c: { count: number }) => c.count === 0)).toBe(true);
  });
});
