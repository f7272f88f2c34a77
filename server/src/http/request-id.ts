import type { MiddlewareHandler } from "hono";
import { newId } from "../platform/lib/ids.js";
import type { AppEnv } from "./env.js";
import { stampHeaders } from "./stamp.js";

const CLIENT_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Every response names its request, so a user can quote it and we can find it in logs. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", id);
  stampHeaders(c, { "x-request-id": id });
  await next();
};

/** The caller's own id when it is a sensible one, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && CLIENT_ID.test(incoming) ? incoming : newId("request");
}
