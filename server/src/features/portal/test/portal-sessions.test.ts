import { describe, expect, it } from "vitest";
import { mintUserToken } from "../../../http/credentials/user-token.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";
import { identityJwt } from "../../../../test/support/jwt.js";

// Portal sessions are server-side: signing out ends one for good, a renewal never goes past 90
// days from the sign-in, and deleting an end user ends every session they had.

const h = useHarness({ publicUrlIsServed: true });
const DAY = 86_400_000;

async function setUp(ws: TestWorkspace) {
  const key = await ws.key();
  const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
  return { key, secret, base: `/p/${ws.slug}` };
}

/** Signs in by a redirect to /sso and answers the cookie to send back, and the token it holds. */
async function sso(base: string, query: string): Promise<{ status: number; cookie: string; token: string; maxAge: number }> {
  const res = await fetch(`${h.url}${base}/sso?${query}`, { redirect: "manual" });
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  return { status: res.status, cookie, token: decodeURIComponent(cookie.split("=")[1] ?? ""), maxAge: Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]) };
}

const signIn = (base: string, secret: string, sub = "ada") => sso(base, `token=${encodeURIComponent(identityJwt(secret, { sub, name: "Ada Lovelace" }))}`);
const renew = (base: string, token: string) => sso(base, `userToken=${encodeURIComponent(token)}`);

async function signedIn(base: string, cookie: string): Promise<boolean> {
  const res = await fetch(`${h.url}${base}/me`, { headers: { cookie } });
  await res.body?.cancel();
  return res.status === 200;
}

describe("portal sessions", () => {
  it("signing out ends the session on the server: the old cookie and its token open nothing", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { cookie, token } = await signIn(s.base, s.secret);
    expect(await signedIn(s.base, cookie)).toBe(true);
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(200);
    const page = await (await fetch(`${h.url}${s.base}/me`, { headers: { cookie } })).text();
    const form = /name="_form" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const out = await fetch(`${h.url}${s.base}/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: h.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _form: form }).toString(),
    });
    expect(out.status).toBe(303);
    // The browser dropped the cookie; someone who kept a copy gets nothing from it.
    expect(await signedIn(s.base, cookie)).toBe(false);
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(401);
    expect((await renew(s.base, token)).status).toBe(401);
  });

  it("renews a session at most 90 days from its sign-in, however often it is renewed", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    let { cookie, token, maxAge } = await signIn(s.base, s.secret);
    expect(maxAge).toBeGreaterThan(30 * 86_400 - 5);
    expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
    let moved = 0;
    const move = (ms: number) => {
      shiftClock(ms);
      moved += ms;
    };
    try {
      for (let i = 0; i < 3; i++) {
        move(25 * DAY);
        ({ cookie, token, maxAge } = await renew(s.base, token));
        expect(cookie).not.toBe("");
        expect(await signedIn(s.base, cookie)).toBe(true);
      }
      // Renewed on day 75: the cookie lives to day 90, not day 105.
      expect(maxAge).toBeLessThanOrEqual(15 * 86_400);
      expect(maxAge).toBeGreaterThan(14 * 86_400);
      move(14 * DAY);
      expect(await signedIn(s.base, cookie)).toBe(true);
      expect((await renew(s.base, token)).status).toBe(303);
      move(1 * DAY + 60_000);
      expect(await signedIn(s.base, cookie)).toBe(false);
      expect((await renew(s.base, token)).status).toBe(401);
      expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(401);
    } finally {
      shiftClock(-moved);
    }
  });

  it("deleting an end user ends all their portal sessions, for good", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const first = await signIn(s.base, s.secret);
    const second = await signIn(s.base, s.secret);
    expect(await signedIn(s.base, first.cookie)).toBe(true);
    const userId = (await h.call("GET", "/v1/users?q=ada", { key: s.key })).body.data[0].id as string;
    expect((await h.call("DELETE", `/v1/users/${userId}`, { key: s.key })).status).toBe(204);
    expect(await signedIn(s.base, first.cookie)).toBe(false);
    expect(await signedIn(s.base, second.cookie)).toBe(false);
    // The team's API may bring the anonymised row back (upserting `deleted:<id>`): the sessions stay ended.
    expect((await h.call("POST", "/v1/users", { key: s.key, json: { externalId: `deleted:${userId}`, name: "Back" } })).status).toBe(200);
    expect(await signedIn(s.base, first.cookie)).toBe(false);
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(second.token) })).status).toBe(401);
  });

  it("reads a long-lived end-user token without a server-side session as signed out", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { userId } = await ws.identify("ada");
    // What the portal's cookie held before sessions were kept on the server: 30 days, stateless.
    const keys = { serverSecret: h.services.userTokenSecret, workspaceId: ws.id, identitySecret: ws.row.identity_secret };
    const old = mintUserToken(keys, userId, Date.now() + 30 * DAY);
    expect(await signedIn(s.base, `heed_portal=${old}`)).toBe(false);
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(old) })).status).toBe(401);
  });

  it("keeps the widget's end-user tokens stateless and short: they work until they expire or the user is deleted", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { userId, token } = await ws.identify("widget-user");
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(200);
    // The panel trades it for a portal session of its own.
    const panel = await renew(s.base, token);
    expect(panel.status).toBe(303);
    expect(await signedIn(s.base, panel.cookie)).toBe(true);
    await h.call("DELETE", `/v1/users/${userId}`, { key: s.key });
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(401);
    expect(await signedIn(s.base, panel.cookie)).toBe(false);
  });
});
