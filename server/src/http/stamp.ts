import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/**
 * Puts headers on the response whatever the handler answers. Served by @hono/node-server they go
 * straight onto Node's response, which writes them with the handler's own: Hono's `c.header`
 * builds a WHATWG Headers object and validates each value, which cost more than the rest of a
 * `/health` request. In-process (`app.request`, no socket) they go through Hono.
 */
export function stampHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    for (const name in headers) outgoing.setHeader(name, headers[name]!);
    return;
  }
  for (const name in headers) c.header(name, headers[name]!);
}
