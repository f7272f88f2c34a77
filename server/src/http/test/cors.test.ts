import { describe, expect, it } from "vitest";
import { customerPathMatcher } from "../route-security.js";
import { operations } from "../../routes.js";
import { useHarness } from "../../../test/support/harness.js";

// CORS for the customer-facing routes, as a browser negotiates it: the preflight, then the request.

const h = useHarness();

function preflight(path: string, origin: string, method = "POST") {
  return h.call("OPTIONS", path, {
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type, x-service-public-key, x-service-user-token" },
  });
}

describe("CORS", () => {
  it("answers a preflight from an allowed origin, and refuses one from another origin", async () => {
    const ws = await h.workspace();
    const set = await h.call("PATCH", "/v1/workspace", {
      key: await ws.key(),
      json: { allowedOrigins: ["https://App.Example.com/", "http://localhost:5173"] },
    });
    expect(set.body.allowedOrigins).toEqual(["http://localhost:5173", "https://app.example.com"]);

    const allowed = await preflight("/v1/portal/posts", "https://app.example.com");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("x-service-user-token");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect(allowed.headers.get("access-control-max-age")).toBe("600");
    expect(allowed.headers.get("x-ratelimit-limit")).not.toBeNull();

    const refused = await preflight("/v1/identify", "https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("origin_not_allowed");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets an allowed origin read the answer, never with credentials, and refuses another workspace's origin", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["https://ours.example"] } });
    await h.call("PATCH", "/v1/workspace", { key: await other.key(), json: { allowedOrigins: ["https://theirs.example"] } });

    const ours = await h.call("GET", "/v1/portal/posts", { headers: { ...ws.customer(), origin: "https://ours.example" } });
    expect(ours.status).toBe(200);
    expect(ours.headers.get("access-control-allow-origin")).toBe("https://ours.example");
    expect(ours.headers.get("access-control-expose-headers")).toContain("x-ratelimit-remaining");
    expect(ours.headers.get("access-control-expose-headers")).toContain("retry-after");
    expect(ours.headers.get("access-control-allow-credentials")).toBeNull();
    expect(ours.headers.get("vary")).toContain("Origin");

    // The preflight passes (another workspace allows the origin) but the request itself is refused.
    expect((await preflight("/v1/portal/posts", "https://theirs.example", "GET")).status).toBe(204);
    const theirs = await h.call("GET", "/v1/portal/posts", { headers: { ...ws.customer(), origin: "https://theirs.example" } });
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe("origin_not_allowed");
    expect(theirs.headers.get("access-control-allow-origin")).toBeNull();

    // Heed's own portal is same-origin: always let in.
    expect((await h.call("GET", "/v1/portal/posts", { headers: { ...ws.customer(), origin: "http://heed.test" } })).status).toBe(200);
    // Without an Origin header (a server, curl) there is nothing to negotiate.
    expect((await h.call("GET", "/v1/portal/posts", { headers: ws.customer() })).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets `*` allow any origin, still without credentials", async () => {
    const ws = await h.workspace();
    await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["*"] } });
    const res = await h.call("POST", "/v1/track", {
      headers: { ...ws.customer(), origin: "https://anywhere.example" },
      json: { event: "x", anonymousId: "a" },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://anywhere.example");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("answers no preflight for the secret-key routes: a secret key never works from a browser", async () => {
    const ws = await h.workspace();
    await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["*"] } });
    const res = await preflight("/v1/posts", "https://app.example.com", "GET");
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const direct = await h.call("GET", "/v1/posts", { key: await ws.key(), headers: { origin: "https://app.example.com" } });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses what is not an origin", async () => {
    const ws = await h.workspace();
    for (const origin of ["app.example.com", "https://app.example.com/path", "ftp://x.example", "https://user:pw@x.example", "*.example.com", ""]) {
      const res = await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["https://ok.example", origin] } });
      expect(res.status, origin).toBe(400);
      expect(res.body.errors[0].pointer).toBe("/allowedOrigins/1");
    }
  });
});

describe("which paths CORS applies to", () => {
  it("is the customer-facing routes' paths, with their parameters, and nothing else", () => {
    const isCustomerPath = customerPathMatcher(operations, "/v1");
    for (const path of ["/v1/identify", "/v1/track", "/v1/portal/posts", "/v1/portal/posts/post_1/vote", "/v1/portal/me/votes"])
      expect(isCustomerPath(path), path).toBe(true);
    for (const path of ["/v1/posts", "/v1/portal", "/v1/portal/posts/a/b/vote", "/v1/identifyx", "/v1/users/usr_1/events", "/portal/posts"])
      expect(isCustomerPath(path), path).toBe(false);
  });
});
