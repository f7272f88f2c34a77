import { z } from "@hono/zod-openapi";
import { CreateTagBody, UpdateTagBody } from "../../../../packages/shared/src/bodies/tags.js";
import { documented, idParam, listOf, postParam, idOf } from "../../platform/fields.js";

export const TagSchema = z.object({ id: idOf("tag"), name: z.string(), color: z.string(), createdAt: z.string(), updatedAt: z.string() }).openapi("Tag");
export const TagListSchema = listOf(TagSchema, "TagList");

export const CreateTagSchema = documented(CreateTagBody).openapi("CreateTag");
export const UpdateTagSchema = documented(UpdateTagBody).openapi("UpdateTag");
export const TagPostSchema = z.strictObject({ tagId: idOf("tag") }).openapi("TagPost");

export const tagParam = idParam("tag", "tag");
export const postTagParams = postParam.extend({
  tagId: idOf("tag").openapi({ param: { name: "tagId", in: "path" }, description: "The tag's id (`tag_…`)." }),
});
