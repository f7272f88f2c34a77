import { z } from "@hono/zod-openapi";
import { idParam, listOf, text, postParam, color, idOf } from "../../platform/fields.js";

export const TagSchema = z.object({ id: idOf("tag"), name: z.string(), color: z.string(), createdAt: z.string(), updatedAt: z.string() }).openapi("Tag");
export const TagListSchema = listOf(TagSchema, "TagList");

const name = text().trim().min(1).max(50);
const colorField = color().optional();
export const CreateTagSchema = z.strictObject({ name, color: colorField }).openapi("CreateTag");
export const UpdateTagSchema = z.strictObject({ name: name.optional(), color: colorField }).openapi("UpdateTag");
export const TagPostSchema = z.strictObject({ tagId: idOf("tag") }).openapi("TagPost");

export const tagParam = idParam("tag", "tag");
export const postTagParams = postParam.extend({
  tagId: idOf("tag").openapi({ param: { name: "tagId", in: "path" }, description: "The tag's id (`tag_…`)." }),
});
