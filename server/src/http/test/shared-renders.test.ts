import { describe, expect, it } from "vitest";
import { useHarness } from "../../../test/support/harness.js";

// Requests that miss the same kept answer at the same version share one render (http/answers.ts):
// many clients asking at once after a write get one answer, and none gets an answer older than a
// write that was answered before it asked.

const h = useHarness({ rateLimit: 1_000_000 });

describe("answers made once for the requests that ask together", () => {
  it("gives every request asked after a write an answer that holds it, while reads overlap writes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const reads: Promise<{ after: string; titles: string[] }>[] = [];
    for (let i = 0; i < 8; i++) {
      const title = `Written ${i}`;
      expect((await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).status).toBe(201);
      // Asked once the write answered, all at once: each must hold it.
      for (let r = 0; r < 12; r++) {
        reads.push(
          h
            .call("GET", "/v1/posts?sort=newest&limit=50", { key })
            .then((res) => ({ after: title, titles: res.body.data.map((p: { title: string }) => p.title) })),
        );
      }
    }
    for (const { after, titles } of await Promise.all(reads)) expect(titles).toContain(after);
  });

  it("answers all of them the same bytes and tag, and each one's refusal is its own", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Asked together" } })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.call("GET", "/v1/posts?sort=votes", { key })));
    expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    // A bad request beside them is refused alone.
    const [bad, good] = await Promise.all([h.call("GET", "/v1/posts?sort=nonsense", { key }), h.call("GET", "/v1/posts?sort=votes", { key })]);
    expect(bad.status).toBe(400);
    expect(good.status).toBe(200);
  });
});
