import { z } from "zod";
import { MEMBER_KINDS, type MemberKind } from "../notification-kinds.js";
import { idOf } from "./fields.js";

// What changing a member's notification settings sends (PATCH /notifications/settings).

/** One kind's channels: those left out keep their setting. */
const channels = z.strictObject({ inApp: z.boolean().optional(), email: z.boolean().optional() });

export const UpdateNotificationSettingsBody = z.strictObject({
  kinds: z
    .strictObject(Object.fromEntries(MEMBER_KINDS.map((kind) => [kind, channels.optional()])) as Record<MemberKind, z.ZodOptional<typeof channels>>)
    .optional(),
  boards: z.array(idOf("brd")).max(200).optional(),
});
