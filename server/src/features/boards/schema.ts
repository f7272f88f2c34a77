import { z } from "@hono/zod-openapi";
import { idParam, text, idOf } from "../../platform/fields.js";

export const BoardSchema = z
  .object({
    id: idOf("brd"),
    slug: z.string().openapi({ description: "The board's segment in portal URLs." }),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(["public", "private"]).openapi({ description: "Private boards never appear in the portal." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Board");

const fields = {
  name: text().trim().min(1).max(100),
  slug: text()
    .max(48)
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "Use 1–48 lowercase letters, digits and inner dashes.")
    .optional()
    .openapi({ description: "Defaults to one made from the name." }),
  description: text().max(2000).optional(),
  visibility: z.enum(["public", "private"]).optional().openapi({ description: "Default `public`." }),
};

export const CreateBoardSchema = z.strictObject(fields).openapi("CreateBoard");
export const UpdateBoardSchema = z.strictObject({ ...fields, name: fields.name.optional() }).openapi("UpdateBoard");

export const boardParam = idParam("brd", "board");

export const DeleteBoardQuery = z.object({
  movePostsTo: idOf("brd").optional().openapi({ description: "Move the board's posts to this board, then delete it." }),
});
