import { z } from "@hono/zod-openapi";
import { ROLES } from "../../../../packages/shared/src/roles.js";
import { idParam, idOf } from "../../platform/fields.js";

export const role = z.enum(ROLES);
export const MemberSchema = z
  .object({
    id: idOf("mem"),
    email: z.string(),
    name: z.string(),
    role,
    twoFactor: z.boolean().openapi({ description: "Whether the member's account signs in with a second factor (an authenticator app)." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Member");
export const memberParam = idParam("mem", "member");
export const ChangeMemberRoleSchema = z.strictObject({ role }).openapi("ChangeMemberRole");

export const RemoveMemberQuery = z.object({
  transferKeysTo: idOf("mem")
    .optional()
    .openapi({ description: "A member who stays and keeps the API keys the removed member minted; without it, those keys are revoked." }),
});
