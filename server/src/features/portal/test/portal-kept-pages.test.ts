import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// The portal's pages for anonymous readers are kept and revalidated like /v1 answers
// (portal/web/kept-pages.ts): the same bytes with an ETag and 304 while nothing changed, a change
// seen on the very next request, one page per language, and a signed-in reader's page never kept
// nor served to anyone else.

const h = useHarness({ rateLimit: 1000 });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${h.url}${path}`, { headers });

describe("the portal's kept pages", () => {
  it("answers the same page with its tag, 304 to that tag, and a change on the next request", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "First idea" } });
    const board = `/p/${ws.slug}/b/feature-requests`;
    const first = await get(board);
    const second = await get(board);
    const third = await get(board);
    const [a, b, c] = [await first.text(), await second.text(), await third.text()];
    expect(a).toContain("First idea");
    expect(b).toBe(a);
    expect(c).toBe(a);
    const etag = third.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(third.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(third.headers.get("content-security-policy")).toContain("frame-ancestors");
    expect(third.headers.get("cache-control")).toBe("no-cache");
    expect(third.headers.get("vary")).toContain("Accept-Language, Cookie");
    const revalidated = await get(board, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");

    // A write answered: the next request shows it, with another tag.
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Second idea" } })).status).toBe(201);
    const changed = await get(board, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Second idea");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("keeps one page per language, and gzips it for a browser that takes it", async () => {
    const ws = await h.workspace();
    const board = `/p/${ws.slug}/b/feature-requests`;
    for (let i = 0; i < 2; i++) {
      const german = await get(board, { "accept-language": "de" });
      expect(await german.text()).toContain('lang="de"');
      const english = await get(board, { "accept-language": "en" });
      expect(await english.text()).toContain('lang="en"');
    }
    const zipped = await fetch(`${h.url}${board}`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Language, Cookie, Accept-Encoding");
    expect(await zipped.text()).toContain("Feature requests");
  });

  it("never keeps a signed-in reader's page, nor shows their state to an anonymous reader", async () => {
    const ws = await h.workspace();
    const base = `/p/${ws.slug}`;
    // Anonymous first, twice: the page is kept.
    for (let i = 0; i < 2; i++) expect(await (await get(`${base}/b/feature-requests`)).text()).not.toContain("Person kept-reader");
    const { token } = await ws.identify("kept-reader");
    const signIn = await fetch(`${h.url}${base}/sso?userToken=${encodeURIComponent(token)}`, { redirect: "manual" });
    const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    for (let i = 0; i < 2; i++) {
      const mine = await (await get(`${base}/b/feature-requests`, { cookie })).text();
      expect(mine).toContain("Person kept-reader");
      expect(mine).toContain('name="_form"');
    }
    const anonymous = await (await get(`${base}/b/feature-requests`)).text();
    expect(anonymous).not.toContain("Person kept-reader");
    expect(anonymous).not.toContain('name="_form"');
  });

  it("is answered at the front door from the third request on, with the app's headers, counted the same", async () => {
    const ws = await h.workspace();
    const board = `/p/${ws.slug}/b/feature-requests`;
    const asked = async (headers: Record<string, string> = {}) => {
      const res = await get(board, { "accept-encoding": "identity", ...headers });
      return { status: res.status, headers: res.headers, body: await res.text() };
    };
    const PER_REQUEST = new Set(["x-request-id", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit", "date"]);
    const stable = (headers: Headers) => [...headers.entries()].filter(([name]) => !PER_REQUEST.has(name));
    const [first, second, third, fourth] = [await asked(), await asked(), await asked(), await asked()];
    // The second was kept by the app, the third and fourth come from the door: the same answer.
    for (const later of [second, third, fourth]) {
      expect(later.body).toBe(first.body);
      expect(stable(later.headers)).toEqual(stable(first.headers));
    }
    const remaining = [first, second, third, fourth].map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining).toEqual([remaining[0]!, remaining[0]! - 1, remaining[0]! - 2, remaining[0]! - 3]);
    expect(third.headers.get("x-request-id")).not.toBe(fourth.headers.get("x-request-id"));
    expect((await asked({ "if-none-match": fourth.headers.get("etag")! })).status).toBe(304);
    // Another language is another page; a cookie (a chosen language, a reader) always goes to the app.
    expect((await asked({ "accept-language": "fr" })).body).toContain('lang="fr"');
    expect((await asked({ cookie: "heed_lang=de" })).body).toContain('lang="de"');
  });

  it("is not answered at the door once the portal turned private", async () => {
    const ws = await h.workspace();
    const board = `/p/${ws.slug}/b/feature-requests`;
    for (let i = 0; i < 3; i++) expect(await (await get(board)).text()).toContain("Feature requests");
    const key = await ws.key();
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { portalVisibility: "private" } })).status).toBe(200);
    const closed = await (await get(board)).text();
    expect(closed).not.toContain("Feature requests");
  });
});
