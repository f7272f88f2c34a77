import { track, type TrackEventInput, type TrackRejection } from "../track.js";
import { customerCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import { publicKey } from "../../../http/route-security.js";
import { fieldErrors } from "../../../http/validation.js";
import { TrackEventSchema, TrackResultSchema, TrackSchema } from "../schema.js";

/** A batch's items arrive unchecked so that one bad event cannot refuse the others. */
function checkBatch(items: unknown[]): { events: { index: number; event: TrackEventInput }[]; invalid: TrackRejection[] } {
  const events: { index: number; event: TrackEventInput }[] = [];
  const invalid: TrackRejection[] = [];
  items.forEach((item, index) => {
    const parsed = TrackEventSchema.safeParse(item);
    if (parsed.success) events.push({ index, event: parsed.data });
    else invalid.push({ index, errors: fieldErrors(parsed.error.issues, "json", "", item) });
  });
  return { events, invalid };
}

export const trackOperation = defineOperation(
  {
    method: "post",
    path: "/track",
    operationId: "track",
    tag: "Customer side",
    summary: "Track what end users do",
    description:
      "One event, or `{batch: [...]}` of up to 100, for the end user of the `x-service-user-token` or each event's `anonymousId`. " +
      "Events of a batch are checked one by one: bad ones come back by index, the good ones are stored. Read them with `GET /users/{id}/events`.",
    credential: publicKey("optional"),
    body: TrackSchema,
    answer: { status: 202, schema: TrackResultSchema, description: "How many events were stored, and which were refused." },
  },
  async (c) => {
    const body = c.req.valid("json");
    const { events, invalid } = "batch" in body ? checkBatch(body.batch) : { events: [{ index: 0, event: body }], invalid: [] };
    return c.json(await track({ ctx: customerCtx(c), events, invalid }), 202);
  },
);
