import { describe, expect, it } from "vitest";
import { postForm } from "../../../../test/support/forms.js";
import { useHarness } from "../../../../test/support/harness.js";
import { signedIn } from "../../../../test/support/sessions.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// The portal's address changes with the workspace's slug (PATCH /v1/workspace `slug`); every
// address it had before redirects to the same path and query under the new one (301 for GET and
// HEAD, 308 otherwise, so a form's POST arrives again with its body), and stays the workspace's.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];
const manual = (path: string, init: RequestInit = {}) => fetch(`${h.url}${path}`, { redirect: "manual", ...init });

async function moveTo(key: string, slug: string) {
  const res = await h.call("PATCH", "/v1/workspace", { key, json: { slug } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.slug).toBe(slug);
  return res;
}

describe("changing the portal's address", () => {
  it("redirects the old address: 301 for GET and HEAD, 308 for a POST, path and query kept", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const [old, now] = [ws.slug, `${ws.slug}-new`];
    await moveTo(key, now);

    const page = await manual(`/p/${old}/posts/${postId}?lang=de&x=%2F1`);
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe(`/p/${now}/posts/${postId}?lang=de&x=%2F1`);
    expect(page.headers.get("content-security-policy")).toBeNull();
    const head = await manual(`/p/${old}`, { method: "HEAD" });
    expect([head.status, head.headers.get("location")]).toEqual([301, `/p/${now}`]);
    const followed = await fetch(`${h.url}/p/${old}/posts/${postId}`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${h.url}/p/${now}/posts/${postId}`);
    expect(await followed.text()).toContain("Dark mode");
    // Where single sign-on or a sign-in lands, named under the old address, moves with it.
    const sso = await manual(`/p/${old}/sso?token=x&redirect=${encodeURIComponent(`/p/${old}/posts/${postId}`)}`);
    expect(new URL(sso.headers.get("location")!, h.url).searchParams.get("redirect")).toBe(`/p/${now}/posts/${postId}`);
    expect(new URL(sso.headers.get("location")!, h.url).pathname).toBe(`/p/${now}/sso`);
    // Addresses the portal has no page for are its own 404, under the new address.
    expect((await manual(`/p/${old}/nothing-here`)).headers.get("location")).toBe(`/p/${now}/nothing-here`);

    const post = await postForm(h.url, `/p/${old}/sign-in/email`, { email: "ada@example.com" });
    expect([post.status, post.headers.get("location")]).toEqual([308, `/p/${now}/sign-in/email`]);
    // A browser (and fetch) sends the POST again, with its body, to the new address.
    const resent = await fetch(`${h.url}/p/${old}/sign-in/email`, {
      method: "POST",
      headers: { origin: h.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@example.com" }).toString(),
    });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain("Check your inbox");
    expect(linkIn((await smtp.mailTo("ada@example.com")).text)).toContain(`/p/${now}/sign-in/email/`);

    // The API says where the portal is now; posts' links follow.
    expect((await h.call("GET", "/v1/workspace", { key })).body.slug).toBe(now);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.url).toContain(`/p/${now}/posts/${postId}`);
    // An address that never was a portal's is still no portal.
    expect((await manual(`/p/${ws.slug}-never`)).status).toBe(404);
  });

  it("keeps every old address through two changes, and lets the workspace take an old one back", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const [first, second, third] = [ws.slug, `${ws.slug}-b`, `${ws.slug}-c`];
    await moveTo(key, second);
    await moveTo(key, third);
    for (const old of [first, second]) expect((await manual(`/p/${old}/roadmap`)).headers.get("location")).toBe(`/p/${third}/roadmap`);
    expect((await manual(`/p/${third}/roadmap`)).status).toBe(200);

    await moveTo(key, first);
    expect((await manual(`/p/${first}`)).status).toBe(200);
    for (const old of [second, third]) expect((await manual(`/p/${old}`)).headers.get("location")).toBe(`/p/${first}`);
    // Sending the slug it has changes nothing.
    await moveTo(key, first);
    expect((await manual(`/p/${first}`)).status).toBe(200);
  });

  it("refuses a slug another workspace has or had, and one that is not a slug", async () => {
    const [ws, other] = [await h.workspace(), await h.workspace()];
    const [key, otherKey] = [await ws.key(), await other.key()];
    const taken = await h.call("PATCH", "/v1/workspace", { key, json: { slug: other.slug } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "conflict", errors: [{ pointer: "/slug", code: "taken" }] });

    // Another workspace's old address stays theirs: taking it would catch the links they sent.
    const otherOld = other.slug;
    await moveTo(otherKey, `${other.slug}-moved`);
    const kept = await h.call("PATCH", "/v1/workspace", { key, json: { slug: otherOld } });
    expect(kept.status).toBe(409);
    expect(kept.body.detail).toContain("stays theirs");
    expect((await manual(`/p/${otherOld}`)).headers.get("location")).toBe(`/p/${other.slug}-moved`);

    // Two workspaces asking for one free slug at once: one gets it.
    const free = `${ws.slug}-race`;
    const raced = await Promise.all([key, otherKey].map((k) => h.call("PATCH", "/v1/workspace", { key: k, json: { slug: free } })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    if (raced[0]!.status === 200) await moveTo(key, ws.slug);

    for (const slug of ["Upper", "-dash", "dash-", "a_b", "", "x".repeat(49), "é"]) {
      const res = await h.call("PATCH", "/v1/workspace", { key, json: { slug } });
      expect(res.status, slug).toBe(400);
      expect(res.body.errors[0].pointer, slug).toBe("/slug");
    }
    expect((await h.call("GET", "/v1/workspace", { key })).body.slug).toBe(ws.slug);
  });

  it("is a change for those who may change the workspace, and the audit log says from what to what", async () => {
    const ws = await h.workspace();
    const readOnly = await ws.key(["workspace:read"]);
    const refused = await h.call("PATCH", "/v1/workspace", { key: readOnly, json: { slug: `${ws.slug}-no` } });
    expect(refused.status).toBe(403);
    // The harness serves PUBLIC_URL here: a session's writes come from its origin.
    const member = await signedIn(h, ws, "member");
    const tooSmall = await h.call("PATCH", "/v1/workspace", { headers: { ...member.headers, origin: h.url }, json: { slug: `${ws.slug}-no` } });
    expect([tooSmall.status, tooSmall.body.code]).toEqual([403, "missing_scope"]);
    expect((await manual(`/p/${ws.slug}`)).status).toBe(200);

    const admin = await signedIn(h, ws, "admin");
    const moved = await h.call("PATCH", "/v1/workspace", { headers: { ...admin.headers, origin: h.url }, json: { slug: `${ws.slug}-yes` } });
    expect(moved.status).toBe(200);
    const key = await ws.key();
    const log = (await h.call("GET", "/v1/audit-log?limit=100", { key })).body.data as { action: string; actor: { id: string | null }; changes?: unknown }[];
    const entry = log.find((e) => e.action === "workspace.updated");
    expect(JSON.stringify(entry)).toContain(`"previousSlug":"${ws.slug}"`);
    expect(JSON.stringify(entry)).toContain(`"slug":"${ws.slug}-yes"`);
  });
});

describe("links sent before the portal moved", () => {
  it("signs in by the mailed link asked for at the old address, and lands where it was asked from", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await h.call("POST", "/v1/users", { key, json: { externalId: "cy-1", name: "Cy Twombly", email: "cy@example.com" } });
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const old = `/p/${ws.slug}`;
    expect((await postForm(h.url, `${old}/sign-in/email`, { email: "cy@example.com", redirect: `${old}/posts/${postId}` })).status).toBe(200);
    const link = linkIn((await smtp.mailTo("cy@example.com")).text);
    expect(link).toContain(`${old}/sign-in/email/`);

    const now = `/p/${ws.slug}-moved`;
    await moveTo(key, `${ws.slug}-moved`);
    const token = link.split("/").pop()!;
    // Opening the old link: to the new address, which asks to confirm.
    const opened = await manual(new URL(link).pathname);
    expect([opened.status, opened.headers.get("location")]).toEqual([301, `${now}/sign-in/email/${token}`]);
    const page = await manual(`${now}/sign-in/email/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign in as cy@example.com?");
    expect(html).toContain(`action="${now}/sign-in/email/${token}"`);
    // A confirmation sent to the old address is sent on, body and all.
    const toOld = await postForm(h.url, new URL(link).pathname, {});
    expect([toOld.status, toOld.headers.get("location")]).toEqual([308, `${now}/sign-in/email/${token}`]);
    const confirmed = await postForm(h.url, `${now}/sign-in/email/${token}`, {});
    expect(confirmed.status).toBe(303);
    // It lands on the page it was asked from, at the portal's address now, signed in there.
    expect(confirmed.headers.get("location")).toBe(`${now}/posts/${postId}`);
    const setCookie = confirmed.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`Path=${now}`);
    const cookie = setCookie.split(";")[0]!;
    expect(await (await fetch(`${h.url}${now}/posts/${postId}`, { headers: { cookie } })).text()).toContain("Cy Twombly");
  });

  it("confirms a changelog subscription asked for at the old address", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const old = `/p/${ws.slug}`;
    expect((await postForm(h.url, `${old}/changelog/subscribe`, { email: "bo@example.com" })).status).toBe(200);
    const link = linkIn((await smtp.mailTo("bo@example.com")).text);
    await moveTo(key, `${ws.slug}-moved`);
    const now = `/p/${ws.slug}-moved`;
    const path = new URL(link).pathname.replace(old, now);
    expect(await (await manual(path)).text()).toContain("bo@example.com");
    const confirmed = await postForm(h.url, path, {});
    expect(confirmed.headers.get("location")).toBe(`${now}/changelog?subscribed=1`);
    const reader = await h.database.db
      .selectFrom("users")
      .select("follows_changelog")
      .where("workspace_id", "=", ws.id)
      .where("email", "=", "bo@example.com")
      .executeTakeFirstOrThrow();
    expect(reader.follows_changelog).toBe(1);
  });
});
