import { z } from "@hono/zod-openapi";
import { listPortalChangelog } from "../changelog.js";
import { defineOperation } from "../../../http/define-operation.js";
import { PageQuery } from "../../../platform/fields.js";
import { publicKey } from "../../../http/route-security.js";
import { PortalChangelogListSchema } from "../schema.js";

export const listPortalChangelogOperation = defineOperation(
  {
    method: "get",
    path: "/portal/changelog",
    operationId: "listPortalChangelog",
    tag: "Portal",
    summary: "The public changelog",
    description: "Published entries only, most recently published first.",
    credential: publicKey("optional"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: PortalChangelogListSchema, description: "A page of entries." },
  },
  { verb: listPortalChangelog },
);
