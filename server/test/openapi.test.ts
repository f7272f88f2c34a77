import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../src/platform/changes/events.js";
import { useHarness } from "./support/harness.js";
import { signedIn } from "./support/sessions.js";

const h = useHarness();

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

/** A provider's webhook: secured by the provider's signature alone. */
const signed = (op: Operation) => op.security.length > 0 && op.security.every((s) => Object.keys(s).every((k) => k.endsWith("Signature")));

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with paths relative to the /v1 server, as the seed writes them", async () => {
    const res = await h.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.servers).toEqual([expect.objectContaining({ url: "http://heed.test/v1" })]);
    expect(Object.keys(res.body.paths)).toContain("/posts");
    expect(Object.keys(res.body.paths).every((p) => p.startsWith("/") && !p.startsWith("/v1"))).toBe(true);
    expect(res.body.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(res.body.components.securitySchemes.publicKey).toMatchObject({ type: "apiKey", in: "header", name: "x-service-public-key" });
    expect(res.body.components.securitySchemes.userToken).toMatchObject({ type: "apiKey", in: "header", name: "x-service-user-token" });
  });

  it("documents a tracker's webhook as the JSON object it is, with the provider's signature as its security", async () => {
    const doc = (await h.call("GET", "/openapi.json")).body;
    for (const [provider, scheme, header] of [
      ["github", "githubSignature", "X-Hub-Signature-256"],
      ["linear", "linearSignature", "Linear-Signature"],
    ] as const) {
      const op = doc.paths[`/integrations/${provider}/{id}/webhook`].post as Operation;
      expect(op.security).toEqual([{ [scheme]: [] }]);
      expect(doc.components.securitySchemes[scheme]).toMatchObject({ type: "apiKey", in: "header", name: header });
      expect(op.requestBody?.content).toEqual({
        "application/json": { schema: { type: "object", description: expect.any(String), additionalProperties: true } },
      });
      // A delivery whose signature does not match is refused: integrations.test.ts sends them.
      expect(op.responses["401"], provider).toBeDefined();
    }
  });

  it("documents every registered route, with its permission and every refusal the code gives", async () => {
    const doc = (await h.call("GET", "/openapi.json")).body;
    const documented = Object.values(doc.paths as Record<string, Record<string, Operation>>).flatMap((p) => Object.entries(p));
    // Which operations there are, with their credential and scope: operations-table.test.ts.
    for (const [method, op] of documented) {
      if (op.security.some((s) => "publicKey" in s)) {
        // Customer-facing: the public key, and an end-user token on writes (optional on reads).
        expect(
          op.security.every((s) => "publicKey" in s && !("apiKey" in s)),
          op.operationId,
        ).toBe(true);
        expect(/^\/(identify|track|portal\/)/.test(Object.keys(doc.paths).find((p) => Object.values(doc.paths[p]).includes(op))!), op.operationId).toBe(true);
      } else if (signed(op)) {
        // A tracker's webhook: its provider's signature over the body, no Heed credential.
        const path = Object.keys(doc.paths).find((p) => Object.values(doc.paths[p]).includes(op))!;
        expect(/^\/integrations\/(github|linear)\/\{id\}\/webhook$/.test(path), op.operationId).toBe(true);
      } else if (op.security.length === 0 || op.security.every((s) => Object.keys(s).join() === "session")) {
        // No credential (signing in) or the session alone: the person's own account, under /auth/,
        // or the signed-in member's own notifications, under /notifications.
        const path = Object.keys(doc.paths).find((p) => Object.values(doc.paths[p]).includes(op))!;
        const ownAccount = path.startsWith("/auth/") || (op.security.length > 0 && (path === "/notifications" || path.startsWith("/notifications/")));
        expect(ownAccount, op.operationId).toBe(true);
      } else {
        // A team route: an API key, or the dashboard session, holding one permission.
        const scope = op.security[0]?.apiKey?.[0];
        expect(scope, op.operationId).toMatch(/^([a-z_]+:(read|write)|\*)$/);
        expect(op.security, op.operationId).toEqual([{ apiKey: [scope] }, { session: [scope] }]);
      }
      // A route that takes no credential has no 401 to give (unless a password can be wrong).
      const refusals = op.security.length === 0 && !op.responses["401"] ? ["400", "403", "429", "500"] : ["400", "401", "403", "429", "500"];
      for (const status of refusals) {
        expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined();
        expect(op.responses[status]!.content?.["application/problem+json"], `${op.operationId} ${status}`).toBeDefined();
      }
      // Every write of a key or the customer side takes Idempotency-Key; the session's own routes
      // (/auth/…) are never remembered, since their answers set cookies.
      // A provider's webhook is acknowledged by its delivery id instead.
      const accountRoute = op.security.length === 0 || op.security.every((s) => Object.keys(s).join() === "session") || signed(op);
      // A file upload (an import's CSV) streams its body unread: no key, whose fingerprint would buffer it.
      const upload = op.requestBody !== undefined && !("application/json" in op.requestBody.content);
      if (["post", "put", "patch", "delete"].includes(method) && !upload) {
        expect(op.parameters?.some((p) => p.name === "Idempotency-Key" && p.in === "header") ?? false, `${op.operationId} Idempotency-Key`).toBe(!accountRoute);
        if (!accountRoute) expect(op.responses["409"] && op.responses["422"], `${op.operationId} 409/422`).toBeTruthy();
      }
      // A success answer: 2XX, or the redirect of a browser step (single sign-on).
      const success = Object.keys(op.responses).filter((s) => s.startsWith("2") || s === "302");
      expect(success.length, op.operationId).toBeGreaterThanOrEqual(1);
    }
    expect(doc.paths["/posts"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["sort", "limit", "cursor", "boardId", "status", "tag", "authorId", "q"]),
    );
    expect(doc.paths["/posts"].get.parameters.find((p: { name: string }) => p.name === "sort").schema.enum).toEqual([
      "newest",
      "oldest",
      "votes",
      "trending",
      "comments",
      "updated",
      "revenue",
      "relevance",
    ]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    expect(doc.webhooks["post.created"].post.requestBody.content["application/json"].schema.properties.data).toBeDefined();
    expect(doc.components.schemas.Post.required).toEqual(expect.arrayContaining(["id", "title", "voteCount", "status", "url"]));
    // A named schema is never nullable itself: one nullable use would make every use of it nullable.
    const nullable = Object.entries(doc.components.schemas as Record<string, { type?: unknown }>).filter(
      ([, s]) => Array.isArray(s.type) && s.type.includes("null"),
    );
    expect(nullable.map(([name]) => name)).toEqual([]);
  });
});

describe("the response headers", () => {
  const EVERY = ["x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "RateLimit", "RateLimit-Policy"];

  it("are documented on every response of every operation, from one definition each", async () => {
    const doc = (await h.call("GET", "/openapi.json")).body;
    expect(Object.keys(doc.components.headers)).toEqual(expect.arrayContaining([...EVERY, "Retry-After", "idempotent-replayed"]));
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { $ref: string }> }> }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const where = `${method} ${path} ${status}`;
          const expected = [...EVERY, ...(status === "429" ? ["Retry-After"] : [])];
          if (method !== "get" && (status.startsWith("2") || status === "404" || status === "409")) expected.push("idempotent-replayed");
          for (const name of expected) expect(response.headers?.[name], `${where} ${name}`).toEqual({ $ref: `#/components/headers/${name}` });
        }
      }
    }
  });

  it("are sent as documented: on a success, a refusal, and a replayed write", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const ok = await h.call("GET", "/v1/posts", { key });
    const refused = await h.call("GET", "/v1/posts");
    expect([ok.status, refused.status]).toEqual([200, 401]);
    const documented = (await h.call("GET", "/openapi.json")).body.components.headers as Record<string, { schema: { type: string; pattern?: string } }>;
    for (const res of [ok, refused]) {
      for (const name of EVERY) {
        const value = res.headers.get(name);
        const { type, pattern } = documented[name]!.schema;
        expect(value, name).toMatch(type === "integer" ? /^\d+$/ : new RegExp(pattern!));
      }
    }
    const write = { key, headers: { "idempotency-key": `headers-${ws.slug}` }, json: { name: "Replayed", slug: `replayed-${ws.slug}` } };
    const first = await h.call("POST", "/v1/boards", write);
    const again = await h.call("POST", "/v1/boards", write);
    expect([first.status, first.headers.get("idempotent-replayed"), again.status, again.headers.get("idempotent-replayed")]).toEqual([201, null, 201, "true"]);
  });

  it("document the bucket a dashboard session is counted in", async () => {
    const ws = await h.workspace();
    const session = await signedIn(h, ws, "member");
    const res = await h.call("GET", "/v1/posts", { headers: session.cookieOnly });
    expect(res.status).toBe(200);
    const documented = (await h.call("GET", "/openapi.json")).body.components.headers as Record<string, { schema: { pattern: string } }>;
    for (const name of ["RateLimit-Policy", "RateLimit"]) {
      expect(res.headers.get(name), name).toMatch(/^"session";/);
      expect(res.headers.get(name), name).toMatch(new RegExp(documented[name]!.schema.pattern));
    }
  });
});

describe("the docs page", () => {
  it("is served with all its assets from this process and loads nothing from elsewhere", async () => {
    const res = await fetch(`${h.url}/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith("/docs/"), asset).toBe(true);
      expect((await fetch(`${h.url}${asset}`)).status, asset).toBe(200);
    }
    const init = await (await fetch(`${h.url}/docs/init.js`)).text();
    expect(init).toContain('url: "/openapi.json"');
    expect(init).toContain("validatorUrl: null");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("health and readiness", () => {
  it("answers /health and /ready, and a problem for unknown paths", async () => {
    expect((await h.call("GET", "/health")).body).toEqual({ status: "ok" });
    expect((await h.call("GET", "/ready")).body).toEqual({ status: "ready" });
    const missing = await h.call("GET", "/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
    expect(missing.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
