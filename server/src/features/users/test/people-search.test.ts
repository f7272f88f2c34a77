import { describe, expect, it } from "vitest";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// What the dashboard's people pages ask: end users and companies found by a piece of their name
// or email, and the posts a person or a company voted for (a company's ranked by revenue).

const h = useHarness();

async function people(ws: TestWorkspace, key: string) {
  const company = async (externalId: string, name: string, monthlySpend: number) =>
    (await h.call("POST", "/v1/companies", { key, json: { externalId, name, monthlySpend } })).body.id as string;
  const user = async (externalId: string, name: string, email: string, companyId: string | null) =>
    (await h.call("POST", "/v1/users", { key, json: { externalId, name, email, companyId } })).body.id as string;
  const acme = await company("acme-1", "Acme Corp", 900);
  const globex = await company("glx", "Globex 100%_off", 100);
  return {
    acme,
    globex,
    ann: await user("u-ann", "Ann Lovelace", "ann@acme.example", acme),
    bob: await user("u-bob", "Bob O'Brien", "BOB@Acme.example", acme),
    cid: await user("u-cid", "Cid 50%_done", "cid@globex.example", globex),
    post: async (title: string) => (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title } })).body.id as string,
    vote: (postId: string, userId: string) => h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } }),
  };
}

const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name).sort();
const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((r) => r.title);

describe("finding people and what they asked for", () => {
  it("finds end users by a piece of their name, email or external id, ignoring case", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await people(ws, key);
    expect(names(await h.call("GET", "/v1/users?q=acme.EXAMPLE", { key }))).toEqual(["Ann Lovelace", "Bob O'Brien"]);
    expect(names(await h.call("GET", "/v1/users?q=o'bri", { key }))).toEqual(["Bob O'Brien"]);
    expect(names(await h.call("GET", "/v1/users?q=u-cid", { key }))).toEqual(["Cid 50%_done"]);
    // `%` and `_` match themselves, not any text.
    expect(names(await h.call("GET", `/v1/users?q=${encodeURIComponent("%_")}`, { key }))).toEqual(["Cid 50%_done"]);
    expect(names(await h.call("GET", "/v1/users?q=_", { key }))).toEqual(["Cid 50%_done"]);
    expect(names(await h.call("GET", "/v1/companies?q=acme", { key }))).toEqual(["Acme Corp"]);
    expect(names(await h.call("GET", `/v1/companies?q=${encodeURIComponent("100%")}`, { key }))).toEqual(["Globex 100%_off"]);
    expect(names(await h.call("GET", "/v1/companies?q=nobody", { key }))).toEqual([]);
  });

  it("pages a search with a cursor bound to it", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await people(ws, key);
    const first = await h.call("GET", "/v1/users?q=example&limit=2", { key });
    expect(first.body.data).toHaveLength(2);
    const next = await h.call("GET", `/v1/users?q=example&limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(next.body.data).toHaveLength(1);
    expect((await h.call("GET", `/v1/users?q=other&cursor=${first.body.nextCursor}`, { key })).status).toBe(400);
  });

  it("lists the posts an end user voted for, and a company's ranked by revenue", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const p = await people(ws, key);
    const [sso, csv, api] = [await p.post("SSO"), await p.post("CSV export"), await p.post("Public API")];
    await p.vote(sso, p.ann);
    await p.vote(csv, p.bob);
    await p.vote(csv, p.cid);
    await p.vote(api, p.cid);
    expect(titles(await h.call("GET", `/v1/posts?voterId=${p.ann}`, { key }))).toEqual(["SSO"]);
    expect(titles(await h.call("GET", `/v1/posts?voterId=${p.cid}&sort=oldest`, { key }))).toEqual(["CSV export", "Public API"]);
    expect(titles(await h.call("GET", `/v1/posts?companyId=${p.acme}&sort=revenue`, { key }))).toEqual(["CSV export", "SSO"]);
    const counts = await h.call("GET", `/v1/posts/status-counts?companyId=${p.globex}`, { key });
    expect(counts.body.data.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(2);
  });

  it("selects nothing with another workspace's person, and keeps voters out of the portal", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key();
    const p = await people(ws, key);
    const sso = await p.post("SSO");
    await p.vote(sso, p.ann);
    const theirs = await people(other, await other.key());
    expect(titles(await h.call("GET", `/v1/posts?voterId=${theirs.ann}`, { key }))).toEqual([]);
    expect(titles(await h.call("GET", `/v1/posts?companyId=${theirs.acme}`, { key }))).toEqual([]);
    const portal = await h.call("GET", `/v1/portal/posts?voterId=${p.bob}`, { headers: ws.customer() });
    expect(titles(portal)).toEqual(["SSO"]);
  });

  it("lists what an end user wrote across posts, newest first, without comments on deleted posts", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const p = await people(ws, key);
    const [sso, csv] = [await p.post("SSO"), await p.post("CSV export")];
    const comment = async (postId: string, body: string, authorId: string) =>
      (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body, authorId } })).body.id as string;
    await comment(sso, "We need Okta", p.ann);
    await comment(csv, "And Excel", p.ann);
    await comment(csv, "Not me", p.bob);
    const listed = async () => (await h.call("GET", `/v1/users/${p.ann}/comments`, { key })).body.data.map((c: { body: string }) => c.body);
    expect(await listed()).toEqual(["And Excel", "We need Okta"]);
    expect((await h.call("DELETE", `/v1/posts/${csv}`, { key })).status).toBe(204);
    expect(await listed()).toEqual(["We need Okta"]);
    const other = await h.workspace();
    expect((await h.call("GET", `/v1/users/${p.ann}/comments`, { key: await other.key() })).status).toBe(404);
  });

  it("refuses a malformed search and a key without users:read", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const path of ["/v1/users?q=", `/v1/users?q=${"x".repeat(201)}`, "/v1/companies?q=%20", `/v1/posts?voterId=${"u".repeat(65)}`]) {
      const res = await h.call("GET", path, { key });
      expect(res.status, path).toBe(400);
      expect(res.body.type).toMatch(/validation/);
    }
    expect((await h.call("GET", "/v1/companies?q=acme", { key: await ws.key(["posts:read"]) })).status).toBe(403);
    expect((await h.call("GET", "/v1/users?q=acme")).status).toBe(401);
  });
});
