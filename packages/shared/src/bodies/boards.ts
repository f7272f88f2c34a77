import { z } from "zod";
import { text } from "./fields.js";

// What creating or changing a board sends (POST /boards, PATCH /boards/{id}).

const fields = {
  name: text().trim().min(1).max(100),
  slug: text()
    .max(48)
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "Use 1–48 lowercase letters, digits and inner dashes.")
    .optional(),
  description: text().max(2000).optional(),
  visibility: z.enum(["public", "private"]).optional(),
};

export const CreateBoardBody = z.strictObject(fields);
export const UpdateBoardBody = z.strictObject({ ...fields, name: fields.name.optional() });
