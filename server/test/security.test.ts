import { beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES, grants, type Scope } from "../../packages/shared/src/scopes.js";
import { generateKey, sha256Hex } from "../src/platform/lib/secret-keys.js";
import { FIXTURES, makeTarget, makeTargetFor, type Target } from "./support/fixtures/index.js";
import { useHarness, type CallOptions, type TestWorkspace } from "./support/harness.js";
import { signedIn, type TestSession } from "./support/sessions.js";
import { expectProblem, requestOf, SUITE_OPERATIONS, type SuiteOperation } from "./support/suite-operations.js";
import { ROLE_SCOPES } from "../../packages/shared/src/roles.js";

// The security suite every route goes through: no credential, unknown / malformed / revoked /
// expired key, a public key instead of a secret one, too few scopes, another workspace's object.
// Fixtures live per resource in support/fixtures/; a route none of them covers fails the suite.

const h = useHarness();

// The customer-facing routes take the public key: customer-security.test.ts covers them.
type Operation = SuiteOperation & { scope: Scope };
const OPERATIONS = SUITE_OPERATIONS.filter((op): op is Operation => op.scope !== null);

/** The same shape of target with ids that exist nowhere. */
function unknownIds(t: Target): Target {
  return Object.fromEntries(Object.entries(t).map(([name, id]) => [name, id.replace(/_.*/, "_01aaaaaaaaaaaaaaaaaaaaaaaa")]));
}

let document: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let ws: TestWorkspace;
let other: TestWorkspace;
// Refused requests aim at one set of objects per workspace: a refusal must change nothing, so
// the objects stay valid for every route (and the suite checks the other workspace's stayed
// untouched). Only the happy path, which may delete or merge, gets fresh objects each time.
let mine: Target;
let theirs: Target;
// Dashboard sessions in `ws`: an owner's (every scope) and a member's (the feedback work).
let owner: TestSession;
let member: TestSession;

beforeAll(async () => {
  document = (await h.call("GET", "/openapi.json")).body;
  ws = await h.workspace();
  other = await h.workspace();
  [mine, theirs] = await Promise.all([makeTarget(ws), makeTarget(other)]);
  [owner, member] = await Promise.all([signedIn(h, ws, "owner"), signedIn(h, ws, "member")]);
});

async function keyId(key: string): Promise<string> {
  return (await h.database.db.selectFrom("api_keys").select("id").where("key_hash", "=", sha256Hex(key)).executeTakeFirstOrThrow()).id;
}

/** Calls the operation and checks the answer is a documented problem with this status and code. */
async function expectRefusal(op: Operation, status: number, code: string, auth: CallOptions, t?: Target) {
  const { path, options } = requestOf(op, t ?? mine);
  const res = await h.call(op.method, path, { ...options, ...auth, headers: { ...options.headers, ...auth.headers } });
  expectProblem(document, op, res, status, code);
  return res;
}

describe.each(OPERATIONS)("$method $path ($operationId)", (op) => {
  it("has a fixture in the security suite", () => {
    expect(FIXTURES[op.operationId], `add ${op.operationId} to a module in support/fixtures/`).toBeDefined();
  });

  it("refuses a request without credential (401)", async () => {
    await expectRefusal(op, 401, "missing_credential", {});
  });

  it("refuses an unknown, malformed or wrongly-formatted key (401)", async () => {
    await expectRefusal(op, 401, "invalid_credential", { key: generateKey("sk") });
    await expectRefusal(op, 401, "invalid_credential", { key: "heed_sk_short" });
    await expectRefusal(op, 401, "invalid_credential", { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    await expectRefusal(op, 401, "invalid_credential", { headers: { authorization: "Bearer" } });
  });

  it("refuses a revoked key and an expired key (401)", async () => {
    const revoked = await ws.key(["*"]);
    await h.call("DELETE", `/v1/api-keys/${await keyId(revoked)}`, { key: revoked });
    await expectRefusal(op, 401, "invalid_credential", { key: revoked });

    const expired = await ws.key(["*"]);
    await h.database.db
      .updateTable("api_keys")
      .set({ expires_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", await keyId(expired))
      .execute();
    await expectRefusal(op, 401, "invalid_credential", { key: expired });
  });

  it("refuses the public key in place of a secret key (401)", async () => {
    // The live key: the happy path of rotatePublicKey replaces the one the workspace began with.
    const { public_key: publicKey } = await h.database.db.selectFrom("workspaces").select("public_key").where("id", "=", ws.id).executeTakeFirstOrThrow();
    await expectRefusal(op, 401, "wrong_credential_kind", { headers: { "x-service-public-key": publicKey } });
    await expectRefusal(op, 401, "wrong_credential_kind", { key: publicKey });
  });

  it("refuses a key without the route's permission (403) and names it", async () => {
    const without = ALL_SCOPES.filter((s) => s !== "*" && !grants([s], op.scope));
    const res = await expectRefusal(op, 403, "missing_scope", { key: await ws.key(without) });
    expect(res.body.requiredScope).toBe(op.scope);
  });

  // A request with input to get wrong: a body, or a list's `limit`.
  const junk: { json?: unknown; query?: string } | null = op.fixture.body ? { json: { notAField: true } } : op.pages ? { query: "?limit=0" } : null;
  if (junk) {
    it("refuses in a fixed order, whatever the input: 401 for the credential, then 403 for the scope, then 400", async () => {
      const { path } = requestOf(op, mine);
      const send = (key?: string) => h.call(op.method, path + (junk.query ?? ""), { key, ...(junk.json ? { json: junk.json } : {}) });
      const without = ALL_SCOPES.filter((s) => s !== "*" && !grants([s], op.scope));
      const statuses = [await send(), await send(await ws.key(without)), await send(await ws.key([op.scope]))].map((res) => [res.status, res.body.code]);
      expect(statuses).toEqual([
        [401, "missing_credential"],
        [403, "missing_scope"],
        [400, "validation_failed"],
      ]);
    });
  }

  it("answers a key holding exactly the route's permission", async () => {
    const { path, options } = requestOf(op, await makeTargetFor(ws, op.operationId, mine));
    const res = await h.call(op.method, path, { ...options, key: await ws.key([op.scope]) });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });

  it("answers a dashboard session whose role grants the permission", async () => {
    const { path, options } = requestOf(op, await makeTargetFor(ws, op.operationId, mine));
    const res = await h.call(op.method, path, { ...options, headers: owner.headers });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });

  it("refuses a session in a workspace its account is no member of (403)", async () => {
    await expectRefusal(op, 403, "not_a_member", { headers: { ...owner.headers, "x-heed-workspace": other.slug } });
  });

  if (!grants(ROLE_SCOPES.member, op.scope)) {
    it("refuses a session whose role lacks the permission (403) and names it", async () => {
      const res = await expectRefusal(op, 403, "missing_scope", { headers: member.headers });
      expect(res.body.requiredScope).toBe(op.scope);
    });
  }

  if (op.method !== "GET") {
    it("refuses a session's write without the CSRF token or from another origin (403)", async () => {
      const { "x-csrf-token": _, ...withoutToken } = owner.headers;
      await expectRefusal(op, 403, "csrf_failed", { headers: withoutToken });
      await expectRefusal(op, 403, "csrf_failed", { headers: { ...owner.headers, origin: "https://evil.example" } });
    });
  }

  // Routes that name an object by id; lists are scoped by the key's workspace alone.
  if (!op.path.includes("{")) return;

  it("answers 404 for another workspace's object, as for an unknown id", async () => {
    const foreign = theirs;
    const key = await ws.key(["*"]);
    const res = await expectRefusal(op, 404, "not_found", { key }, foreign);
    const unknownTarget = { ...unknownIds(foreign), boardId: foreign.boardId! };
    const unknown = await expectRefusal(op, 404, "not_found", { key }, unknownTarget);
    // The same words, the ids aside: nothing tells a foreign object from a missing one.
    // Longest first: a random token may start with "_", and its unknown twin ("_01aa…") is the tail of every other unknown id.
    const withoutIds = (detail: string, t: Target) =>
      Object.values(t)
        .sort((a, b) => b.length - a.length)
        .reduce((d, id) => d.replaceAll(id, "<id>"), detail);
    expect(withoutIds(res.body.detail, foreign)).toBe(withoutIds(unknown.body.detail, unknownTarget));
    // Nothing happened to the other workspace's objects.
    expect((await h.call("GET", `/v1/posts/${foreign.postId}`, { key: await other.key() })).body.title).toBe("Target");
    const foreignKey = await h.database.db.selectFrom("api_keys").select("revoked_at").where("id", "=", foreign.keyId!).executeTakeFirstOrThrow();
    expect(foreignKey.revoked_at).toBeNull();
  });
});

// The routes about the signed-in person's own account (sessions, two-factor, linking single
// sign-on) take the dashboard session alone: no credential, an API key, a dead session, and a
// write without the CSRF token or from another site are each refused, as documented.
const ACCOUNT_OPERATIONS = SUITE_OPERATIONS.filter((op) => op.credential.kind === "session");

describe.each(ACCOUNT_OPERATIONS)("$method $path ($operationId), the session's own", (op) => {
  const refused = async (status: number, code: string, auth: CallOptions) => {
    const { path, options } = requestOf(op, mine);
    const res = await h.call(op.method, path, { ...options, ...auth, headers: { ...options.headers, ...auth.headers } });
    expectProblem(document, op, res, status, code);
  };

  it("refuses no credential, an API key and a session that does not exist (401)", async () => {
    await refused(401, "missing_credential", {});
    await refused(401, "wrong_credential_kind", { key: await ws.key(["*"]) });
    await refused(401, "invalid_credential", { headers: { cookie: "heed_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" } });
  });

  if (op.method !== "GET") {
    it("refuses a write without the CSRF token, or from another origin (403)", async () => {
      await refused(403, "csrf_failed", { headers: { ...owner.cookieOnly, origin: owner.headers.origin! } });
      await refused(403, "csrf_failed", { headers: { ...owner.headers, origin: "https://evil.example" } });
    });
  }
});

describe("ids of another workspace named inside a request", () => {
  it("are refused as unknown: second path ids (404) and references in bodies (400 at the field)", async () => {
    // Fresh workspaces: the suite above rotates the shared ones' public keys.
    const mineWs = await h.workspace();
    const theirsWs = await h.workspace();
    const t = await makeTarget(mineWs);
    const foreign = await makeTarget(theirsWs);
    const key = await mineWs.key(["*"]);
    const refused = async (method: string, path: string, status: number, json?: unknown, pointer?: string) => {
      const res = await h.call(method, path, { key, json });
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}: ${JSON.stringify(res.body)}`).toBe(status);
      if (pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    };
    // Own post, the other workspace's voter or tag.
    await refused("DELETE", `/v1/posts/${t.votedPostId}/votes/${foreign.voterId}`, 404);
    await refused("DELETE", `/v1/posts/${t.taggedPostId}/tags/${foreign.tagId}`, 404);
    await refused("POST", `/v1/posts/${t.votedPostId}/votes`, 400, { userId: foreign.freshVoterId }, "/userId");
    await refused("POST", `/v1/posts/${t.taggedPostId}/tags`, 400, { tagId: foreign.tagId }, "/tagId");
    // Bodies naming the other workspace's objects.
    await refused("POST", "/v1/posts", 400, { boardId: foreign.boardId, title: "x" }, "/boardId");
    await refused("POST", "/v1/posts", 400, { boardId: t.boardId, title: "x", statusId: foreign.spareStatusId }, "/statusId");
    await refused("POST", "/v1/posts", 400, { boardId: t.boardId, title: "x", tagIds: [foreign.tagId] }, "/tagIds/0");
    await refused("POST", "/v1/posts", 400, { boardId: t.boardId, title: "x", ownerId: foreign.adminId }, "/ownerId");
    await refused("POST", "/v1/posts", 400, { boardId: t.boardId, title: "x", authorId: foreign.userId }, "/authorId");
    await refused("PATCH", `/v1/posts/${t.postId}`, 400, { boardId: foreign.boardId }, "/boardId");
    await refused("PATCH", `/v1/posts/${t.postId}`, 400, { statusId: foreign.spareStatusId }, "/statusId");
    await refused("POST", `/v1/posts/${t.postId}/status`, 400, { statusId: foreign.spareStatusId }, "/statusId");
    await refused("POST", `/v1/posts/${t.postId}/merge`, 400, { into: foreign.postId }, "/into");
    await refused("POST", `/v1/posts/${t.postId}/comments`, 400, { body: "x", authorId: foreign.userId }, "/authorId");
    await refused("POST", `/v1/posts/${t.postId}/comments`, 400, { body: "x", parentId: foreign.commentId }, "/parentId");
    await refused("POST", "/v1/changelog", 400, { title: "x", type: "new", postIds: [foreign.postId] }, "/postIds/0");
    await refused("POST", "/v1/users", 400, { externalId: "x", companyId: foreign.companyId }, "/companyId");
    await refused("DELETE", `/v1/boards/${t.spareBoardId}?movePostsTo=${foreign.boardId}`, 400, undefined, "/query/movePostsTo");
    // The portal: the other workspace's public board.
    const { token } = await mineWs.identify();
    const portal = await h.call("POST", "/v1/portal/posts", { headers: mineWs.customer(token), json: { boardId: foreign.boardId, title: "x" } });
    expect(portal.status).toBe(400);
    expect(portal.body.errors[0].pointer).toBe("/boardId");
    const reply = await h.call("POST", `/v1/portal/posts/${t.postId}/comments`, {
      headers: mineWs.customer(token),
      json: { body: "x", parentId: foreign.commentId },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].pointer).toBe("/parentId");
    // Filters naming the other workspace's board find nothing, as on the API's own list.
    expect((await h.call("GET", `/v1/posts?boardId=${foreign.boardId}`, { key })).body.data).toEqual([]);
    expect((await h.call("GET", `/v1/portal/posts?boardId=${foreign.boardId}`, { headers: mineWs.customer(token) })).body.data).toEqual([]);
    // This workspace's posts have the default status, which new workspaces keep off the roadmap.
    const open = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { isDefault: boolean }) => s.isDefault);
    expect((await h.call("PATCH", `/v1/statuses/${open.id}`, { key, json: { onRoadmap: true } })).status).toBe(200);
    const roadmap = await h.call("GET", `/v1/portal/roadmap?boardId=${foreign.boardId}`, { headers: mineWs.customer(token) });
    expect(roadmap.status).toBe(200);
    const postsOf = (body: { columns: { posts: unknown[] }[] }) => body.columns.flatMap((column) => column.posts);
    expect(postsOf(roadmap.body)).toEqual([]);
    expect(postsOf((await h.call("GET", "/v1/portal/roadmap", { headers: mineWs.customer(token) })).body).length).toBeGreaterThan(0);
    expect((await h.call("GET", "/v1/portal/posts", { headers: mineWs.customer(token) })).body.data.length).toBeGreaterThan(0);
    // Nothing of the other workspace changed.
    expect((await h.call("GET", `/v1/posts/${foreign.votedPostId}/votes`, { key: await theirsWs.key() })).body.data).toHaveLength(1);
    expect((await h.call("GET", `/v1/posts/${foreign.postId}`, { key: await theirsWs.key() })).body).toMatchObject({ title: "Target", mergedInto: null });
  });
});
