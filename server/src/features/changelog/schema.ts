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
    notify: z.boolean().openapi({
      description: "Whether publishing it mails who follows its posts and the changelog: the choice of the last `publish` (kept while it is scheduled).",
    }),
    followerCount: z.number().int().min(0).openapi({
      description:
        "How many people publishing it would mail: end users following a post it announces (each hears their ideas shipped) or the changelog, with an address and mail not turned off. 0 once its publishing has told them: publishing again tells nobody.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ChangelogEntry");

export const CreateEntrySchema = documented(CreateEntryBody).openapi("CreateChangelogEntry");
export const UpdateEntrySchema = documented(UpdateEntryBody).openapi("UpdateChangelogEntry");
export const PublishEntrySchema = documented(PublishEntryBody, {
  at: { description: "A future time schedules the entry; absent or past publishes now." },
  notify: {
    description:
      "Whether publishing mails who follows the posts it announces and who follows the changelog: `true` unless `false` is sent. A scheduled entry keeps the choice until it publishes.",
  },
}).openapi("PublishChangelogEntry");

/** The answer of publishing: the entry, and how many its publishing mails (0 when scheduled). */
export const PublishedEntrySchema = ChangelogEntrySchema.extend({
  notified: z.number().int().min(0).openapi({
    description:
      "How many people publishing it now mails (each once): 0 when it is scheduled (it tells as it publishes), with `notify: false`, or when an earlier publishing told them already.",
  }),
}).openapi("PublishedChangelogEntry");

export const entryParam = idParam("chg", "changelog entry");

export const ListChangelogQuery = z.object({ state: z.enum(["draft", "scheduled", "published"]).optional(), ...PageQuery });
