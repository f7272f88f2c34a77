import { beforeAll, describe, expect, it } from "vitest";
import { mintUserToken } from "../src/http/credentials/user-token.js";
import { generateKey } from "../src/platform/lib/secret-keys.js";
import { CUSTOMER_FIXTURES, makeCustomerTarget } from "./support/fixtures/customer.js";
import type { Target } from "./support/fixtures/types.js";
import { useHarness, type TestWorkspace } from "./support/harness.js";
import { expectProblem, requestOf, SUITE_OPERATIONS, type SuiteOperation } from "./support/suite-operations.js";

// The security suite of the customer-facing routes (/identify, /track, /portal/…): only the public
// key opens them, a secret key is refused wherever it is sent, end-user tokens cannot be forged,
// reused across workspaces or after expiry, another workspace's or a private board's objects are
// unknown, a private portal shows nothing to anonymous readers, and only allowed origins get in.

const h = useHarness();

type Operation = SuiteOperation;
const OPERATIONS = SUITE_OPERATIONS.filter((op) => op.credential.kind === "public");

let document: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let ws: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  document = (await h.call("GET", "/openapi.json")).body;
  ws = await h.workspace();
  other = await h.workspace();
});

/** Calls the operation with these headers (and the fixture's body). */
async function call(op: Operation, t: Target, auth: Record<string, string>) {
  const { path, options } = requestOf(op, t);
  return h.call(op.method, path, { ...options, headers: auth });
}

async function expectRefusal(op: Operation, status: number, code: string, auth: Record<string, string>, t?: Target) {
  const res = await call(op, t ?? (await makeCustomerTarget(ws)), auth);
  expectProblem(document, op, res, status, code);
  return res;
}

describe("every customer-facing route is in this suite", () => {
  it("has the customer routes, and nothing else takes the public key", () => {
    expect(OPERATIONS.map((o) => o.path).every((p) => /^\/(identify|track|portal\/)/.test(p))).toBe(true);
    expect(OPERATIONS.length).toBe(Object.keys(CUSTOMER_FIXTURES).length);
  });
});

describe.each(OPERATIONS)("$method $path ($operationId)", (op) => {
  const withToken = (t: Target) => ws.customer(op.userToken === "none" ? undefined : t.token);

  it("has a fixture in the customer security suite", () => {
    expect(CUSTOMER_FIXTURES[op.operationId], `add ${op.operationId} to support/fixtures/customer.ts`).toBeDefined();
  });

  it("answers the public key (with an end-user token where the route takes one)", async () => {
    const t = await makeCustomerTarget(ws);
    const res = await call(op, t, withToken(t));
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });

  it("refuses a request without credential (401)", async () => {
    await expectRefusal(op, 401, "missing_credential", {});
  });

  it("refuses a secret key, as a bearer token (alone or beside the public key) or in the public key's header (401)", async () => {
    const secret = await ws.key(["*"]);
    await expectRefusal(op, 401, "wrong_credential_kind", { authorization: `Bearer ${secret}` });
    await expectRefusal(op, 401, "wrong_credential_kind", { "x-service-public-key": secret });
    // Even beside a valid public key: a secret key has no business in a browser.
    await expectRefusal(op, 401, "wrong_credential_kind", { ...ws.customer(), authorization: `Bearer ${secret}` });
  });

  it("refuses an unknown, malformed or rotated public key (401)", async () => {
    await expectRefusal(op, 401, "invalid_credential", { "x-service-public-key": generateKey("pk") });
    await expectRefusal(op, 401, "invalid_credential", { "x-service-public-key": "heed_pk_short" });
    const rotating = await h.workspace();
    const t = await makeCustomerTarget(rotating);
    const rotated = await h.call("POST", "/v1/workspace/public-key/rotate", { key: await rotating.key(["workspace:write"]) });
    expect(rotated.body.publicKey).not.toBe(rotating.publicKey);
    await expectRefusal(op, 401, "invalid_credential", { ...rotating.customer(t.token), "x-service-public-key": rotating.publicKey }, t);
    const fresh = await call(op, t, { ...rotating.customer(t.token), "x-service-public-key": rotated.body.publicKey });
    expect(fresh.status, JSON.stringify(fresh.body)).toBeLessThan(300);
  });

  if (op.userToken !== "none") {
    it("refuses a forged, expired or foreign end-user token, one whose user was deleted, and one whose portal session ended (401)", async () => {
      const t = await makeCustomerTarget(ws);
      const keys = { serverSecret: h.services.userTokenSecret, workspaceId: ws.id, identitySecret: ws.row.identity_secret };
      const forged = t.token!.slice(0, -4) + (t.token!.endsWith("AAAA") ? "BBBB" : "AAAA");
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(forged), t);
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(mintUserToken(keys, t.userId!, Date.now() - 1000)), t);
      const foreign = await other.identify();
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(foreign.token), t);
      // Signed with another workspace's identity secret for a user of this one.
      const crossed = mintUserToken({ ...keys, identitySecret: other.row.identity_secret }, t.userId!, Date.now() + 60_000);
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(crossed), t);
      const gone = await ws.identify();
      await h.call("DELETE", `/v1/users/${gone.userId}`, { key: await ws.key() });
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(gone.token), t);
      // A portal sign-in that ended (signed out, or never was), and a 30-day token that names no
      // portal session: a portal cookie from before sessions were kept, which nobody could end.
      const ended = mintUserToken(keys, t.userId!, Date.now() + 60_000, "pss_01aaaaaaaaaaaaaaaaaaaaaaaa");
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(ended), t);
      const unending = mintUserToken(keys, t.userId!, Date.now() + 30 * 24 * 3_600_000);
      await expectRefusal(op, 401, "invalid_user_token", ws.customer(unending), t);
    });
  }

  if (op.userToken === "required") {
    it("refuses to act without an end-user token (401)", async () => {
      await expectRefusal(op, 401, "missing_user_token", ws.customer());
    });
  }

  if (op.userToken === "optional" && op.method === "GET" && op.operationId !== "getPortalWorkspace") {
    it("shows a private portal to identified end users only (401 anonymous)", async () => {
      const closed = await h.workspace();
      await h.call("PATCH", "/v1/workspace", { key: await closed.key(), json: { portalVisibility: "private" } });
      const t = await makeCustomerTarget(closed);
      await expectRefusal(op, 401, "missing_user_token", closed.customer(), t);
      const res = await call(op, t, closed.customer(t.token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  }

  it("refuses a browser origin the workspace does not allow (403), and answers an allowed one", async () => {
    const t = await makeCustomerTarget(ws);
    const refused = await expectRefusal(op, 403, "origin_not_allowed", { ...withToken(t), origin: "https://evil.example" }, t);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["https://app.example.com"] } });
    const allowed = await call(op, await makeCustomerTarget(ws), { ...withToken(t), origin: "https://app.example.com" });
    expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
  });

  if (!op.path.includes("{")) return;

  it("answers 404 for another workspace's post and a private board's post, as for an unknown id", async () => {
    const t = await makeCustomerTarget(ws);
    const foreign = await makeCustomerTarget(other);
    const auth = withToken(t);
    const res = await expectRefusal(op, 404, "not_found", auth, { ...t, postId: foreign.postId! });
    const hidden = await expectRefusal(op, 404, "not_found", auth, { ...t, postId: t.privatePostId! });
    const unknown = await expectRefusal(op, 404, "not_found", auth, { ...t, postId: "post_01aaaaaaaaaaaaaaaaaaaaaaaa" });
    expect(res.body.detail).toBe(unknown.body.detail.replace("post_01aaaaaaaaaaaaaaaaaaaaaaaa", foreign.postId!));
    expect(hidden.body.detail).toBe(unknown.body.detail.replace("post_01aaaaaaaaaaaaaaaaaaaaaaaa", t.privatePostId!));
    // Nothing happened to the other workspace's post.
    const after = await h.call("GET", `/v1/posts/${foreign.postId}`, { key: await other.key() });
    expect(after.body).toMatchObject({ voteCount: 0, commentCount: 0 });
  });
});
