import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";

/**
 * When we answer before reading the request body (413, 415, a refusal from auth or path
 * validation), the rest of that body is still on the connection. @hono/node-server then drains it
 * for up to 500 ms and destroys the socket, which a keep-alive client may already be reusing for its
 * next request. Saying `Connection: close` makes the client open a fresh connection instead, as
 * nginx does for 413. A chunked body refused for its size was read up to the limit, so it counts as
 * used, yet its rest is still on the connection: a 413 always closes.
 */
export const closeAfterUnreadBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
  if (hasBody && (!c.req.raw.bodyUsed || c.res.status === 413)) c.res.headers.set("connection", "close");
};
