import { describe, expect, it } from "vitest";
import { FIELD_ERROR_CODES } from "../src/platform/errors.js";
import { checkOutboundUrl } from "../src/features/webhooks/ssrf.js";
import { useHarness } from "./support/harness.js";

// Each field error carries a stable code (FIELD_ERROR_CODES) beside its pointer, so a client words
// it itself instead of showing the validator's English in `detail`; size codes carry the limit.

const h = useHarness();

describe("field error codes", () => {
  it("name what is wrong with each field, and the limit a size error breaks", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const errorsOf = async (path: string, json: unknown, status = 400) => {
      const res = await h.call("POST", path, { key, json });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return (res.body.errors as { pointer: string; code: string; limit?: number }[]).map(({ pointer, code, limit }) => ({ pointer, code, limit }));
    };
    expect(await errorsOf("/v1/posts", { boardId })).toEqual([{ pointer: "/title", code: "required", limit: undefined }]);
    expect(await errorsOf("/v1/posts", { boardId, title: 7 })).toEqual([{ pointer: "/title", code: "wrong_type", limit: undefined }]);
    expect(await errorsOf("/v1/posts", { boardId, title: "x".repeat(201) })).toEqual([{ pointer: "/title", code: "too_long", limit: 200 }]);
    expect(await errorsOf("/v1/posts", { boardId, title: "Fine", flavour: 1 })).toEqual([{ pointer: "/flavour", code: "unknown_field", limit: undefined }]);
    expect(await errorsOf("/v1/posts", { boardId: "brd_01aaaaaaaaaaaaaaaaaaaaaaaa", title: "Fine" })).toEqual([
      { pointer: "/boardId", code: "unknown_reference", limit: undefined },
    ]);
    expect(await errorsOf("/v1/statuses", { name: "Shipped", category: "done" })).toEqual([{ pointer: "/category", code: "not_allowed", limit: undefined }]);
    expect(await errorsOf("/v1/webhooks/endpoints", { url: "https://hooks.example.com/heed", events: [] })).toEqual([
      { pointer: "/events", code: "too_few", limit: 1 },
    ]);
    expect(await errorsOf("/v1/boards", { name: "Ideas", slug: "feature-requests" }, 409)).toEqual([{ pointer: "/slug", code: "taken", limit: undefined }]);
    const limit = await h.call("GET", "/v1/posts?limit=0", { key });
    expect(limit.body.errors).toEqual([{ pointer: "/query/limit", code: "too_small", limit: 1, detail: expect.any(String) }]);
  });

  it("tell an http URL from a private address, for the words each needs", () => {
    const codeOf = (url: string) => {
      try {
        checkOutboundUrl(url, false, { what: "The webhook URL", pointer: "/url" });
        return "accepted";
      } catch (error) {
        return (error as { errors: { code: string }[] }).errors[0]!.code;
      }
    };
    expect(codeOf("http://hooks.example.com/heed")).toBe("insecure_url");
    expect(codeOf("https://10.0.0.8/heed")).toBe("private_address");
    expect(codeOf("https://[::ffff:127.0.0.1]/heed")).toBe("private_address");
    expect(codeOf("not a url")).toBe("invalid_format");
    expect(codeOf("https://hooks.example.com/heed")).toBe("accepted");
    // Every code is documented: the OpenAPI document lists the table's entries.
    expect(Object.keys(FIELD_ERROR_CODES)).toContain("insecure_url");
  });
});
