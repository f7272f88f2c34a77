import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// POST /v1/track from a customer's app, and reading what it stored through the secret-key API.

const h = useHarness();

describe("track", () => {
  it("stores the good events of a mixed batch and reports the bad ones by index", async () => {
    const ws = await h.workspace();
    const { userId, token } = await ws.identify();
    const batch = [
      { event: "report.exported", properties: { format: "csv" } },
      { event: "" },
      { event: "signed.in", timestamp: "2026-01-01T10:00:00Z" },
      { properties: {} },
      { event: "late", timestamp: "2999-01-01T00:00:00Z" },
      "not an object",
      { event: "report.exported", extra: true },
      { event: "report.exported", properties: { big: "x".repeat(9000) } },
      { event: "report.exported" },
    ];
    const res = await h.call("POST", "/v1/track", { headers: ws.customer(token), json: { batch } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.accepted).toBe(3);
    expect(res.body.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(res.body.rejected.find((r: { index: number }) => r.index === 6).errors).toEqual([
      { pointer: "/extra", code: "unknown_field", detail: "Unknown field." },
    ]);
    expect(res.body.rejected.find((r: { index: number }) => r.index === 4).errors[0].pointer).toBe("/timestamp");

    const key = await ws.key(["users:read"]);
    const events = await h.call("GET", `/v1/users/${userId}/events`, { key });
    expect(events.body.data.map((e: { event: string }) => e.event)).toEqual(["report.exported", "signed.in", "report.exported"]);
    expect(events.body.data.find((e: { event: string }) => e.event === "signed.in").occurredAt).toBe("2026-01-01T10:00:00.000Z");
    const filtered = await h.call("GET", `/v1/users/${userId}/events?event=signed.in`, { key });
    expect(filtered.body.data).toHaveLength(1);
    const counts = await h.call("GET", `/v1/users/${userId}/event-counts`, { key });
    expect(counts.body).toEqual({
      data: [
        { event: "report.exported", count: 2, lastOccurredAt: expect.any(String) },
        { event: "signed.in", count: 1, lastOccurredAt: "2026-01-01T10:00:00.000Z" },
      ],
      nextCursor: null,
    });
  });

  it("takes one event, or anonymous events with an anonymousId, and refuses an event of nobody", async () => {
    const ws = await h.workspace();
    const single = await h.call("POST", "/v1/track", { headers: ws.customer(), json: { event: "page.viewed", anonymousId: "browser-1" } });
    expect(single.body).toEqual({ accepted: 1, rejected: [] });
    const nobody = await h.call("POST", "/v1/track", { headers: ws.customer(), json: { batch: [{ event: "a" }, { event: "b", anonymousId: "browser-1" }] } });
    expect(nobody.body).toEqual({ accepted: 1, rejected: [{ index: 0, errors: [{ pointer: "/anonymousId", code: "required", detail: expect.any(String) }] }] });
    const rows = await h.database.db
      .selectFrom("tracked_events")
      .select(["user_id", "anonymous_id", "event"])
      .where("workspace_id", "=", ws.id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { user_id: null, anonymous_id: "browser-1", event: "page.viewed" },
      { user_id: null, anonymous_id: "browser-1", event: "b" },
    ]);
  });

  it("refuses a bad single event, an empty batch and a batch over 100 as a whole (400)", async () => {
    const ws = await h.workspace();
    const bad = await h.call("POST", "/v1/track", { headers: ws.customer(), json: { event: "", anonymousId: "a" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ pointer: "/event", code: "too_short", limit: 1, detail: expect.any(String) }]);
    expect((await h.call("POST", "/v1/track", { headers: ws.customer(), json: { batch: [] } })).status).toBe(400);
    const tooMany = await h.call("POST", "/v1/track", {
      headers: ws.customer(),
      json: { batch: Array.from({ length: 101 }, () => ({ event: "x", anonymousId: "a" })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].pointer).toBe("/batch");
    expect(await h.database.db.selectFrom("tracked_events").select("id").where("workspace_id", "=", ws.id).execute()).toEqual([]);
  });

  it("stores a full batch of 100 once, even when retried with its Idempotency-Key", async () => {
    const ws = await h.workspace();
    const { userId, token } = await ws.identify();
    const json = { batch: Array.from({ length: 100 }, (_, i) => ({ event: `e${i % 7}`, properties: { i } })) };
    const headers = { ...ws.customer(token), "idempotency-key": "batch-1" };
    const first = await h.call("POST", "/v1/track", { headers, json });
    const retry = await h.call("POST", "/v1/track", { headers, json });
    expect(first.body).toEqual({ accepted: 100, rejected: [] });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const counts = await h.call("GET", `/v1/users/${userId}/event-counts?limit=3`, { key: await ws.key() });
    expect(counts.body.data.map((c: { event: string; count: number }) => [c.event, c.count])).toEqual([
      ["e0", 15],
      ["e1", 15],
      ["e2", 14],
    ]);
    const rest = await h.call("GET", `/v1/users/${userId}/event-counts?limit=3&cursor=${counts.body.nextCursor}`, { key: await ws.key() });
    expect(rest.body.data.map((c: { event: string }) => c.event)).toEqual(["e3", "e4", "e5"]);
  });
});
