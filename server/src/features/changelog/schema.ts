import { z } from "@hono/zod-openapi";
import { CreateEntryBody, PublishEntryBody, UpdateEntryBody } from "../../../../packages/shared/src/bodies/changelog.js";
import { PageQuery, documented, idParam, idOf } from "../../platform/fields.js";

export const ChangelogType = CreateEntryBody.shape.type;

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

export const CreateEntrySchema = documented(CreateEntryBody).openapi("CreateChangelogEntry");
export const UpdateEntrySchema = documented(UpdateEntryBody).openapi("UpdateChangelogEntry");
export const PublishEntrySchema = documented(PublishEntryBody, {
  at: { description: "A future time schedules the entry; absent or past publishes now." },
}).openapi("PublishChangelogEntry");

export const entryParam = idParam("chg", "changelog entry");

export const ListChangelogQuery = z.object({ state: z.enum(["draft", "scheduled", "published"]).optional(), ...PageQuery });
