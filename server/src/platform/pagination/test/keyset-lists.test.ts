import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";

// Every list but the posts' (posts-pagination.test.ts) pages through one keyset helper
// (platform/pagination/keyset.ts). Walked a row at a time, each must give the rows of one big
// page, in the same order, each once: a wrong direction, sort column or cursor field would skip
// or repeat rows here.

const h = useHarness();

describe("keyset lists", () => {
  it("walk a row at a time to exactly the rows of one page, in its order", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (path: string, json: unknown, headers?: Record<string, string>) =>
      h.call("POST", `/v1${path}`, headers ? { headers, json } : { key, json }).then((r) => {
        expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
        return r.body;
      });

    // Three of everything a list shows; names out of id order, so a name sort differs from an id sort.
    for (const name of ["Zeta", "Alpha", "Mu"]) {
      await post("/boards", { name });
      await post("/tags", { name });
      await post("/statuses", { name, category: "active" });
      await post("/companies", { externalId: `co-${name}`, name });
      await post("/webhooks/endpoints", { url: `http://127.0.0.1:9/${name}`, events: ["*"] });
      const entry = await post("/changelog", { title: name, type: "new" });
      await post(`/changelog/${entry.id}/publish`, {});
    }
    await ws.key(["posts:read"]);
    await ws.key(["boards:read"]);
    await makeMembers(h.database.db, ws.id, ["owner", "admin", "member"]);
    const idea = await post("/posts", { boardId: await ws.boardId(), title: "Walk me" });
    const { userId, token } = await ws.identify("walker");
    for (const name of ["a", "b", "c"]) {
      await post(`/posts/${idea.id}/comments`, { body: `Comment ${name}`, internal: name === "b" });
      await post(`/portal/posts/${idea.id}/comments`, { body: `From the user ${name}` }, ws.customer(token));
      await post(`/posts/${idea.id}/votes`, { userId: (await ws.identify(`voter-${name}`)).userId });
      await post("/track", { event: `event-${name}` }, ws.customer(token));
      await post("/track", { event: "event-a" }, ws.customer(token));
      const other = await post("/posts", { boardId: await ws.boardId(), title: `Voted ${name}` });
      await post(`/portal/posts/${other.id}/vote`, {}, ws.customer(token));
      await h.call("PATCH", `/v1/posts/${idea.id}`, { key, json: { title: `Walk me ${name}` } });
    }
    const endpoint = (await h.call("GET", "/v1/webhooks/endpoints", { key })).body.data[0].id;
    for (let i = 0; i < 3; i++) await post(`/webhooks/endpoints/${endpoint}/test`, {});

    const lists: [path: string, headers?: Record<string, string>][] = [
      ["/boards"],
      ["/tags"],
      ["/statuses"],
      ["/companies"],
      ["/users"],
      ["/members"],
      ["/api-keys"],
      ["/audit-log"],
      ["/changelog"],
      ["/webhooks/endpoints"],
      [`/webhooks/endpoints/${endpoint}/deliveries`],
      [`/posts/${idea.id}/comments`],
      [`/posts/${idea.id}/votes`],
      [`/posts/${idea.id}/activity`],
      [`/users/${userId}/comments`],
      [`/users/${userId}/events`],
      [`/users/${userId}/event-counts`],
      ["/portal/changelog", ws.customer()],
      ["/portal/me/votes", ws.customer(token)],
    ];
    for (const [path, headers] of lists) {
      const auth = headers ? { headers } : { key };
      const whole = await h.call("GET", `/v1${path}?limit=100`, auth);
      expect(whole.status, path).toBe(200);
      const rows = whole.body.data.map((row: { id?: string; userId?: string; event?: string }) => row.id ?? row.userId ?? row.event);
      expect(rows.length, `${path} has rows to walk`).toBeGreaterThanOrEqual(3);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await h.call("GET", `/v1${path}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, auth);
        expect(page.status, `${path} after ${walked.length}`).toBe(200);
        walked.push(...page.body.data.map((row: { id?: string; userId?: string; event?: string }) => row.id ?? row.userId ?? row.event));
        cursor = page.body.nextCursor;
      } while (cursor && walked.length <= rows.length);
      expect(walked, path).toEqual(rows);
    }
  });
});
