import { describe, expect, it } from "vitest";
import { storeUser } from "../../users/upsert.js";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("revenue", () => {
  it("ranks posts by the monthly spend of the distinct companies whose users voted, and follows every change", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const company = async (externalId: string, monthlySpend: number) =>
      (await h.call("POST", "/v1/companies", { key, json: { externalId, name: externalId, monthlySpend } })).body.id;
    const user = async (externalId: string, companyId: string | null) => (await h.call("POST", "/v1/users", { key, json: { externalId, companyId } })).body.id;
    const post = async (title: string) => (await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).body.id;
    const vote = (postId: string, userId: string) => h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
    const revenue = async (postId: string) => (await h.call("GET", `/v1/posts/${postId}`, { key })).body.revenue;

    const acme = await company("acme", 1000);
    const globex = await company("globex", 250);
    const [ann, bob, cid, dee] = [await user("ann", acme), await user("bob", acme), await user("cid", globex), await user("dee", null)];
    const sso = await post("SSO");
    const csv = await post("CSV export");
    const api = await post("Public API");
    for (const u of [ann, bob]) await vote(sso, u); // one company, counted once
    for (const u of [cid, dee]) await vote(csv, u);
    for (const u of [ann, cid, dee]) await vote(api, u);

    expect([await revenue(sso), await revenue(csv), await revenue(api)]).toEqual([1000, 250, 1250]);
    const ranked = async () => (await h.call("GET", "/v1/posts?sort=revenue", { key })).body.data.map((p: { title: string }) => p.title);
    expect(await ranked()).toEqual(["Public API", "SSO", "CSV export"]);

    await h.call("POST", "/v1/companies", { key, json: { externalId: "globex", name: "Globex", monthlySpend: 5000 } });
    expect(await ranked()).toEqual(["Public API", "CSV export", "SSO"]);
    expect(await revenue(csv)).toBe(5000);

    await h.call("POST", "/v1/users", { key, json: { externalId: "dee", companyId: acme } });
    expect(await revenue(csv)).toBe(6000);
    await h.call("DELETE", `/v1/posts/${csv}/votes/${cid}`, { key });
    expect(await revenue(csv)).toBe(1000);

    expect((await h.call("DELETE", `/v1/companies/${acme}`, { key })).status).toBe(204);
    expect([await revenue(sso), await revenue(csv), await revenue(api)]).toEqual([0, 0, 5000]);

    await h.call("POST", `/v1/posts/${csv}/votes`, { key, json: { userId: cid } });
    const merged = await h.call("POST", `/v1/posts/${csv}/merge`, { key, json: { into: sso } });
    expect(merged.body.into.revenue).toBe(5000);
  });

  // Two moves of one user at once: the second read "unchanged" before the first committed and
  // skipped its recount, leaving the post counting the wrong company's spend (found in review).
  it("recounts when two moves of one user race on PostgreSQL", async () => {
    if (h.services.dialect !== "postgres") return;
    const ws = await h.workspace();
    const key = await ws.key();
    const company = async (externalId: string, monthlySpend: number) =>
      (await h.call("POST", "/v1/companies", { key, json: { externalId, name: externalId, monthlySpend } })).body.id as string;
    const [x, y] = [await company("x", 100), await company("y", 1000)];
    const userId = (await h.call("POST", "/v1/users", { key, json: { externalId: "u", companyId: x } })).body.id;
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Idea" } })).body.id;
    expect((await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } })).status).toBeLessThan(300);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stored!: () => void;
    const firstStored = new Promise<void>((resolve) => (stored = resolve));
    const first = h.database.db.transaction().execute(async (tx) => {
      await storeUser(tx, ws.ctx, { externalId: "u", companyId: y });
      stored();
      await gate;
    });
    await firstStored;
    const second = h.database.db.transaction().execute((tx) => storeUser(tx, ws.ctx, { externalId: "u", companyId: x }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);

    const user = (await h.call("GET", `/v1/users/${userId}`, { key })).body;
    const spend = user.company.externalId === "x" ? 100 : 1000;
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.revenue).toBe(spend);
  });
});
