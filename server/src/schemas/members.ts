import { z } from "@hono/zod-openapi";
import { ROLES } from "../core/members/roles.js";
import { idParam } from "./fields.js";

export const role = z.enum(ROLES);
export const MemberSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), role, createdAt: z.string(), updatedAt: z.string() })
  .openapi("Member");
export const memberParam = idParam("mem", "member");
export const ChangeMemberRoleSchema = z.strictObject({ role }).openapi("ChangeMemberRole");
