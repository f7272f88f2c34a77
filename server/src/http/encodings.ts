import { existsSync, readFileSync } from "node:fs";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "./env.js";

// What crosses the wire outside /v1: the dashboard's and the portal's scripts, the reference and
// its OpenAPI document, the portal's pages. A file that never changes while the process runs is
// sent in the smallest encoding the reader takes: brotli at its best (made by `npm run build` for
// the built files, or once in the background on first request for the rest), else gzip. A page
// made for each request is gzipped as it goes: for a page of a few kilobytes gzip is as small as
// brotli at the levels fast enough to run per request (measured: 3,749 bytes of 9,000 either way,
// 0.08 ms against 0.26 ms).

export type Coding = "br" | "gzip";

/** Smaller bodies are sent as they are: their headers would outweigh what compression saves. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The first of `offered` (in the server's order of preference) that the reader's Accept-Encoding
 * takes, by name or by `*`; a coding refused by name (`q=0`) is not taken even under `*`. None for
 * a missing header. Read on every kept answer: one pass over the header, nothing kept.
 */
export function chooseCoding(acceptEncoding: string | undefined, offered: readonly Coding[]): Coding | null {
  if (!acceptEncoding || offered.length === 0) return null;
  let any = false;
  const named: Record<string, boolean> = {};
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.split(";");
    const coding = name!.trim().toLowerCase();
    const takes = !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (coding === "*") any = takes;
    else named[coding] = takes;
  }
  return offered.find((coding) => named[coding] ?? any) ?? null;
}

/** What a kept file is offered in once both forms are made: the smaller first. */
const BROTLI_FIRST: readonly Coding[] = ["br", "gzip"];

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * A body that does not change while the process runs, with its compressed forms: given (built
 * beside the file), or made once, off the event loop, when first asked for. Until they are ready,
 * readers get the body as it is.
 */
export class StaticBody {
  private readonly variants = new Map<Coding, Buffer>();
  private compressing = false;

  constructor(
    readonly body: Buffer,
    readonly type: string,
    variants: Partial<Record<Coding, Buffer>> = {},
  ) {
    for (const [coding, bytes] of Object.entries(variants) as [Coding, Buffer | undefined][]) if (bytes) this.variants.set(coding, bytes);
  }

  /** Whether it is sent compressed to some readers (and so varies by Accept-Encoding). */
  get compressible(): boolean {
    return this.body.byteLength >= COMPRESS_FROM_BYTES;
  }

  /** The bytes for a reader, and their coding. */
  pick(acceptEncoding: string | undefined): { bytes: Buffer; coding: Coding | null } {
    if (!this.compressible) return { bytes: this.body, coding: null };
    if (this.variants.size < 2 && !this.compressing) this.compressInBackground();
    const coding = chooseCoding(acceptEncoding, this.variants.size === 2 ? BROTLI_FIRST : [...this.variants.keys()]);
    return coding ? { bytes: this.variants.get(coding)!, coding } : { bytes: this.body, coding: null };
  }

  private compressInBackground(): void {
    this.compressing = true;
    const made: Promise<void>[] = [];
    if (!this.variants.has("br")) {
      made.push(
        brotliLater(this.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.byteLength },
        }).then((bytes) => void this.variants.set("br", bytes)),
      );
    }
    if (!this.variants.has("gzip")) made.push(gzipLater(this.body, { level: 9 }).then((bytes) => void this.variants.set("gzip", bytes)));
    // A failure leaves the body uncompressed, which every reader takes.
    void Promise.allSettled(made);
  }
}

/** A built file with the `.br` and `.gz` forms `npm run build` wrote beside it, when it did. */
export function loadStatic(file: string, type: string): StaticBody {
  const beside = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return new StaticBody(readFileSync(file), type, { br: beside(".br"), gzip: beside(".gz") });
}

/** The body as a reader asked for it, with `Vary` where the encoding depends on the reader. */
export function sendStatic(c: Context<AppEnv>, asset: StaticBody, headers: Record<string, string>): Response {
  const { bytes, coding } = asset.pick(c.req.header("accept-encoding"));
  const out: Record<string, string> = { ...headers, "content-type": asset.type };
  if (asset.compressible) out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
  if (coding) out["content-encoding"] = coding;
  // A view of the kept bytes, not a copy: the same body goes to every reader.
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, out);
}

const MADE_PER_REQUEST = /^(text\/html|application\/(atom\+|rss\+)?xml|text\/xml)\b/;

/**
 * Gzips pages made for each request (HTML, feeds, the sitemap) for readers who take gzip, through
 * Hono's middleware. Answers that chose their own encoding, or are not such a page, pass untouched.
 */
export function compressPages(): MiddlewareHandler<AppEnv> {
  return compress({ encoding: "gzip", threshold: COMPRESS_FROM_BYTES, contentTypeFilter: MADE_PER_REQUEST });
}
