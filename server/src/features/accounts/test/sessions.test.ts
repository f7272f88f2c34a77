import { describe, expect, it } from "vitest";
import { isoAt, nowMs } from "../../../platform/lib/clock.js";
import { operations } from "../../../routes.js";
import { useHarness } from "../../../../test/support/harness.js";
import { addMembership, makeMembers } from "../../../../test/support/members.js";
import { HEED_ORIGIN, PASSWORD, sessionCookieOf, signedIn, signInAs } from "../../../../test/support/sessions.js";

// Team sign-in: the dashboard session as a credential beside API keys. The cookie's flags, the
// CSRF and Origin checks on writes, roles, workspaces, expiry, sign-out, and attempt limits.

const h = useHarness();

describe("signing in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and answers the account, its workspaces and the CSRF token", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["owner"], PASSWORD);
    const res = await h.call("POST", "/v1/auth/sign-in", { json: { email: `${memberId}@EXAMPLE.com`, password: PASSWORD } });
    expect(res.status).toBe(200);
    const [setCookie, hint, ...more] = res.headers.getSetCookie();
    expect(setCookie).toMatch(/^heed_session=[\w-]{43}; Max-Age=7776000; Path=\/; HttpOnly; SameSite=Lax$/);
    // Its readable companion says only that there is a session (the dashboard asks for it then).
    expect(hint).toBe("heed_signed_in=1; Max-Age=7776000; Path=/; SameSite=Lax");
    expect(more).toEqual([]);
    expect(res.body).toEqual({
      account: { id: expect.stringMatching(/^acc_/), email: `${memberId}@example.com`, name: "Member 0", twoFactor: false },
      workspaces: [{ id: ws.id, slug: ws.slug, name: ws.row.name, role: "owner", requiresTwoFactor: false }],
      currentWorkspaceId: ws.id,
      csrfToken: expect.stringMatching(/^[\w-]{43}$/),
      secondFactor: false,
    });
    // The token is stored only as its hash.
    const token = sessionCookieOf(res.headers).split("=")[1]!;
    const rows = await h.database.db.selectFrom("sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("answers a wrong password and an unknown email alike", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const wrong = await h.call("POST", "/v1/auth/sign-in", { json: { email: `${memberId}@example.com`, password: "not the password" } });
    const unknown = await h.call("POST", "/v1/auth/sign-in", { json: { email: "nobody@example.com", password: "not the password" } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(wrong.body.detail).toBe(unknown.body.detail);
    expect(wrong.body.code).toBe(unknown.body.code);
  });

  it("starts a new session at every sign-in and ends the one the browser brought", async () => {
    const ws = await h.workspace();
    const first = await signedIn(h, ws, "member");
    const again = await h.call("POST", "/v1/auth/sign-in", { json: { email: first.email, password: PASSWORD }, headers: { cookie: first.cookie } });
    expect(again.status).toBe(200);
    expect(sessionCookieOf(again.headers)).not.toBe(first.cookie);
    expect((await h.call("GET", "/v1/auth/session", { headers: first.cookieOnly })).status).toBe(401);
  });

  it("ignores an Idempotency-Key on the session's own routes: a replay never hands a session out again", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const send = () =>
      h.call("POST", "/v1/auth/sign-in", { json: { email: `${memberId}@example.com`, password: PASSWORD }, headers: { "idempotency-key": "same" } });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(sessionCookieOf(second.headers)).not.toBe(sessionCookieOf(first.headers));
  });

  it("refuses a sign-in posted from another site", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const res = await h.call("POST", "/v1/auth/sign-in", {
      json: { email: `${memberId}@example.com`, password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("csrf_failed");
  });

  it("limits attempts per account: the 11th in 15 minutes is a 429 with retry-after, even with the right password", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const email = `${memberId}@example.com`;
    for (let i = 0; i < 10; i++) expect((await h.call("POST", "/v1/auth/sign-in", { json: { email, password: `guess number ${i}` } })).status).toBe(401);
    const res = await h.call("POST", "/v1/auth/sign-in", { json: { email, password: PASSWORD } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the session as a credential", () => {
  it("opens the /v1 routes its role allows: a member reads posts but not API keys; an owner both", async () => {
    const ws = await h.workspace();
    const member = await signedIn(h, ws, "member");
    const owner = await signedIn(h, ws, "owner");
    expect((await h.call("GET", "/v1/posts", { headers: member.cookieOnly })).status).toBe(200);
    const refused = await h.call("GET", "/v1/api-keys", { headers: member.cookieOnly });
    expect([refused.status, refused.body.code, refused.body.requiredScope]).toEqual([403, "missing_scope", "api_keys:read"]);
    expect((await h.call("GET", "/v1/api-keys", { headers: owner.cookieOnly })).status).toBe(200);
  });

  it("needs the CSRF token and a same-origin Origin on writes, and the audit row names the member", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "member");
    const json = { boardId: await ws.boardId(), title: "From the dashboard" };
    const noToken = await h.call("POST", "/v1/posts", { json, headers: { cookie: s.cookie, origin: HEED_ORIGIN } });
    const wrongToken = await h.call("POST", "/v1/posts", { json, headers: { ...s.headers, "x-csrf-token": "x".repeat(43) } });
    const otherOrigin = await h.call("POST", "/v1/posts", { json, headers: { ...s.headers, origin: "https://evil.example" } });
    const noOrigin = await h.call("POST", "/v1/posts", { json, headers: { cookie: s.cookie, "x-csrf-token": s.csrfToken } });
    for (const res of [noToken, wrongToken, otherOrigin, noOrigin]) expect([res.status, res.body.code]).toEqual([403, "csrf_failed"]);
    const created = await h.call("POST", "/v1/posts", { json, headers: s.headers });
    expect(created.status).toBe(201);
    const audit = await h.database.db.selectFrom("audit_log").selectAll().where("object_id", "=", created.body.id).executeTakeFirstOrThrow();
    expect([audit.actor_type, audit.actor_id]).toEqual(["member", s.memberId]);
    expect((await h.call("GET", "/v1/posts", { headers: s.cookieOnly })).body.data.map((p: { id: string }) => p.id)).toContain(created.body.id);
  });

  it("refuses a cross-site form post that carries the cookie", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "owner");
    const res = await h.call("POST", "/v1/api-keys", {
      body: "name=stolen&scopes=*",
      headers: { cookie: s.cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect([res.status, res.body.code]).toEqual([403, "csrf_failed"]);
    expect(await h.database.db.selectFrom("api_keys").select("id").where("workspace_id", "=", ws.id).execute()).toEqual([]);
  });

  it("lets a bearer key win over a cookie, and never takes a key on the session's own routes", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "member");
    const key = await ws.key(["api_keys:read"]);
    expect((await h.call("GET", "/v1/api-keys", { key, headers: s.cookieOnly })).status).toBe(200);
    const res = await h.call("GET", "/v1/auth/session", { key });
    expect([res.status, res.body.code]).toEqual([401, "wrong_credential_kind"]);
    expect((await h.call("GET", "/v1/auth/session")).body.code).toBe("missing_credential");
  });

  it("acts in the workspace the request names, or the session's current one; switching needs no new sign-in", async () => {
    const a = await h.workspace();
    const b = await h.workspace();
    const stranger = await h.workspace();
    const s = await signedIn(h, a, "owner");
    await addMembership(h.database.db, s.memberId, b.id, "member");
    const session = await h.call("GET", "/v1/auth/session", { headers: s.cookieOnly });
    expect(session.body.workspaces.map((w: { slug: string; role: string }) => [w.slug, w.role])).toEqual([
      [a.slug, "owner"],
      [b.slug, "member"],
    ]);
    const boardsOf = async (headers: Record<string, string>) => (await h.call("GET", "/v1/boards", { headers })).body.data[0]?.id;
    expect(await boardsOf(s.cookieOnly)).toBe(await a.boardId());
    expect(await boardsOf({ ...s.cookieOnly, "x-heed-workspace": b.slug })).toBe(await b.boardId());
    expect(await boardsOf({ ...s.cookieOnly, "x-heed-workspace": b.id })).toBe(await b.boardId());
    const foreign = await h.call("GET", "/v1/boards", { headers: { ...s.cookieOnly, "x-heed-workspace": stranger.slug } });
    expect([foreign.status, foreign.body.code]).toEqual([403, "not_a_member"]);

    const switched = await h.call("PATCH", "/v1/auth/session", { json: { currentWorkspaceId: b.id }, headers: s.headers });
    expect(switched.body.currentWorkspaceId).toBe(b.id);
    expect(await boardsOf(s.cookieOnly)).toBe(await b.boardId());
    // In b the account is a member: no API keys there.
    expect((await h.call("GET", "/v1/api-keys", { headers: s.cookieOnly })).status).toBe(403);
    const notMine = await h.call("PATCH", "/v1/auth/session", { json: { currentWorkspaceId: stranger.id }, headers: s.headers });
    expect([notMine.status, notMine.body.code]).toEqual([403, "not_a_member"]);
  });

  it("ends after 14 idle days or 90 days in all", async () => {
    const ws = await h.workspace();
    const idle = await signedIn(h, ws, "member");
    const old = await signedIn(h, ws, "member");
    const day = 24 * 3_600_000;
    await h.database.db
      .updateTable("sessions")
      .set({ last_seen_at: isoAt(nowMs() - 15 * day) })
      .where("id", "=", await sessionId(idle.cookieOnly))
      .execute();
    await h.database.db
      .updateTable("sessions")
      .set({ expires_at: isoAt(nowMs() - 1000) })
      .where("id", "=", await sessionId(old.cookieOnly))
      .execute();
    for (const s of [idle, old]) {
      const res = await h.call("GET", "/v1/posts", { headers: s.cookieOnly });
      expect([res.status, res.body.code]).toEqual([401, "invalid_credential"]);
    }
  });
});

describe("ending sessions", () => {
  it("signs out on the server: the cookie is cleared and no longer opens anything", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "member");
    const noCsrf = await h.call("POST", "/v1/auth/sign-out", { headers: s.cookieOnly });
    expect([noCsrf.status, noCsrf.body.code]).toEqual([403, "csrf_failed"]);
    const res = await h.call("POST", "/v1/auth/sign-out", { headers: s.headers });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().map((c) => `${c.split("; ")[0]}; ${c.split("; ")[1]}`)).toEqual([
      "heed_session=; Max-Age=0",
      "heed_signed_in=; Max-Age=0",
    ]);
    expect((await h.call("GET", "/v1/posts", { headers: s.cookieOnly })).status).toBe(401);
  });

  it("gives a session cookie set before its readable hint existed the hint when the dashboard loads", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "member");
    const page = await fetch(`${h.url}/app/posts`, { headers: s.cookieOnly });
    expect(page.headers.getSetCookie()).toEqual(["heed_signed_in=1; Max-Age=7776000; Path=/; SameSite=Lax"]);
    const hinted = await fetch(`${h.url}/app/posts`, { headers: { cookie: `${s.cookie}; heed_signed_in=1` } });
    expect(hinted.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${h.url}/app/sign-in`)).headers.getSetCookie()).toEqual([]);
  });

  it("lists the account's sessions, ends one, and ends all", async () => {
    const ws = await h.workspace();
    const laptop = await signedIn(h, ws, "member");
    const phone = await signInAs(h, laptop.email, laptop.memberId);
    const list = await h.call("GET", "/v1/auth/sessions", { headers: laptop.cookieOnly });
    expect(list.body.data.map((s: { current: boolean }) => s.current).sort()).toEqual([false, true]);
    const phoneId = list.body.data.find((s: { current: boolean }) => !s.current).id;
    // Another account's session id is unknown here.
    const stranger = await signedIn(h, ws, "member");
    expect((await h.call("DELETE", `/v1/auth/sessions/${phoneId}`, { headers: stranger.headers })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/auth/sessions/${phoneId}`, { headers: laptop.headers })).status).toBe(204);
    expect((await h.call("GET", "/v1/posts", { headers: phone.cookieOnly })).status).toBe(401);
    expect((await h.call("DELETE", "/v1/auth/sessions", { headers: laptop.headers })).status).toBe(204);
    expect((await h.call("GET", "/v1/posts", { headers: laptop.cookieOnly })).status).toBe(401);
    expect((await h.call("GET", "/v1/posts", { headers: stranger.cookieOnly })).status).toBe(200);
  });
});

// The routes about the signed-in person's own account take the session alone: every one of them
// refuses no credential, an API key and the public key (401), and a write without the CSRF token
// or from another origin (403).
const SESSION_ROUTES = operations.filter((op) => op.credential.kind === "session").map(({ route }) => route);

describe.each(SESSION_ROUTES)("$method $path (the session alone)", (route) => {
  const path = `/v1${route.path.replace("{id}", "ses_01aaaaaaaaaaaaaaaaaaaaaaaa")}`;
  const method = route.method.toUpperCase();
  const json = route.path === "/auth/session" && method === "PATCH" ? { currentWorkspaceId: "ws_01aaaaaaaaaaaaaaaaaaaaaaaa" } : undefined;

  it("refuses no credential, an API key and the public key (401)", async () => {
    const ws = await h.workspace();
    const refusals = [
      await h.call(method, path, { json }),
      await h.call(method, path, { json, key: await ws.key() }),
      await h.call(method, path, { json, headers: ws.customer() }),
    ];
    expect(refusals.map((res) => [res.status, res.body.code])).toEqual([
      [401, "missing_credential"],
      [401, "wrong_credential_kind"],
      [401, "wrong_credential_kind"],
    ]);
  });

  if (method !== "GET") {
    it("refuses a write without the CSRF token or from another origin (403)", async () => {
      const s = await signedIn(h, await h.workspace(), "member");
      const refusals = [
        await h.call(method, path, { json, headers: { cookie: s.cookie, origin: HEED_ORIGIN } }),
        await h.call(method, path, { json, headers: { ...s.headers, origin: "https://evil.example" } }),
      ];
      expect(refusals.map((res) => [res.status, res.body.code])).toEqual([
        [403, "csrf_failed"],
        [403, "csrf_failed"],
      ]);
      // Still signed in: a refused write changed nothing.
      expect((await h.call("GET", "/v1/auth/session", { headers: s.cookieOnly })).status).toBe(200);
    });
  }
});

async function sessionId(headers: Record<string, string>): Promise<string> {
  const list = await h.call("GET", "/v1/auth/sessions", { headers });
  return list.body.data.find((s: { current: boolean }) => s.current).id;
}
