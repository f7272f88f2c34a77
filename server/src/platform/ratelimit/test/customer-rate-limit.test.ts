import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// On the customer side many browsers share one public key: each client address has its own bucket
// per public key, so one noisy visitor cannot use up a whole workspace's limit.

const h = useHarness({ rateLimit: 3, trustProxyHops: 1 });

function track(publicKey: string, address: string) {
  return h.call("POST", "/v1/track", { headers: { "x-service-public-key": publicKey, "x-forwarded-for": address }, json: { event: "x", anonymousId: "a" } });
}

describe("customer-side rate limits", () => {
  it("count per public key and client address", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await track(ws.publicKey, "203.0.113.7")).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await track(ws.publicKey, "203.0.113.7");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("ratelimit-policy")).toContain('"public"');
    // Another visitor of the same workspace, and the same visitor on another workspace, are unaffected.
    expect((await track(ws.publicKey, "203.0.113.8")).status).toBe(202);
    expect((await track(other.publicKey, "203.0.113.7")).status).toBe(202);
    expect((await track(ws.publicKey, "203.0.113.8")).headers.get("x-ratelimit-remaining")).toBe("1");
  });

  it("follow the workspace's own limit", async () => {
    const ws = await h.workspace();
    await h.database.db.updateTable("workspaces").set({ rate_limit_per_minute: 5 }).where("id", "=", ws.id).execute();
    const res = await track(ws.publicKey, "198.51.100.1");
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
  });
});
