import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { heed } from "../../../../test/support/processes.js";
import { HEED_ORIGIN, PASSWORD, sessionCookieOf, signedIn, signInAs } from "../../../../test/support/sessions.js";

// Invites: a one-time link that brings a person into a workspace with a role, creating their
// account if the email has none, and signing them in.

const h = useHarness();

/** The token of an invite link (`…/app/invite/<token>`). */
const tokenOf = (inviteUrl: string) => inviteUrl.split("/app/invite/")[1]!;

describe("invites", () => {
  it("an owner invites by email; the link previews the invite, joins, signs in and works once", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const created = await h.call("POST", "/v1/members/invites", { json: { email: "New.Person@Example.com", role: "admin" }, headers: owner.headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "new.person@example.com", role: "admin", invitedBy: owner.memberId });
    expect(created.body.inviteUrl).toMatch(/^http:\/\/heed\.test\/app\/invite\/[\w-]{43}$/);
    const token = tokenOf(created.body.inviteUrl);
    // Listed as pending, without the link.
    const pending = await h.call("GET", "/v1/members/invites", { headers: owner.cookieOnly });
    expect(pending.body.data).toEqual([expect.objectContaining({ id: created.body.id })]);
    expect(JSON.stringify(pending.body)).not.toContain(token);

    const preview = await h.call("GET", `/v1/auth/invites/${token}`);
    expect(preview.body).toEqual({
      workspace: { name: ws.row.name, slug: ws.slug },
      email: "new.person@example.com",
      role: "admin",
      expiresAt: expect.any(String),
    });

    const otherEmail = await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "X", password: PASSWORD, email: "someone.else@example.com" } });
    expect([otherEmail.status, otherEmail.body.errors?.[0]?.pointer]).toEqual([400, "/email"]);
    const short = await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "New Person", password: "short" } });
    expect([short.status, short.body.errors?.[0]?.pointer]).toEqual([400, "/password"]);
    const accepted = await h.call("POST", `/v1/auth/invites/${token}/accept`, {
      json: { name: "New Person", password: PASSWORD },
      headers: { origin: HEED_ORIGIN },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.workspaces).toEqual([{ id: ws.id, slug: ws.slug, name: ws.row.name, role: "admin", requiresTwoFactor: false }]);
    const cookie = sessionCookieOf(accepted.headers);
    expect((await h.call("GET", "/v1/api-keys", { headers: { cookie } })).status).toBe(200);

    const again = await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "Someone else", password: PASSWORD } });
    expect([again.status, again.body.code]).toEqual([404, "not_found"]);
    expect((await h.call("GET", `/v1/auth/invites/${token}`)).status).toBe(404);
    const members = await h.call("GET", "/v1/members", { headers: owner.cookieOnly });
    expect(members.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual(["new.person@example.com", "admin"]);
    const audit = await h.database.db.selectFrom("audit_log").select("action").where("workspace_id", "=", ws.id).where("object_type", "=", "invite").execute();
    expect(audit.map((a) => a.action)).toEqual(["invite.created"]);
  });

  it("an existing account joins another workspace with its own password, never a new one", async () => {
    const a = await h.workspace();
    const b = await h.workspace();
    const person = await signedIn(h, a, "member");
    const invite = await h.call("POST", "/v1/members/invites", { key: await b.key(["members:write"]), json: { email: person.email, role: "member" } });
    const token = tokenOf(invite.body.inviteUrl);
    const wrong = await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "Taken over", password: "another password" } });
    expect([wrong.status, wrong.body.code]).toEqual([401, "invalid_credential"]);
    const joined = await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "Me", password: PASSWORD } });
    expect(joined.body.workspaces.map((w: { id: string }) => w.id)).toEqual([a.id, b.id]);
    // Still the same account, still its password.
    await signInAs(h, person.email, person.memberId);
  });

  it("keeps ownership with owners: an admin's session cannot invite an owner, nor change or remove one", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const admin = await signedIn(h, ws, "admin");
    const invite = await h.call("POST", "/v1/members/invites", { json: { email: "boss@example.com", role: "owner" }, headers: admin.headers });
    expect([invite.status, invite.body.code]).toEqual([403, "owner_only"]);
    const demote = await h.call("PATCH", `/v1/members/${owner.memberId}`, { json: { role: "member" }, headers: admin.headers });
    expect([demote.status, demote.body.code]).toEqual([403, "owner_only"]);
    const promote = await h.call("PATCH", `/v1/members/${admin.memberId}`, { json: { role: "owner" }, headers: admin.headers });
    expect([promote.status, promote.body.code]).toEqual([403, "owner_only"]);
    const remove = await h.call("DELETE", `/v1/members/${owner.memberId}`, { headers: admin.headers });
    expect([remove.status, remove.body.code]).toEqual([403, "owner_only"]);
    // Nor mint a key that could: full access and members:write are an owner's to hand out.
    for (const scopes of [["*"], ["members:write"]]) {
      const key = await h.call("POST", "/v1/api-keys", { json: { name: "escape", scopes }, headers: admin.headers });
      expect([key.status, key.body.code], scopes.join()).toEqual([403, "owner_only"]);
    }
    expect((await h.call("POST", "/v1/api-keys", { json: { name: "ci", scopes: ["posts:write"] }, headers: admin.headers })).status).toBe(201);
    expect((await h.call("POST", "/v1/api-keys", { json: { name: "all", scopes: ["*"] }, headers: owner.headers })).status).toBe(201);
    // An admin invites admins and members; an owner invites owners.
    expect((await h.call("POST", "/v1/members/invites", { json: { email: "helper@example.com", role: "admin" }, headers: admin.headers })).status).toBe(201);
    expect((await h.call("POST", "/v1/members/invites", { json: { email: "boss@example.com", role: "owner" }, headers: owner.headers })).status).toBe(201);
  });

  it("revokes an invite, replaces a pending one, and refuses a member's email", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const first = await h.call("POST", "/v1/members/invites", { json: { email: "x@example.com", role: "member" }, headers: owner.headers });
    const second = await h.call("POST", "/v1/members/invites", { json: { email: "x@example.com", role: "admin" }, headers: owner.headers });
    expect((await h.call("GET", `/v1/auth/invites/${tokenOf(first.body.inviteUrl)}`)).status).toBe(404);
    expect((await h.call("DELETE", `/v1/members/invites/${second.body.id}`, { headers: owner.headers })).status).toBe(204);
    expect((await h.call("GET", `/v1/auth/invites/${tokenOf(second.body.inviteUrl)}`)).status).toBe(404);
    expect((await h.call("GET", "/v1/members/invites", { headers: owner.cookieOnly })).body.data).toEqual([]);
    const member = await h.call("POST", "/v1/members/invites", { json: { email: owner.email, role: "member" }, headers: owner.headers });
    expect([member.status, member.body.code]).toEqual([409, "conflict"]);
  });

  it("heed members invite prints a link that joins the workspace", async () => {
    const ws = await h.workspace();
    const printed = await heed(["members", "invite", "--workspace", ws.slug, "--email", "first@example.com", "--role", "owner", "--json"], h.database.url);
    expect(printed.code, printed.stderr).toBe(0);
    const invite = JSON.parse(printed.stdout);
    expect(invite).toMatchObject({ email: "first@example.com", role: "owner", invitedBy: null });
    const joined = await h.call("POST", `/v1/auth/invites/${tokenOf(invite.inviteUrl)}/accept`, { json: { name: "First", password: PASSWORD } });
    expect(joined.body.workspaces).toEqual([expect.objectContaining({ id: ws.id, role: "owner" })]);
    const bad = await heed(["members", "invite", "--workspace", ws.slug, "--email", "not an email", "--role", "owner"], h.database.url);
    expect(bad.code).toBe(2);
  });
});
