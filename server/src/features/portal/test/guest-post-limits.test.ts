import { describe, expect, it } from "vitest";
import { GUEST_POSTS_PER_ADDRESS, GUEST_POSTS_PER_WORKSPACE } from "../guest-post-limits.js";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";

// Guests are unverified: a new email is a new end user, so a cap per end user alone does not stop
// one client posting on. Guest posts are also capped per client address and per workspace, with
// retry-after, on the portal's form and on the API alike.

// One proxy hop is trusted, so each test can speak from addresses of its own.
const h = useHarness({ publicUrlIsServed: true, trustProxyHops: 1 });

let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

async function guestPortal(ws: TestWorkspace) {
  const key = await ws.key();
  await h.call("PATCH", "/v1/workspace", { key, json: { portalGuestAccess: true } });
  const base = `/p/${ws.slug}`;
  const headers = (address: string) => ({ origin: h.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address });
  /** A new guest (a new email) from this address: their cookie and the token it holds. */
  const guest = async (address: string, n: number) => {
    const res = await fetch(`${h.url}${base}/sign-in/guest`, {
      method: "POST",
      redirect: "manual",
      headers: headers(address),
      body: new URLSearchParams({ name: `Guest ${n}`, email: `guest-${n}-${address}@example.com` }).toString(),
    });
    expect(res.status).toBe(303);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    return { cookie, token: decodeURIComponent(cookie.split("=")[1]!) };
  };
  /** Posts an idea through the portal's form. */
  const postByForm = async (address: string, cookie: string, title: string) => {
    const page = await (await fetch(`${h.url}${base}/b/feature-requests/new`, { headers: { cookie, "x-forwarded-for": address } })).text();
    const form = /name="_form" value="([^"]+)"/.exec(page)?.[1] ?? "";
    return fetch(`${h.url}${base}/b/feature-requests/new`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers(address), cookie },
      body: new URLSearchParams({ _form: form, title, body: "" }).toString(),
    });
  };
  return { key, base, guest, postByForm };
}

describe("guest posting limits", () => {
  it("caps guest posts per client address, however many emails it signs in with: 429 with retry-after", async () => {
    const ws = await h.workspace();
    const g = await guestPortal(ws);
    const address = newAddress();
    for (let n = 0; n < GUEST_POSTS_PER_ADDRESS; n++) {
      const { cookie } = await g.guest(address, n);
      expect((await g.postByForm(address, cookie, `Idea ${n}`)).status, `post ${n}`).toBe(303);
    }
    const { cookie, token } = await g.guest(address, 99);
    const refused = await g.postByForm(address, cookie, "One too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The form comes back with what was typed and the reason beside it.
    expect(await refused.text()).toContain("One too many");
    const byApi = await h.call("POST", "/v1/portal/posts", {
      headers: { ...ws.customer(token), "x-forwarded-for": address },
      json: { boardId: await ws.boardId(), title: "Through the API" },
    });
    expect(byApi.status).toBe(429);
    expect(byApi.body.code).toBe("post_limit_reached");
    expect(Number(byApi.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address, and an identified (not guest) end user from this one, still post.
    const elsewhere = await g.guest(newAddress(), 0);
    expect((await g.postByForm(newAddress(), elsewhere.cookie, "From elsewhere")).status).toBe(303);
    const { token: identified } = await ws.identify("customer-user");
    const verified = await h.call("POST", "/v1/portal/posts", {
      headers: { ...ws.customer(identified), "x-forwarded-for": address },
      json: { boardId: await ws.boardId(), title: "From a customer's user" },
    });
    expect(verified.status).toBe(201);
    const posts = (await h.call("GET", "/v1/posts?limit=100", { key: g.key })).body.data as unknown[];
    expect(posts).toHaveLength(GUEST_POSTS_PER_ADDRESS + 2);
  });

  it("caps guest posts per workspace, from however many addresses", async () => {
    const ws = await h.workspace();
    const g = await guestPortal(ws);
    const boardId = await ws.boardId();
    let n = 0;
    for (; n < GUEST_POSTS_PER_WORKSPACE; n++) {
      const address = newAddress();
      const { token } = await g.guest(address, n);
      const res = await h.call("POST", "/v1/portal/posts", {
        headers: { ...ws.customer(token), "x-forwarded-for": address },
        json: { boardId, title: `Idea ${n}` },
      });
      expect(res.status, `post ${n}`).toBe(201);
    }
    const address = newAddress();
    const { token } = await g.guest(address, n);
    const refused = await h.call("POST", "/v1/portal/posts", {
      headers: { ...ws.customer(token), "x-forwarded-for": address },
      json: { boardId, title: "Over" },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another workspace's guests are counted apart.
    const other = await h.workspace();
    const o = await guestPortal(other);
    const theirs = await o.guest(address, 0);
    const res = await h.call("POST", "/v1/portal/posts", {
      headers: { ...other.customer(theirs.token), "x-forwarded-for": address },
      json: { boardId: await other.boardId(), title: "Theirs" },
    });
    expect(res.status).toBe(201);
  });
});
