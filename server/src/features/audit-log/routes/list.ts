import { listAuditLog } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { AuditEntrySchema, AuditLogQuerySchema } from "../schema.js";

export const listAuditLogOperation = defineOperation(
  {
    method: "get",
    path: "/audit-log",
    operationId: "listAuditLog",
    tag: "Audit log",
    summary: "List the audit log",
    description: "Who (member, API key, end user, system) did what to which object, newest first.",
    credential: secretKey("workspace:read"),
    query: AuditLogQuerySchema,
    answer: { status: 200, schema: listOf(AuditEntrySchema, "AuditEntryList"), description: "A page of the audit log." },
  },
  { verb: listAuditLog },
);
