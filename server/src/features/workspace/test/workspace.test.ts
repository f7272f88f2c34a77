import { describe, expect, it } from "vitest";
import { createMailer } from "../../../platform/mail/mailer.js";
import { makeMembers } from "../../../../test/support/members.js";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("workspace, members and audit log", () => {
  it("reads and updates the workspace's settings", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const read = await h.call("GET", "/v1/workspace", { key });
    expect(read.body).toMatchObject({
      id: ws.id,
      slug: ws.slug,
      publicKey: ws.publicKey,
      portalVisibility: "public",
      // Secure by default: a new workspace verifies identities.
      identityVerification: true,
      rateLimitPerMinute: null,
    });
    expect(JSON.stringify(read.body)).not.toContain(ws.row.identity_secret);
    // What this server is set up for: the harness seals integrations with a key, sends no mail and
    // has no provider of its own; each follows the server's settings as they are now.
    expect(read.body.capabilities).toEqual({ integrations: true, mail: false, singleSignOn: false });
    const services = h.services;
    const saved = { mailer: services.mailer, oidc: services.oidc };
    try {
      services.mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "Heed <heed@heed.test>" });
      services.oidc = { issuer: "https://id.example.com", clientId: "heed", clientSecret: "s", allowedDomains: [], signUpWorkspace: null, label: "Example" };
      expect((await h.call("GET", "/v1/workspace", { key })).body.capabilities).toEqual({ integrations: true, mail: true, singleSignOn: true });
    } finally {
      Object.assign(services, saved);
    }
    const updated = await h.call("PATCH", "/v1/workspace", {
      key,
      json: { name: "Acme", portalVisibility: "private", identityVerification: false, rateLimitPerMinute: 120 },
    });
    expect(updated.body).toMatchObject({ name: "Acme", portalVisibility: "private", identityVerification: false, rateLimitPerMinute: 120 });
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { rateLimitPerMinute: null } })).body.rateLimitPerMinute).toBeNull();
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { slug: "Not a slug" } })).status).toBe(400);
  });

  it("keeps an owner, a single default status and no merge chains when such changes race", async () => {
    for (let round = 0; round < 5; round++) {
      const ws = await h.workspace();
      const key = await ws.key();
      const [a, b] = await makeMembers(h.database.db, ws.id, ["owner", "owner"]);
      const demotions = await Promise.all([a, b].map((id) => h.call("PATCH", `/v1/members/${id}`, { key, json: { role: "admin" } })));
      expect(demotions.map((r) => r.status).sort()).toEqual([200, 409]);

      const made = await Promise.all(
        ["Fresh A", "Fresh B", "Fresh C"].map((name) => h.call("POST", "/v1/statuses", { key, json: { name, category: "open", isDefault: true } })),
      );
      expect(made.every((r) => r.status === 201)).toBe(true);
      const defaults = (await h.call("GET", "/v1/statuses?limit=100", { key })).body.data.filter((s: { isDefault: boolean }) => s.isDefault);
      expect(defaults).toHaveLength(1);

      const boardId = await ws.boardId();
      const [p, q, r] = await Promise.all(["P", "Q", "R"].map(async (title) => (await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).body.id));
      const merges = await Promise.all([
        h.call("POST", `/v1/posts/${p}/merge`, { key, json: { into: q } }),
        h.call("POST", `/v1/posts/${q}/merge`, { key, json: { into: r } }),
      ]);
      expect(merges.map((m) => m.status).sort()).toEqual([200, 409]);
    }
  });

  it("changes roles and removes members, always keeping an owner", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const [owner, admin] = await makeMembers(h.database.db, ws.id, ["owner", "admin"]);
    expect((await h.call("GET", "/v1/members", { key })).body.data.map((m: { role: string }) => m.role)).toEqual(["owner", "admin"]);
    expect((await h.call("PATCH", `/v1/members/${owner}`, { key, json: { role: "admin" } })).status).toBe(409);
    expect((await h.call("DELETE", `/v1/members/${owner}`, { key })).status).toBe(409);
    expect((await h.call("PATCH", `/v1/members/${admin}`, { key, json: { role: "owner" } })).body.role).toBe("owner");
    expect((await h.call("PATCH", `/v1/members/${owner}`, { key, json: { role: "member" } })).body.role).toBe("member");

    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Owned", ownerId: owner } })).body;
    expect(post.ownerId).toBe(owner);
    expect((await h.call("DELETE", `/v1/members/${owner}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).body.ownerId).toBeNull();
    expect((await h.call("GET", "/v1/members", { key })).body.data.map((m: { id: string }) => m.id)).toEqual([admin]);
  });

  it("lists who did what, newest first, filtered by object, by actor and by action, each object named as it is now", async () => {
    const ws = await h.workspace();
    const first = await ws.key();
    const second = await ws.key(["posts:write"]);
    const boardId = await ws.boardId();
    const a = (await h.call("POST", "/v1/posts", { key: first, json: { boardId, title: "A" } })).body.id;
    const b = (await h.call("POST", "/v1/posts", { key: second, json: { boardId, title: "B" } })).body.id;
    await h.call("PATCH", `/v1/posts/${a}`, { key: second, json: { title: "A2" } });

    const all = (await h.call("GET", "/v1/audit-log?limit=100", { key: first })).body.data;
    const ofPosts = all.filter((e: { object: { type: string } }) => e.object.type === "post");
    expect(ofPosts.map((e: { action: string; object: { id: string } }) => [e.action, e.object.id])).toEqual([
      ["post.updated", a],
      ["post.created", b],
      ["post.created", a],
    ]);
    expect(ofPosts[0].requestId).toMatch(/^req_/);
    const byObject = (await h.call("GET", `/v1/audit-log?objectId=${a}`, { key: first })).body.data;
    expect(byObject.map((e: { action: string }) => e.action)).toEqual(["post.updated", "post.created"]);
    const secondId = ofPosts[0].actor.id;
    const byActor = (await h.call("GET", `/v1/audit-log?actorId=${secondId}`, { key: first })).body.data;
    expect(byActor.map((e: { action: string }) => e.action)).toEqual(["post.updated", "post.created"]);
    const byAction = (await h.call("GET", "/v1/audit-log?action=post.created", { key: first })).body.data;
    expect(byAction.map((e: { object: { id: string } }) => e.object.id)).toEqual([b, a]);
    expect((await h.call("GET", "/v1/audit-log?action=post.exploded", { key: first })).body.errors).toEqual([
      expect.objectContaining({ pointer: "/query/action", code: "not_allowed" }),
    ]);
    // Each object is named as it is called now (A was renamed A2); a deleted one has no name.
    expect(byObject[0].object).toEqual({ type: "post", id: a, name: "A2" });
    await h.call("DELETE", `/v1/posts/${b}`, { key: second });
    const afterDelete = (await h.call("GET", "/v1/audit-log?action=post.created", { key: first })).body.data;
    expect(afterDelete.map((e: { object: { name: string | null } }) => e.object.name)).toEqual([null, "A2"]);
    expect((await h.call("GET", "/v1/audit-log", { key: second })).status).toBe(403);
  });
});
