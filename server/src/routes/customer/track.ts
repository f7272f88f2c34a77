import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { track, type TrackEventInput, type TrackRejection } from "../../core/customers/track.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, IdempotencyHeaders, jsonBody, jsonContent } from "../../http/openapi.js";
import { fieldErrors } from "../../http/validation.js";
import { TrackEventSchema, TrackResultSchema, TrackSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/track",
  operationId: "track",
  tags: ["Customer side"],
  summary: "Track what end users do",
  description:
    "One event, or `{batch: [...]}` of up to 100, for the end user of the `x-service-user-token` or each event's `anonymousId`. " +
    "Events of a batch are checked one by one: bad ones come back by index, the good ones are stored. Read them with `GET /users/{id}/events`. Public key only.",
  security: customerSecurity("optional"),
  request: { headers: IdempotencyHeaders, body: jsonBody(TrackSchema) },
  responses: {
    202: jsonContent(TrackResultSchema, "How many events were stored, and which were refused."),
    ...errorResponses({ customer: { userToken: "optional" }, body: true }),
  },
});

/** A batch's items arrive unchecked so that one bad event cannot refuse the others. */
function checkBatch(items: unknown[]): { events: { index: number; event: TrackEventInput }[]; invalid: TrackRejection[] } {
  const events: { index: number; event: TrackEventInput }[] = [];
  const invalid: TrackRejection[] = [];
  items.forEach((item, index) => {
    const parsed = TrackEventSchema.safeParse(item);
    if (parsed.success) events.push({ index, event: parsed.data });
    else invalid.push({ index, errors: fieldErrors(parsed.error.issues, "json") });
  });
  return { events, invalid };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { events, invalid } = "batch" in body ? checkBatch(body.batch) : { events: [{ index: 0, event: body }], invalid: [] };
    return c.json(await track({ ctx: customerCtx(c), events, invalid }), 202);
  });
}
