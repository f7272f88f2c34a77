import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { signedIn, type TestSession } from "../../../../test/support/sessions.js";

// The keys a removed member minted stop working with their access, and so do the keys minted with
// those keys, unless the removal hands them to a member who stays.

const h = useHarness();

async function mint(by: { headers: Record<string, string> } | { key: string }, scopes: string[]) {
  const res = await h.call("POST", "/v1/api-keys", { ...by, json: { name: `minted ${scopes.join(" ")}`, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; key: string; createdBy: string };
}

const works = async (key: string) => (await h.call("GET", "/v1/posts", { key })).status;

async function audit(workspaceId: string, objectId: string) {
  const rows = await h.database.db
    .selectFrom("audit_log")
    .select(["action", "data"])
    .where("workspace_id", "=", workspaceId)
    .where("object_id", "=", objectId)
    .execute();
  return rows.map((r) => [r.action, JSON.parse(r.data)]);
}

describe("removing a member settles the keys they minted", () => {
  it("revokes their keys and the keys minted with them, each audited", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const admin = await signedIn(h, ws, "admin");
    const minter = await mint(admin, ["api_keys:write", "posts:read"]);
    expect(minter.createdBy).toBe(admin.memberId);
    const grandchild = await mint({ key: minter.key }, ["posts:read"]);
    expect(grandchild.createdBy).toBe(minter.id);
    const ownersKey = await mint(owner, ["posts:read"]);
    const listed = await h.call("GET", `/v1/api-keys?createdBy=${admin.memberId}`, { headers: owner.cookieOnly });
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([minter.id]);
    expect([await works(minter.key), await works(grandchild.key)]).toEqual([200, 200]);

    expect((await h.call("DELETE", `/v1/members/${admin.memberId}`, { headers: owner.headers })).status).toBe(204);
    expect([await works(minter.key), await works(grandchild.key), await works(ownersKey.key)]).toEqual([401, 401, 200]);
    for (const key of [minter, grandchild]) {
      expect(await audit(ws.id, key.id)).toContainEqual(["api_key.revoked", { name: expect.any(String), reason: "creator_removed", creator: admin.memberId }]);
    }
  });

  it("hands them to a member who stays when the removal says so", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const admin = await signedIn(h, ws, "admin");
    const deployKey = await mint(admin, ["posts:read"]);
    const removal = await h.call("DELETE", `/v1/members/${admin.memberId}?transferKeysTo=${owner.memberId}`, { headers: owner.headers });
    expect(removal.status, JSON.stringify(removal.body)).toBe(204);
    expect(await works(deployKey.key)).toBe(200);
    const keys = await h.call("GET", `/v1/api-keys?createdBy=${owner.memberId}`, { headers: owner.cookieOnly });
    expect(keys.body.data.map((k: { id: string }) => k.id)).toEqual([deployKey.id]);
    expect(await audit(ws.id, deployKey.id)).toContainEqual(["api_key.transferred", { name: expect.any(String), from: admin.memberId, to: owner.memberId }]);
  });

  it("refuses to hand keys to the member being removed, an unknown member, or another workspace's", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const admin: TestSession = await signedIn(h, ws, "admin");
    const stranger = await signedIn(h, other, "owner");
    const key = await mint(admin, ["posts:read"]);
    for (const heir of [admin.memberId, stranger.memberId, "mem_01jd8x4y2b3c5d6e7f8g9h0j1k"]) {
      const res = await h.call("DELETE", `/v1/members/${admin.memberId}?transferKeysTo=${heir}`, { headers: owner.headers });
      expect([res.status, res.body.errors?.[0]?.pointer], heir).toEqual([400, "/query/transferKeysTo"]);
    }
    const junk = await h.call("DELETE", `/v1/members/${admin.memberId}?transferKeysTo=nope`, { headers: owner.headers });
    expect(junk.status).toBe(400);
    // Nothing happened: the member and the key are still there.
    expect(await works(key.key)).toBe(200);
    expect((await h.call("GET", "/v1/members", { headers: owner.cookieOnly })).body.data.map((m: { id: string }) => m.id)).toContain(admin.memberId);
  });
});
