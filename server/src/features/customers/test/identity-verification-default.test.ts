import { describe, expect, it } from "vitest";
import { userHash } from "../identity-proof.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { identityJwt } from "../../../../test/support/jwt.js";
import { signedIn } from "../../../../test/support/sessions.js";

// Secure by default: a new workspace verifies identities, so holding the public key is not enough
// to identify as any user id and vote as them. Only an owner may turn it off; a workspace that had
// it off before keeps its setting.

const h = useHarness();

const identify = (ws: TestWorkspace, json: unknown) => h.call("POST", "/v1/identify", { headers: ws.customer(), json });

async function secretOf(ws: TestWorkspace): Promise<string> {
  return (await h.call("GET", "/v1/workspace/identity-secret", { key: await ws.key() })).body.identitySecret;
}

describe("identity verification on a new workspace", () => {
  it("is on, and refuses an unsigned identify with 401 saying how to sign", async () => {
    const ws = await h.workspace();
    expect((await h.call("GET", "/v1/workspace", { key: await ws.key() })).body.identityVerification).toBe(true);
    expect((await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() })).body.identityVerification).toBe(true);

    const unsigned = await identify(ws, { userId: "anyone", name: "Posing" });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("content-type")).toContain("application/problem+json");
    expect(unsigned.body.code).toBe("identity_not_verified");
    for (const words of ["userHash", "HMAC-SHA256", "identity secret", "token", "HS256", "/v1/workspace/identity-secret"]) {
      expect(unsigned.body.detail).toContain(words);
    }
    expect(await h.database.db.selectFrom("users").select("id").where("workspace_id", "=", ws.id).execute()).toEqual([]);
  });

  it("takes a userHash or a JWT made with the identity secret", async () => {
    const ws = await h.workspace();
    const secret = await secretOf(ws);
    const hashed = await identify(ws, { userId: "ada", name: "Ada", userHash: userHash(secret, "ada") });
    expect(hashed.status, JSON.stringify(hashed.body)).toBe(200);
    expect(hashed.body.user.externalId).toBe("ada");
    const signed = await identify(ws, { token: identityJwt(secret, { id: "grace", name: "Grace" }) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.user.externalId).toBe("grace");
    // The token it hands out acts as that user.
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(signed.body.token) })).body.user.externalId).toBe("grace");
  });
});

describe("turning identity verification off", () => {
  it("is an owner's alone: an admin's session is refused, an owner's is not, and then unsigned identify works", async () => {
    const ws = await h.workspace();
    const admin = await signedIn(h, ws, "admin");
    const byAdmin = await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { identityVerification: false } });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([403, "owner_only"]);
    expect(byAdmin.body.detail).toContain("identity verification");
    // Nothing changed, even beside other fields.
    const mixed = await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { name: "Renamed", identityVerification: false } });
    expect(mixed.status).toBe(403);
    const read = (await h.call("GET", "/v1/workspace", { headers: admin.cookieOnly })).body;
    expect([read.name, read.identityVerification]).toEqual([`Test ${ws.slug}`, true]);
    expect((await identify(ws, { userId: "anyone" })).status).toBe(401);
    // An admin keeps every other setting, and may send the switch as it is.
    const kept = await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { name: "Renamed", identityVerification: true } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    const owner = await signedIn(h, ws, "owner");
    const byOwner = await h.call("PATCH", "/v1/workspace", { headers: owner.headers, json: { identityVerification: false } });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(byOwner.body.identityVerification).toBe(false);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select(["actor_id", "data"])
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "workspace.updated")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(owner.memberId);
    expect(JSON.parse(String(audit.data))).toMatchObject({ identityVerification: false });

    const unsigned = await identify(ws, { userId: "anyone", name: "Anyone" });
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(200);

    // Off already: an admin saving the settings form as it is changes nothing and is not refused;
    // turning it back on is anyone's with workspace:write (it only makes things safer).
    expect((await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { name: "Again", identityVerification: false } })).status).toBe(200);
    const onAgain = await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { identityVerification: true } });
    expect([onAgain.status, onAgain.body.identityVerification]).toEqual([200, true]);
    expect((await identify(ws, { userId: "anyone" })).status).toBe(401);
  });
});

describe("a workspace that had identity verification off before", () => {
  it("keeps it off: unsigned identify works as it did", async () => {
    const ws = await h.workspace();
    // As a workspace created before this default: the column's stored value, untouched by migrations.
    await h.database.db.updateTable("workspaces").set({ identity_verification: 0 }).where("id", "=", ws.id).execute();
    expect((await h.call("GET", "/v1/workspace", { key: await ws.key() })).body.identityVerification).toBe(false);
    const unsigned = await identify(ws, { userId: "legacy", name: "Legacy" });
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(200);
    // Its neighbour, created now, verifies.
    expect((await identify(await h.workspace(), { userId: "legacy" })).status).toBe(401);
  });
});
