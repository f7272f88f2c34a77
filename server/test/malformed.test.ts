import { beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES, grants, type Scope } from "../../packages/shared/src/scopes.js";
import { createPost } from "../src/features/posts/create.js";
import { operations } from "../src/routes.js";
import { seededRandom } from "../src/cli/seed/text.js";
import { makeCustomerTarget } from "./support/fixtures/customer.js";
import { makeTarget, makeTargetFor, type Target } from "./support/fixtures/index.js";
import { useHarness, type CallOptions, type TestWorkspace } from "./support/harness.js";
import { signedIn } from "./support/sessions.js";
import { pathOf, SUITE_OPERATIONS } from "./support/suite-operations.js";

// No input, however malformed, may produce a 5xx: every route is sent junk paths, queries, bodies
// and content types, and must answer a 4xx problem+json each time. Each route aims at objects of
// its own (every path parameter a real id of its kind), so junk reaches as deep as it can.

const h = useHarness({ bodyLimitBytes: 64 * 1024 });

let ws: TestWorkspace;
let key: string;
let postId: string;
// The customer side runs in a workspace of its own: the suite rotates the first one's keys.
let customerWs: TestWorkspace;
let userToken: string;
// Every resource's objects once; each route adds fresh ones of its own resource over them.
let shared: Target;

beforeAll(async () => {
  ws = await h.workspace();
  key = await ws.key();
  postId = (await createPost({ ctx: ws.ctx, input: { boardId: await ws.boardId(), title: "Victim" } })).id;
  customerWs = await h.workspace();
  userToken = (await customerWs.identify()).token;
  shared = await makeTarget(ws);
});

/** The credential a route takes: a secret key, or on the customer side the public key and an end-user token. */
function credentialFor(customer: boolean): CallOptions {
  return customer ? { headers: customerWs.customer(userToken) } : { key };
}

const JUNK_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  "",
  " ",
  "x".repeat(50_000),
  "💥\u0000\uffff",
  "'; drop table posts; --",
  [],
  [null],
  ["x".repeat(70)],
  {},
  { $gt: "" },
  { nested: { deeper: [1, 2, { deepest: true }] } },
];

function routes() {
  return operations.map(({ route, credential }) => {
    type BodySchema = { shape?: Record<string, FieldSchema>; options?: BodySchema[] };
    const body = (route.request as { body?: { content: Record<string, { schema: BodySchema }> } } | undefined)?.body?.content["application/json"]?.schema;
    // A union body (`/track`: one event or a batch): the field test starts from the fixture, a
    // valid first alternative; random bodies draw on the fields of every alternative.
    const shape = body?.shape ?? body?.options?.[0]?.shape;
    const allFields = body?.shape ? Object.keys(body.shape) : (body?.options ?? []).flatMap((option) => Object.keys(option.shape ?? {}));
    const query = (route.request as { query?: { shape: Record<string, unknown> } } | undefined)?.query;
    const queryParams = query ? Object.keys(query.shape) : [];
    return {
      id: route.operationId!,
      method: route.method.toUpperCase(),
      path: route.path,
      customer: credential.kind === "public",
      kind: credential.kind,
      op: SUITE_OPERATIONS.find((op) => op.operationId === route.operationId)!,
      queryParams,
      // A body with no fields (a provider's webhook, taken as the raw text its signature covers) is not parsed here.
      fields: shape ? Object.keys(shape) : undefined,
      allFields,
      shape: shape ?? {},
    };
  });
}

type FieldSchema = { safeParse(value: unknown): { success: boolean } };

async function expectClientError(method: string, path: string, options: CallOptions, label: string, credential: CallOptions) {
  const res = await h.call(method, path, { ...credential, ...options, headers: { ...credential.headers, ...options.headers } });
  expect(res.status, `${label}: ${JSON.stringify(res.body)?.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get("content-type"), label).toContain("application/problem+json");
  expect(res.body.code, label).toEqual(expect.any(String));
  return res;
}

describe.each(routes())("$method $path ($id)", (route) => {
  // Objects of this route's own: a write that succeeds (a delete, a merge) spoils no other route's.
  let own: Target;
  // A session route gets a session of its own: signing out must not end another route's. Its
  // workspace is a fresh one: the fixtures' workspace has a single sign-on provider nobody runs
  // here, which linking one (a session route) would try to reach.
  let session: CallOptions = {};
  beforeAll(async () => {
    own = route.customer ? await makeCustomerTarget(customerWs) : await makeTargetFor(ws, route.id, shared);
    if (route.kind === "session") session = { headers: (await signedIn(h, await h.workspace(), "owner")).headers };
  });
  /** The credential the route takes; signing in takes none. */
  const credential = (): CallOptions => (route.kind === "session" ? session : route.kind === "none" ? {} : credentialFor(route.customer));
  const expectError = (method: string, path: string, options: CallOptions, label: string) => expectClientError(method, path, options, label, credential());
  const realPath = () => pathOf(route.op, own);

  it("ignores what it does not read, never answering 5xx to it", async () => {
    for (const query of ["unknown=%FF%FE", "limit[]=1&limit[]=2", "__proto__=x&constructor=y", `a=${"b".repeat(4000)}`]) {
      const res = await h.call(route.method, `${realPath()}?${query}`, credential());
      expect(res.status, query.slice(0, 40)).toBeLessThan(500);
    }
    if (route.method !== "GET") {
      const auth = credential();
      const junkBody = await h.call(route.method, realPath(), {
        ...auth,
        body: "\u0000\uffff not json",
        headers: { ...auth.headers, "content-type": "application/json" },
      });
      expect(junkBody.status).toBeLessThan(500);
    }
  });

  if (route.path.includes("{id}")) {
    it("refuses bad ids with 400 or 404", async () => {
      for (const id of ["x".repeat(65), "%00", "../../etc/passwd", "post_💥", "' or 1=1 --", " ", "brd_01aaaaaaaaaaaaaaaaaaaaaaaa"]) {
        await expectError(route.method, pathOf(route.op, own, id), route.fields ? { json: {} } : {}, `id ${id.slice(0, 20)}`);
      }
    });
  }

  // Junk for each query parameter a route declares.
  const JUNK_QUERIES: Record<string, string[]> = {
    limit: ["abc", "0", "101", ""],
    cursor: ["%FF%FE", "a".repeat(2000), "garbage"],
    sort: ["random"],
    q: ["q".repeat(300), "a%00b"],
    internal: ["maybe", "1"],
    movePostsTo: ["x".repeat(65), "%00"],
  };
  const junkQueries = route.queryParams.flatMap((name) => (JUNK_QUERIES[name] ?? []).map((value) => `${name}=${value}`));
  if (junkQueries.length > 0) {
    it("refuses junk query parameters with 400", async () => {
      for (const query of junkQueries) {
        const res = await expectError(route.method, `${realPath()}?${query}`, {}, query.slice(0, 40));
        expect(res.status, query.slice(0, 40)).toBe(400);
      }
    });
  }

  if (route.op.scope) {
    const scope = route.op.scope;
    it("refuses junk from a key without the route's scope with 403, before reading it", async () => {
      const without = await ws.key(ALL_SCOPES.filter((held: Scope) => held !== "*" && !grants([held], scope)));
      const junk: CallOptions[] = route.fields ? JUNK_VALUES.map((value) => ({ json: { [route.allFields[0] ?? "x"]: value, notAField: true } })) : [{}];
      const queries = ["", ...junkQueries.map((query) => `?${query}`)];
      for (const options of junk) {
        for (const query of queries) {
          const res = await h.call(route.method, realPath() + query, { ...options, key: without });
          expect([res.status, res.body.code], `${query} ${JSON.stringify(options.json)?.slice(0, 60)}`).toEqual([403, "missing_scope"]);
        }
      }
    });
  }

  if (!route.fields) return;
  const fields = route.fields;

  it("refuses bodies that are not JSON, not an object, or cut short", async () => {
    const path = realPath();
    await expectError(route.method, path, { body: '{"title": "x"', headers: { "content-type": "application/json" } }, "truncated");
    await expectError(route.method, path, { body: "not json", headers: { "content-type": "application/json" } }, "text as json");
    await expectError(route.method, path, { body: "", headers: { "content-type": "application/json" } }, "empty");
    const form = await expectError(route.method, path, { body: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, "form");
    expect(form.status).toBe(415);
    const plain = await expectError(route.method, path, { body: '{"title":"x"}', headers: { "content-type": "text/plain" } }, "text/plain");
    expect(plain.status).toBe(415);
    // JSON is read as UTF-8: a body that says it is another charset is refused, not misread.
    const utf16 = await expectError(route.method, path, { body: '{"title":"x"}', headers: { "content-type": "application/json; charset=utf-16" } }, "utf-16");
    expect(utf16.status).toBe(415);
    const latin1 = await expectError(
      route.method,
      path,
      { body: '{"title":"x"}', headers: { "content-type": 'application/json; charset="ISO-8859-1"' } },
      "latin-1",
    );
    expect(latin1.status).toBe(415);
    for (const value of [null, [], 1, "string", true, [{ title: "x" }]]) {
      const res = await expectError(route.method, path, { json: value }, `top-level ${JSON.stringify(value)}`);
      expect(res.status).toBe(400);
    }
  });

  it("refuses a deeply nested body, or a deeply nested value in any field, with a 4xx", async () => {
    // Raw JSON text: 10,000 levels is past what a recursive walk (JSON.stringify) survives.
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const valid = (route.op.fixture.body?.(own) ?? {}) as Record<string, unknown>;
    const bodies = [deep, `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`];
    for (const field of fields) bodies.push(JSON.stringify({ ...valid, [field]: "<deep>" }).replace('"<deep>"', deep));
    for (const body of bodies) {
      const res = await expectError(route.method, realPath(), { body, headers: { "content-type": "application/json" } }, `deep ${body.slice(0, 40)}`);
      expect(res.status).toBe(400);
    }
  });

  it("refuses a body over the size limit with 413", async () => {
    const res = await expectError(route.method, realPath(), { json: { title: "x".repeat(100 * 1024) } }, "huge");
    expect(res.status).toBe(413);
  });

  it("refuses a wrong value in every field with 400, pointing at the field", async () => {
    // A body the route accepts, with one field at a time replaced by junk: the refusal must come
    // from that field (an unknown key or a missing one would hide whether the field is checked).
    const fixture = route.op.fixture;
    const path = realPath();
    const valid = (fixture.body?.(own) ?? {}) as Record<string, unknown>;
    for (const field of fields) {
      for (const value of JUNK_VALUES) {
        const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`;
        // A value the field's schema takes (an empty id, a string of SQL) is junk only in meaning:
        // the route may take it or refuse it, but never with a 5xx, and a 400 points at a field
        // (this one, or the one it conflicts with: identify's `token` stands instead of `userId`).
        if (route.shape[field]!.safeParse(value).success) {
          const res = await h.call(route.method, path, { ...credential(), json: { ...valid, [field]: value } });
          expect(res.status, `${label}: ${JSON.stringify(res.body)?.slice(0, 300)}`).toBeLessThan(500);
          if (res.status === 400) expect(res.body.errors?.length, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThan(0);
          continue;
        }
        const res = await expectError(route.method, path, { json: { ...valid, [field]: value } }, label);
        expect(res.status, label).toBe(400);
        const pointers = (res.body.errors ?? []).map((e: { pointer: string }) => e.pointer);
        expect(
          pointers.some((p: string) => p === `/${field}` || p.startsWith(`/${field}/`)),
          `${label}: ${JSON.stringify(pointers)}`,
        ).toBe(true);
      }
    }
  });

  it("never answers 5xx to random bodies", async () => {
    const random = seededRandom(route.id.length * 7919);
    const pick = () => JUNK_VALUES[Math.floor(random() * JUNK_VALUES.length)];
    for (let i = 0; i < 60; i++) {
      const body: Record<string, unknown> = {};
      for (const field of route.allFields) if (random() < 0.6) body[field] = pick();
      if (random() < 0.3) body[`extra${i}`] = pick();
      const res = await h.call(route.method, realPath(), { ...credential(), json: body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
    }
  });
});

describe("NUL characters in otherwise valid requests", () => {
  it("are refused with 400 in bodies, paths and queries on every database", async () => {
    const boardId = await ws.boardId();
    const cases: [string, string, CallOptions][] = [
      ["POST", "/v1/posts", { json: { boardId, title: "a\u0000b" } }],
      ["POST", "/v1/posts", { json: { boardId: "brd_\u0000", title: "ok" } }],
      ["POST", "/v1/posts", { json: { boardId, title: "ok", body: "\u0000" } }],
      ["PATCH", `/v1/posts/${postId}`, { json: { tagIds: ["tag_\u0000"] } }],
      ["GET", `/v1/posts/%00`, {}],
      ["GET", `/v1/posts?boardId=%00`, {}],
      ["GET", `/v1/posts?q=a%00b`, {}],
      ["POST", "/v1/api-keys", { json: { name: "\u0000", scopes: ["posts:read"] } }],
    ];
    for (const [method, path, options] of cases) {
      const res = await expectClientError(method, path, options, `${method} ${path} ${JSON.stringify(options.json)}`, { key });
      expect(res.status, path).toBe(400);
    }
  });
});
