import { z } from "@hono/zod-openapi";
import { PageQuery, idParam, text, dateTime, idOf } from "../../platform/fields.js";

export const ChangelogType = z.enum(["new", "improved", "fixed"]);

export const ChangelogEntrySchema = z
  .object({
    id: idOf("chg"),
    title: z.string(),
    body: z.string().openapi({ description: "Markdown." }),
    type: ChangelogType,
    state: z.enum(["draft", "scheduled", "published"]),
    publishAt: z.string().nullable().openapi({ description: "When a scheduled entry publishes itself." }),
    publishedAt: z.string().nullable(),
    postIds: z.array(idOf("post")).openapi({ description: "The posts this entry announces." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ChangelogEntry");

const fields = {
  title: text().trim().min(1).max(200),
  body: text().max(50_000).optional(),
  type: ChangelogType,
  postIds: z.array(idOf("post")).max(50).optional(),
};

export const CreateEntrySchema = z.strictObject(fields).openapi("CreateChangelogEntry");
export const UpdateEntrySchema = z.strictObject({ ...fields, title: fields.title.optional(), type: ChangelogType.optional() }).openapi("UpdateChangelogEntry");
export const PublishEntrySchema = z
  .strictObject({
    at: dateTime().nullable().optional().openapi({ description: "A future time schedules the entry; absent or past publishes now." }),
  })
  .openapi("PublishChangelogEntry");

export const entryParam = idParam("chg", "changelog entry");

export const ListChangelogQuery = z.object({ state: z.enum(["draft", "scheduled", "published"]).optional(), ...PageQuery });
