import { z } from "zod";
import { trimmed } from "../../../ui/form/fields.js";

// The audit log's filters, checked as the server checks them (server/src/features/audit-log/schema.ts).

export const auditFilterSchema = z.object({ actor: z.string(), action: z.string(), object: trimmed(64) });
