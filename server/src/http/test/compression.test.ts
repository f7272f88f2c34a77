import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseCoding } from "../encodings.js";
import { useHarness } from "../../../test/support/harness.js";

// What crosses the wire outside /v1: built files and the reference in brotli or gzip as the
// reader takes them (the same bytes once decoded), pages gzipped as they are made, and `Vary:
// Accept-Encoding` on every answer whose encoding depends on the reader.

const h = useHarness({ publicUrlIsServed: true });

/** fetch() decodes on its own; these asks read the bytes as they crossed the wire. */
async function raw(path: string, acceptEncoding: string | null) {
  const headers: Record<string, string> = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
  const { request } = await import("node:http");
  const url = new URL(path, h.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", fail)
      .end();
  });
}

function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): Buffer {
  const coding = answer.headers["content-encoding"];
  return coding === "br" ? brotliDecompressSync(answer.body) : coding === "gzip" ? gunzipSync(answer.body) : answer.body;
}

/** The brotli form of a file made on first request is ready a moment later. */
async function settled(path: string, acceptEncoding: string, coding: string) {
  await expect.poll(async () => (await raw(path, acceptEncoding)).headers["content-encoding"], { timeout: 10_000 }).toBe(coding);
  return raw(path, acceptEncoding);
}

describe("compression", () => {
  it("sends built and kept files in brotli or gzip as the reader takes them, the same bytes decoded", async () => {
    const index = (await raw("/app", null)).body.toString();
    const main = index.match(/src="(\/app\/assets\/[^"]+\.js)"/)![1]!;
    const ws = await h.workspace();
    const page = (await raw(`/p/${ws.slug}`, null)).body.toString();
    const portalScript = page.match(/src="(\/p\/_\/portal\.js[^"]*)"/)![1]!.replaceAll("&amp;", "&");
    for (const path of [main, portalScript, "/widget.js", "/openapi.json", "/docs/swagger-ui.css"]) {
      const plain = await raw(path, null);
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(plain.headers.vary, path).toContain("Accept-Encoding");
      const br = await settled(path, "gzip, deflate, br, zstd", "br");
      const gzip = await settled(path, "gzip", "gzip");
      expect(br.body.byteLength, path).toBeLessThan(gzip.body.byteLength);
      expect(gzip.body.byteLength, path).toBeLessThan(plain.body.byteLength);
      expect(decoded(br).equals(plain.body), path).toBe(true);
      expect(decoded(gzip).equals(plain.body), path).toBe(true);
      // A coding refused with q=0 is not sent.
      expect((await raw(path, "br;q=0, gzip")).headers["content-encoding"], path).toBe("gzip");
      expect((await raw(path, "identity")).headers["content-encoding"], path).toBeUndefined();
    }
  });

  it("gzips the portal's pages and feeds as they are made, and leaves them whole for a reader who takes no gzip", async () => {
    const ws = await h.workspace();
    for (const path of [`/p/${ws.slug}`, `/p/${ws.slug}/roadmap`, `/p/${ws.slug}/changelog.atom`]) {
      const plain = await raw(path, null);
      const gzip = await raw(path, "gzip, deflate, br");
      expect([plain.status, gzip.status], path).toEqual([200, 200]);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(gzip.headers.vary, path).toContain("Accept-Encoding");
      expect(gunzipSync(gzip.body).toString(), path).toBe(plain.body.toString());
    }
  });

  it("reads Accept-Encoding as RFC 9110 does: q=0 refuses, even under *, and * takes any", () => {
    const both = ["br", "gzip"] as const;
    expect(chooseCoding("gzip, deflate, br", both)).toBe("br");
    expect(chooseCoding("gzip, deflate, br", ["gzip", "br"])).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip;q=0.5", both)).toBe("gzip");
    expect(chooseCoding("*", both)).toBe("br");
    expect(chooseCoding("br;q=0, *", both)).toBe("gzip");
    expect(chooseCoding("gzip;q=0, *;q=0", ["gzip"])).toBeNull();
    expect(chooseCoding("identity", both)).toBeNull();
    expect(chooseCoding(undefined, both)).toBeNull();
    expect(chooseCoding("BR", ["br"])).toBe("br");
  });
});
