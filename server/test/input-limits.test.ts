import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES } from "../src/http/body-limit.js";
import { MAX_JSON_DEPTH } from "../src/platform/fields.js";
import { type TestWorkspace, useHarness } from "./support/harness.js";

// What a request may hold, whoever sends it: a body outside /v1 (the portal's forms) is refused
// with 413 once it passes the form limit, before the rest is read; free-form JSON nests at most
// MAX_JSON_DEPTH deep; NUL characters and lone surrogates never reach a database; a junk id in a
// portal address is a 404 page. None of it may answer 5xx, on either database.

const h = useHarness({ publicUrlIsServed: true });

const MiB = 1024 * 1024;

interface Streamed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes the client had handed to the socket when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * Posts up to `total` bytes in 64 KiB chunks, with backpressure, and stops sending the moment an
 * answer arrives: how much was sent by then shows how much the server read before answering.
 * `announce` sends `content-length: total`; otherwise the body is chunked, with no length at all.
 */
function streamBody(path: string, headers: Record<string, string>, total: number, announce: boolean): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, h.url);
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: "POST",
      headers: { origin: h.url, ...headers, ...(announce ? { "content-length": String(total) } : {}) },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString(), sentBeforeAnswer });
        req.destroy();
      });
    });
    // Once answered, the server may close the connection under a client still sending: expected.
    req.on("error", (error) => answered || reject(error));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function form(path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${h.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: h.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const formToken = (html: string) => /name="_form" value="([^"]+)"/.exec(html)?.[1] ?? "";

/** A workspace taking guests, a post, and a guest signed in: the cookie and a form token. */
async function portal(ws: TestWorkspace) {
  const key = await ws.key();
  const base = `/p/${ws.slug}`;
  await h.call("PATCH", "/v1/workspace", { key, json: { portalGuestAccess: true } });
  const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id as string;
  const signedIn = await form(`${base}/sign-in/guest`, { name: "Gus", email: `gus-${ws.slug}@example.com` });
  expect(signedIn.status).toBe(303);
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const page = await fetch(`${h.url}${base}/posts/${postId}`, { headers: { cookie } });
  const token = formToken(await page.text());
  expect(token).not.toBe("");
  return { key, base, postId, cookie, token };
}

describe("form posts outside /v1", () => {
  it("refuse a body over the form limit with 413, before reading it, announced or chunked", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const posts = [
      `${p.base}/sign-in/guest`,
      `${p.base}/sign-in/email`,
      `${p.base}/posts/${p.postId}/comments`,
      `${p.base}/posts/${p.postId}/vote`,
      `${p.base}/b/feature-requests/new`,
      `${p.base}/sign-out`,
    ];
    const kinds = [
      { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      { "content-type": "multipart/form-data; boundary=x", accept: "text/html" },
    ];
    for (const path of posts) {
      for (const headers of kinds) {
        for (const announce of [true, false]) {
          const label = `${path} ${headers["content-type"]} ${announce ? "content-length" : "chunked"}`;
          const res = await streamBody(path, { ...headers, cookie: p.cookie }, 64 * MiB, announce);
          expect(res.status, label).toBe(413);
          expect(res.headers["content-type"], label).toContain("text/html");
          expect(res.body, label).toContain("Too much to send");
          expect(res.headers.connection, label).toBe("close");
          // Answered long before the 64 MiB were sent: what was sent is the limit plus what the
          // sockets buffer, never the body.
          expect(res.sentBeforeAnswer, label).toBeLessThan(16 * MiB);
        }
      }
    }
  });

  it("answer a script (not a browser) with a problem, and any other path outside /v1 alike", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const res = await streamBody(
      `${p.base}/posts/${p.postId}/vote`,
      { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      4 * MiB,
      false,
    );
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(JSON.parse(res.body)).toMatchObject({ status: 413, code: "payload_too_large" });
    for (const path of ["/app/sign-in", "/docs", "/nowhere"]) {
      const other = await streamBody(path, { "content-type": "application/x-www-form-urlencoded" }, 4 * MiB, false);
      expect(other.status, path).toBe(413);
    }
  });

  it("take the longest form a reader can write: a 10,000-character post in a script of 3-byte characters", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const fields = { _form: p.token, title: "字".repeat(200), body: "字".repeat(10_000) };
    expect(new URLSearchParams(fields).toString().length).toBeGreaterThan(64 * 1024);
    expect(new URLSearchParams(fields).toString().length).toBeLessThan(FORM_BODY_LIMIT_BYTES);
    const res = await form(`${p.base}/b/feature-requests/new`, fields, p.cookie);
    expect(res.status).toBe(303);
    const comment = await form(`${p.base}/posts/${p.postId}/comments`, { _form: p.token, body: "字".repeat(5_000) }, p.cookie);
    expect(comment.status).toBe(303);
  });
});

/** `{"a":{"a":…}}` or `[[…]]`, `depth` levels, as raw JSON text (too deep to build and stringify). */
const deepObject = (depth: number, leaf = "1") => `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("free-form JSON", () => {
  it("nests at most MAX_JSON_DEPTH deep: deeper track properties are a 400 naming the field, never a 500", async () => {
    const ws = await h.workspace();
    const track = (body: string) => h.call("POST", "/v1/track", { body, headers: { ...ws.customer(), "content-type": "application/json" } });
    for (const depth of [MAX_JSON_DEPTH + 1, 4_100, 100_000]) {
      for (const value of [deepObject(depth), `{"a":${deepArray(depth - 1)}}`]) {
        const res = await track(`{"event":"deep","anonymousId":"a1","properties":${value}}`);
        expect(res.status, `depth ${depth}`).toBe(400);
        expect(res.body.errors, `depth ${depth}`).toEqual([{ pointer: "/properties", code: "invalid", detail: expect.stringContaining(`${MAX_JSON_DEPTH}`) }]);
      }
    }
    // As deep as allowed is taken, and read back as sent.
    const ok = await track(`{"event":"deep","anonymousId":"a1","properties":${deepObject(MAX_JSON_DEPTH, '"leaf"')}}`);
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ accepted: 1, rejected: [] });
  });

  it("refuses a too-deep event of a batch by its index, and stores the others", async () => {
    const ws = await h.workspace();
    const body = `{"batch":[{"event":"fine","anonymousId":"a1"},{"event":"deep","anonymousId":"a1","properties":${deepObject(20_000)}},${deepArray(50_000)}]}`;
    const res = await h.call("POST", "/v1/track", { body, headers: { ...ws.customer(), "content-type": "application/json" } });
    expect(res.status).toBe(202);
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2]);
    expect(res.body.rejected[0].errors).toEqual([{ pointer: "/properties", code: "invalid", detail: expect.any(String) }]);
  });

  it("a deeply nested body anywhere is a 4xx, never a 500", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const cases: [string, string, string, Record<string, string>][] = [
      ["POST", "/v1/posts", deepArray(100_000), { authorization: `Bearer ${key}` }],
      ["POST", "/v1/posts", deepObject(100_000), { authorization: `Bearer ${key}` }],
      ["POST", "/v1/posts", `{"boardId":"${boardId}","title":${deepArray(50_000)}}`, { authorization: `Bearer ${key}` }],
      ["POST", "/v1/users", `{"externalId":"x","traits":{"a":${deepArray(50_000)}}}`, { authorization: `Bearer ${key}` }],
      ["POST", "/v1/identify", `{"userId":"x","traits":${deepObject(50_000)}}`, ws.customer()],
      ["POST", "/v1/track", deepArray(100_000), ws.customer()],
    ];
    for (const [method, path, body, headers] of cases) {
      const res = await h.call(method, path, { body, headers: { ...headers, "content-type": "application/json" } });
      expect(res.status, `${path} ${body.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${body.slice(0, 30)}`).toBeLessThan(500);
    }
  });
});

describe("lone surrogates", () => {
  it("are refused with 400 naming the field, instead of being stored as U+FFFD", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    // Raw JSON text: the escape reaches the server as written.
    const json = (fields: string) => ({ body: `{${fields}}`, key, headers: { "content-type": "application/json" } });
    for (const [title, pointer] of [
      [`"title":"\\ud800"`, "/title"],
      [`"title":"ok \\udfff after"`, "/title"],
      [`"title":"ok","body":"before \\ud83d"`, "/body"],
    ] as const) {
      const res = await h.call("POST", "/v1/posts", json(`"boardId":"${boardId}",${title}`));
      expect(res.status, title).toBe(400);
      expect(res.body.errors, title).toEqual([{ pointer, code: "invalid", detail: expect.stringContaining("surrogate") }]);
    }
    const traits = await h.call("POST", "/v1/users", json(`"externalId":"x","traits":{"\\udc00":"v"}`));
    expect(traits.status).toBe(400);
    expect(traits.body.errors[0].pointer).toMatch(/^\/traits/);
    // A pair is a character like any other, stored and answered as sent.
    const paired = await h.call("POST", "/v1/posts", json(`"boardId":"${boardId}","title":"rocket \\ud83d\\ude80"`));
    expect(paired.status).toBe(201);
    expect(paired.body.title).toBe("rocket 🚀");
    expect((await h.call("GET", `/v1/posts/${paired.body.id}`, { key })).body.title).toBe("rocket 🚀");
  });
});

describe("NUL characters and junk ids on the portal", () => {
  it("are refused with a 4xx page, never a 5xx, on every database", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const guest = await form(`${p.base}/sign-in/guest`, { name: "a\u0000b", email: "nul@example.com" });
    expect(guest.status).toBe(400);
    expect(await guest.text()).toContain("NUL");
    expect((await form(`${p.base}/sign-in/guest`, { name: "Nul", email: "a\u0000b@example.com" })).status).toBe(400);
    expect((await form(`${p.base}/sign-in/guest`, { name: "Nul", email: "nul@example.com", redirect: `${p.base}/\u0000` })).status).toBe(303);
    expect((await form(`${p.base}/sign-in/email`, { email: "a\u0000b@example.com" })).status).toBe(400);
    expect((await form(`${p.base}/posts/${p.postId}/comments`, { _form: p.token, body: "a\u0000b" }, p.cookie)).status).toBe(400);
    expect((await form(`${p.base}/posts/${p.postId}/comments`, { _form: p.token, body: "ok", parentId: "cmt_\u0000" }, p.cookie)).status).toBe(400);
    expect((await form(`${p.base}/b/feature-requests/new`, { _form: p.token, title: "a\u0000b" }, p.cookie)).status).toBe(400);
    expect((await form(`${p.base}/b/feature-requests/new`, { _form: p.token, title: "ok", body: "\u0000" }, p.cookie)).status).toBe(400);

    const JUNK_IDS = [
      "%00",
      "a%00b",
      `${p.postId}%00`,
      "%ED%A0%80",
      "%FF",
      "x".repeat(300),
      "post_",
      "POST_01AAAAAAAAAAAAAAAAAAAAAAAA",
      "brd_01aaaaaaaaaaaaaaaaaaaaaaaa",
      "'%20or%201=1%20--",
    ];
    for (const id of JUNK_IDS) {
      for (const path of [`/posts/${id}`, `/b/${id}`, `/b/${id}/new`, `/sign-in/email/${id}`]) {
        const res = await fetch(`${h.url}${p.base}${path}`, { headers: { cookie: p.cookie } });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      for (const path of [`/posts/${id}/vote`, `/posts/${id}/comments`, `/b/${id}/new`, `/sign-in/email/${id}`]) {
        const res = await fetch(`${h.url}${p.base}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: h.url, cookie: p.cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ _form: p.token, voted: "1", body: "hello", title: "hello" }).toString(),
        });
        expect(res.status, `POST ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `POST ${path}`).toBeLessThan(500);
      }
    }
    // A junk post id is a 404 page, answered before any query.
    for (const id of ["%00", "post_%00", "x"]) {
      const res = await fetch(`${h.url}${p.base}/posts/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("content-type"), id).toContain("text/html");
    }

    const JUNK_QUERIES = ["q=a%00b", "q=%ED%A0%80", "cursor=%00", "status=%00", "sort=%00", "comments=%00", "redirect=%00", "token=%00", "userToken=%00"];
    for (const query of JUNK_QUERIES) {
      for (const path of ["", "/ideas", "/b/feature-requests", `/posts/${p.postId}`, "/changelog", "/similar", "/sign-in", "/sso", "/roadmap", "/me"]) {
        const res = await fetch(`${h.url}${p.base}${path}?${query}`, { redirect: "manual", headers: { cookie: p.cookie } });
        expect(res.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
    expect((await fetch(`${h.url}${p.base}/similar?q=a%00b`)).status).toBe(400);
    expect((await fetch(`${h.url}${p.base}/ideas?q=a%00b`)).status).toBe(400);
    expect((await fetch(`${h.url}/p/%00`)).status).toBe(404);
  });
});
