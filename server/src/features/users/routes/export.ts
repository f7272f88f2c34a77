import { exportUser } from "../export.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { PersonalDataSchema } from "../schema.js";

export const exportUserOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}/export",
    operationId: "exportUser",
    tag: "End users",
    summary: "Export a person's data",
    description:
      'Everything Heed holds about the end user, for a data access request: profile and preferences, their posts and comments (deleted and held ones too), votes, follows, tracked events, notifications and portal sessions (no tokens). A signed-in end user downloads the same document from the portal (`GET /v1/portal/me/export`, and "Download my data" on the portal\'s My ideas page).',
    credential: secretKey("users:read"),
    params: idParam("usr", "end user"),
    answer: { status: 200, schema: PersonalDataSchema, description: "The person's data." },
  },
  { verb: exportUser },
);
