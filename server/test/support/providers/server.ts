import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse as parseQuery } from "node:querystring";

// The HTTP plumbing the fake providers share: a node:http server on 127.0.0.1 (port 0), every call
// recorded with its parsed body, and injected failures for the next calls: a rate limit (429 with
// Retry-After, in the provider's own shape), a server error, no answer at all (a timeout, held
// until the client gives up or the fake closes), or an answer lost: the call is done, then held the
// same way, as when a provider acts and its reply never arrives.

export interface RecordedCall {
  method: string;
  /** The path with its query string, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  /** JSON or form-encoded bodies parsed; anything else as `{}` (the text is in `raw`). */
  body: Record<string, unknown>;
  raw: string;
}

export type FailureKind = "429" | "500" | "timeout" | "lost";

export interface FakeProvider {
  url: string;
  calls: RecordedCall[];
  /** The next `times` calls fail this way; a 429 says Retry-After `retryAfterSeconds`. */
  failNext(kind: FailureKind, times?: number, retryAfterSeconds?: number): void;
  /** The next call that `matches` fails this way (say, only a create, not the lookup before it). */
  failNextMatching(kind: FailureKind, matches: (call: RecordedCall) => boolean): void;
  close(): Promise<void>;
}

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  text(status: number, body: string, headers?: Record<string, string>): void;
}

export interface FailureShapes {
  /** The provider's answer to a rate limit: a 429 saying Retry-After `retryAfterSeconds`, in its own shape. */
  rateLimited(reply: Reply, retryAfterSeconds: number, call: RecordedCall): void;
  serverError(reply: Reply, call: RecordedCall): void;
}

export type Handler = (call: RecordedCall, reply: Reply) => void | Promise<void>;

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.startsWith("application/x-www-form-urlencoded")) return { ...parseQuery(raw) };
  try {
    const value = JSON.parse(raw) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function replyTo(res: ServerResponse): Reply {
  return {
    json: (status, body, headers = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(JSON.stringify(body));
    },
    text: (status, body, headers = {}) => {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
      res.end(body);
    },
  };
}

export async function startFakeServer(handle: Handler, shapes: FailureShapes): Promise<FakeProvider> {
  const calls: RecordedCall[] = [];
  const failures: { kind: FailureKind; retryAfterSeconds: number; matches?: (call: RecordedCall) => boolean }[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const call: RecordedCall = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: req.headers,
      body: parseBody(raw, req.headers["content-type"]),
      raw,
    };
    calls.push(call);
    const reply = replyTo(res);
    const which = failures.findIndex((candidate) => !candidate.matches || candidate.matches(call));
    const failure = which >= 0 ? failures.splice(which, 1)[0] : undefined;
    if (failure?.kind === "lost") {
      const discard: Reply = { json: () => {}, text: () => {} };
      await Promise.resolve(handle(call, discard)).catch(() => {});
    }
    if (failure?.kind === "timeout" || failure?.kind === "lost") {
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    if (failure?.kind === "429") return shapes.rateLimited(reply, failure.retryAfterSeconds, call);
    if (failure?.kind === "500") return shapes.serverError(reply, call);
    try {
      await handle(call, reply);
    } catch (error) {
      if (!res.headersSent) reply.text(500, `fake provider failed: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext: (kind, times = 1, retryAfterSeconds = 1) => {
      for (let i = 0; i < times; i++) failures.push({ kind, retryAfterSeconds });
    },
    failNextMatching: (kind, matches) => {
      failures.push({ kind, retryAfterSeconds: 1, matches });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The bearer or scheme-less credential of an Authorization header. */
export function credential(headers: IncomingHttpHeaders): { scheme: string | null; value: string } | null {
  const header = headers.authorization;
  if (!header) return null;
  const space = header.indexOf(" ");
  return space === -1 ? { scheme: null, value: header } : { scheme: header.slice(0, space).toLowerCase(), value: header.slice(space + 1) };
}
