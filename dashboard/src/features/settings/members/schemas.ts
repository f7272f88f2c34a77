import { z } from "zod";
import { ROLES } from "../../../../../packages/shared/src/roles.js";
import { email } from "../../../ui/form/fields.js";

// An invite, checked as the server checks it (server/src/features/invites/schema.ts).

export const inviteSchema = z.object({ email: email(), role: z.enum(ROLES) });
