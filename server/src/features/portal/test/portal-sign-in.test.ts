import { describe, expect, it } from "vitest";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";
import { identityJwt, jwt, nowSeconds } from "../../../../test/support/jwt.js";

// End users on the portal's pages: single sign-on from the customer's app (a JWT signed with the
// identity secret), the portal's cookie, and the form posts a signed-in reader sends (vote,
// comment, reply, submit, sign out), each refused without its form token or from another site.

const h = useHarness({ publicUrlIsServed: true });

async function setUp(ws: TestWorkspace) {
  const key = await ws.key();
  const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
  const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id as string;
  const token = (claims: Record<string, unknown> = {}) => identityJwt(secret, { sub: "ada", name: "Ada Lovelace", email: "ada@example.com", ...claims });
  return { key, secret, postId, token, base: `/p/${ws.slug}` };
}

/** Signs in through /sso and answers the cookie header to send back. */
async function signIn(base: string, token: string, redirect = ""): Promise<{ cookie: string; location: string | null; setCookie: string }> {
  const res = await fetch(`${h.url}${base}/sso?token=${encodeURIComponent(token)}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ""}`, {
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { cookie: setCookie.split(";")[0]!, location: res.headers.get("location"), setCookie };
}

async function pageOf(path: string, cookie: string): Promise<string> {
  const res = await fetch(`${h.url}${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
}

const formToken = (html: string) => /name="_form" value="([^"]+)"/.exec(html)?.[1] ?? "";

function post(path: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${h.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: h.url, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("signing in to the portal", () => {
  it("signs in from the customer's app with a JWT, lands on the page asked for, and never leaves the portal", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { cookie, location, setCookie } = await signIn(s.base, s.token(), `${s.base}/posts/${s.postId}`);
    expect(location).toBe(`${s.base}/posts/${s.postId}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toContain(`Path=${s.base}`);
    expect(await pageOf(`${s.base}/posts/${s.postId}`, cookie)).toContain("Ada Lovelace");
    for (const redirect of ["https://evil.example/p/x", "//evil.example", `/p/other-portal`, "javascript:alert(1)"]) {
      expect((await signIn(s.base, s.token(), redirect)).location, redirect).toBe(s.base);
    }
  });

  it("refuses a forged, expired or foreign sign-in token with a page, and sets no cookie", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const s = await setUp(ws);
    const theirs = await setUp(other);
    for (const token of [
      jwt("not the secret", { sub: "ada", iat: nowSeconds(), exp: nowSeconds() + 300, jti: "forged" }),
      s.token({ iat: nowSeconds() - 3900, exp: nowSeconds() - 3600 }),
      theirs.token(),
      "garbage",
      "",
    ]) {
      const res = await fetch(`${h.url}${s.base}/sso?token=${encodeURIComponent(token)}`, { redirect: "manual" });
      expect(res.status, token).toBe(401);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toContain("Sign-in did not work");
    }
  });

  it("votes, comments, replies, posts an idea and signs out, with forms that work without JavaScript", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { cookie } = await signIn(s.base, s.token());
    const postPath = `${s.base}/posts/${s.postId}`;
    let html = await pageOf(postPath, cookie);
    const form = formToken(html);
    expect(form).not.toBe("");

    const voted = await post(`${postPath}/vote`, cookie, { _form: form, voted: "1" });
    expect(voted.status).toBe(303);
    expect(voted.headers.get("location")).toBe(postPath);
    expect((await h.call("GET", `/v1/posts/${s.postId}`, { key: s.key })).body.voteCount).toBe(1);
    html = await pageOf(postPath, cookie);
    expect(html).toContain('aria-pressed="true"');
    // The page's script asks for JSON.
    const unvoted = await post(`${postPath}/vote`, cookie, { _form: form, voted: "0" }, { accept: "application/json" });
    expect(await unvoted.json()).toEqual({ postId: s.postId, voted: false, voteCount: 0 });

    const commented = await post(`${postPath}/comments`, cookie, { _form: form, body: "Yes, **please**." });
    expect(commented.status).toBe(303);
    const commentId = /#comment-(\w+)$/.exec(commented.headers.get("location") ?? "")?.[1];
    expect(commentId).toMatch(/^cmt_/);
    const replied = await post(`${postPath}/comments`, cookie, { _form: form, body: "And the API too", parentId: commentId! });
    expect(replied.status).toBe(303);
    html = await pageOf(postPath, cookie);
    expect(html).toContain("<strong>please</strong>");
    expect(html).toMatch(/class="replies">.*And the API too/s);
    const empty = await post(`${postPath}/comments`, cookie, { _form: form, body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('aria-invalid="true"');

    const board = `${s.base}/b/feature-requests`;
    expect(await pageOf(board, cookie)).toContain(`href="${board}/new"`);
    const submitted = await post(`${board}/new`, cookie, { _form: form, title: "Export to CSV", body: "For finance." });
    expect(submitted.status).toBe(303);
    const newPost = submitted.headers.get("location")!;
    expect(await pageOf(newPost, cookie)).toContain("Export to CSV");
    const tooLong = await post(`${board}/new`, cookie, { _form: form, title: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("x".repeat(201));
    const me = await pageOf(`${s.base}/me`, cookie);
    expect(me).toContain("Export to CSV");

    const signedOut = await post(`${s.base}/sign-out`, cookie, { _form: form });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("set-cookie")).toMatch(/heed_portal=;|Max-Age=0/);
  });

  it("refuses a write without the form token, from another site, or from nobody signed in", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { cookie } = await signIn(s.base, s.token());
    const form = formToken(await pageOf(`${s.base}/posts/${s.postId}`, cookie));
    const vote = `${s.base}/posts/${s.postId}/vote`;
    expect((await post(vote, cookie, { voted: "1" })).status).toBe(403);
    expect((await post(vote, cookie, { _form: "forged", voted: "1" })).status).toBe(403);
    expect((await post(vote, cookie, { _form: form, voted: "1" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(vote, "", { _form: form, voted: "1" })).status).toBe(401);
    // Another signed-in reader's form token does not fit this cookie.
    const bob = await signIn(s.base, s.token({ sub: "bob", name: "Bob" }));
    expect((await post(vote, bob.cookie, { _form: form, voted: "1" })).status).toBe(403);
    expect((await h.call("GET", `/v1/posts/${s.postId}`, { key: s.key })).body.voteCount).toBe(0);
    expect((await post(`${s.base}/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa/vote`, cookie, { _form: form, voted: "1" })).status).toBe(404);
  });

  it("opens a private portal to a signed-in reader, and signs everyone out when the identity secret is rotated", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalVisibility: "private" } });
    expect(await pageOf(`${s.base}/posts/${s.postId}`, "")).not.toContain("Dark mode");
    const { cookie } = await signIn(s.base, s.token());
    expect(await pageOf(`${s.base}/posts/${s.postId}`, cookie)).toContain("Dark mode");
    await h.call("POST", "/v1/workspace/identity-secret/rotate", { key: s.key });
    expect(await pageOf(`${s.base}/posts/${s.postId}`, cookie)).not.toContain("Dark mode");
  });

  it("takes guests only where the workspace allows them, marked as guests", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const guest = (fields: Record<string, string>, headers: Record<string, string> = {}) => post(`${s.base}/sign-in/guest`, "", fields, headers);
    expect(await pageOf(`${s.base}/sign-in`, "")).not.toContain("sign-in/guest");
    expect((await guest({ name: "Gus", email: "gus@example.com" })).status).toBe(404);

    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalGuestAccess: true } });
    expect(await pageOf(`${s.base}/sign-in?redirect=${encodeURIComponent(`${s.base}/posts/${s.postId}`)}`, "")).toContain(
      `value="${s.base}/posts/${s.postId}"`,
    );
    const bad = await guest({ name: "Gus", email: "not an email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="not an email"');
    expect((await guest({ name: "Gus", email: "gus@example.com" }, { origin: "https://evil.example" })).status).toBe(403);
    const signedIn = await guest({ name: "Gus", email: "Gus@Example.com", redirect: `${s.base}/posts/${s.postId}` });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe(`${s.base}/posts/${s.postId}`);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const html = await pageOf(`${s.base}/posts/${s.postId}`, cookie);
    expect(html).toContain("Gus");
    expect((await post(`${s.base}/posts/${s.postId}/vote`, cookie, { _form: formToken(html), voted: "1" })).status).toBe(303);
    const users = (await h.call("GET", "/v1/users?q=gus", { key: s.key })).body.data;
    expect(users).toMatchObject([{ externalId: "guest:gus@example.com", email: "gus@example.com", traits: { guest: true } }]);
  });

  it("offers a visitor a way in and a new idea from every page, and brings them back to the form once in", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const board = (await h.call("GET", `/v1/boards/${await ws.boardId()}`, { key: s.key })).body.slug as string;
    const form = `${s.base}/b/${board}/new`;
    const redirectOf = (html: string) => /href="[^"]*\/sign-in\?redirect=([^"]+)"/.exec(html)?.[1];
    // Every page's header: a new idea, and sign-in that returns to the page.
    for (const path of [s.base, `${s.base}/b/${board}`, `${s.base}/posts/${s.postId}`, `${s.base}/roadmap`, `${s.base}/changelog`]) {
      const html = await pageOf(path, "");
      expect(html, path).toContain(">Post an idea</a>");
      expect(decodeURIComponent(redirectOf(html) ?? ""), path).toBe(path);
    }
    // On a board or a post, the idea goes to that board; elsewhere /new chooses, here at once.
    expect(await pageOf(`${s.base}/b/${board}`, "")).toContain(`href="${form}"`);
    const chooser = await fetch(`${h.url}${s.base}/new`, { redirect: "manual" });
    expect([chooser.status, chooser.headers.get("location")]).toEqual([302, form]);
    await h.call("POST", "/v1/boards", { key: s.key, json: { name: "Integrations" } });
    await h.call("POST", "/v1/boards", { key: s.key, json: { name: "Hidden", visibility: "private" } });
    const choose = await pageOf(`${s.base}/new`, "");
    expect(choose).toContain("Which board is your idea for?");
    expect(choose).toContain(`href="${s.base}/b/integrations/new"`);
    expect(choose).not.toContain("Hidden");

    // The form to a visitor: the ways in, each returning to it (here: guests).
    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalGuestAccess: true } });
    const asVisitor = await pageOf(form, "");
    expect(asVisitor).toContain("Sign in first, and you come back to this form");
    expect(asVisitor).not.toContain('name="title"');
    expect(asVisitor).toContain(`name="redirect" value="${form}"`);
    const signedIn = await post(`${s.base}/sign-in/guest`, "", { name: "Gus", email: "gus@example.com", redirect: form });
    expect(signedIn.headers.get("location")).toBe(form);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const asReader = await pageOf(form, cookie);
    expect(asReader).toContain('<input id="idea-title" name="title" type="text"');
    expect(asReader).not.toContain(">Sign in</a>");
    const posted = await post(form, cookie, { _form: formToken(asReader), title: "Export to CSV" });
    expect(posted.status).toBe(303);
    // Nobody signed in still cannot post.
    expect((await post(form, "", { title: "Spam" })).status).toBe(401);
    // A board that is not public has no form for anyone.
    expect((await fetch(`${h.url}${s.base}/b/hidden/new`)).status).toBe(404);
  });

  it("shows the workspace's logo and accent colour, and refuses ones that are not safe to show", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    for (const json of [
      { portalLogoUrl: "http://cdn.example/logo.png" },
      { portalLogoUrl: "javascript:alert(1)" },
      { portalAccentColor: "red" },
      { portalAccentColor: "#12345" },
    ]) {
      expect((await h.call("PATCH", "/v1/workspace", { key: s.key, json })).status, JSON.stringify(json)).toBe(400);
    }
    const set = await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalLogoUrl: "https://cdn.example/logo.png", portalAccentColor: "#FFD400" } });
    expect(set.body).toMatchObject({ portalLogoUrl: "https://cdn.example/logo.png", portalAccentColor: "#ffd400", portalGuestAccess: false });
    const home = await pageOf(s.base, "");
    expect(home).toContain('<img src="https://cdn.example/logo.png" alt="">');
    // Link previews show the logo too.
    expect(home).toContain('<meta property="og:image" content="https://cdn.example/logo.png">');
    const theme = /<link rel="stylesheet" href="([^"]*theme\.css[^"]*)">/.exec(home)?.[1];
    expect(theme).toBe(`${s.base}/theme.css?v=ffd400`);
    const css = await (await fetch(`${h.url}${theme}`)).text();
    // A pale yellow takes black text on buttons, and is too pale for links on white.
    expect(css).toContain("--button: #ffd400; --button-fg: #000000;");
    expect(css).not.toContain("prefers-color-scheme: light");
    expect(css).toContain("@media (prefers-color-scheme: dark) { :root { --accent: #ffd400; } }");
    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalLogoUrl: null, portalAccentColor: null } });
    expect(await pageOf(s.base, "")).not.toContain("theme.css");
  });

  it("votes from a list and comes back to it, and points a private portal's readers to other ways in", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const { cookie } = await signIn(s.base, s.token());
    const board = `${s.base}/b/feature-requests?sort=votes`;
    const list = await pageOf(board, cookie);
    expect(list).toContain(`name="back" value="${s.base}/b/feature-requests?sort=votes"`);
    const voted = await post(`${s.base}/posts/${s.postId}/vote`, cookie, {
      _form: formToken(list),
      voted: "1",
      back: `${s.base}/b/feature-requests?sort=votes`,
    });
    expect(voted.headers.get("location")).toBe(`${s.base}/b/feature-requests?sort=votes`);
    expect(await pageOf(board, cookie)).toContain('aria-pressed="true"');
    const away = await post(`${s.base}/posts/${s.postId}/vote`, cookie, { _form: formToken(list), voted: "0", back: "https://evil.example/" });
    expect(away.headers.get("location")).toBe(s.base);

    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalVisibility: "private" } });
    expect(await pageOf(`${s.base}/roadmap`, "")).not.toContain("Other ways to sign in");
    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { portalGuestAccess: true } });
    expect(await pageOf(`${s.base}/roadmap`, "")).toContain(`href="${s.base}/sign-in?redirect=${encodeURIComponent(`${s.base}/roadmap`)}"`);
  });

  it("serves the widget, lets the workspace's allowed origins frame the portal, and signs the panel in with an end-user token", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const widget = await fetch(`${h.url}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get("content-type")).toContain("text/javascript");
    const { gzipSync } = await import("node:zlib");
    const source = Buffer.from(await widget.arrayBuffer());
    expect(gzipSync(source).length).toBeLessThan(12 * 1024);
    // Its words come from the portal's message catalogue, written in as it is served.
    expect(source.toString()).not.toContain("__HEED_WIDGET_WORDS__");
    expect(source.toString()).toContain("new in the changelog");

    const framed = async () => (await fetch(`${h.url}${s.base}`)).headers.get("content-security-policy") ?? "";
    expect(await framed()).toContain("frame-ancestors 'self'");
    await h.call("PATCH", "/v1/workspace", { key: s.key, json: { allowedOrigins: ["https://app.acme.example"] } });
    expect(await framed()).toContain("frame-ancestors 'self' https://app.acme.example");

    const { token } = await ws.identify("widget-user");
    const res = await fetch(`${h.url}${s.base}/sso?userToken=${encodeURIComponent(token)}&redirect=${encodeURIComponent(`${s.base}/roadmap`)}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${s.base}/roadmap`);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(await pageOf(`${s.base}/me`, cookie)).toContain("Person widget-user");
    const theirs = await (await h.workspace()).identify("intruder");
    expect((await fetch(`${h.url}${s.base}/sso?userToken=${encodeURIComponent(theirs.token)}`, { redirect: "manual" })).status).toBe(401);
    expect((await fetch(`${h.url}${s.base}/sso?userToken=heed_ut_forged`, { redirect: "manual" })).status).toBe(401);
  });
});
