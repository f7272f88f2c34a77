import { z } from "zod";
import { CreateInviteBody } from "../../../../../packages/shared/src/bodies/accounts.js";

// An invite: the request body (packages/shared/src/bodies/accounts.ts), as the form fills it.

export const inviteSchema = z.object(CreateInviteBody.shape);
