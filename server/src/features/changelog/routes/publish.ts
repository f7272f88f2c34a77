import { publishChangelogEntry, unpublishChangelogEntry } from "../publish.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ChangelogEntrySchema, PublishedEntrySchema, PublishEntrySchema, entryParam } from "../schema.js";

export const publishChangelogEntryOperation = defineOperation(
  {
    method: "post",
    path: "/changelog/{id}/publish",
    operationId: "publishChangelogEntry",
    tag: "Changelog",
    summary: "Publish or schedule an entry",
    description:
      'Without `at` (or with a past one) the entry publishes now; with a future `at` it is scheduled and publishes itself then, exactly once, whatever the number of server processes and restarts. 409 when published already. Emits `changelog.published` when it publishes. Publishing mails who follows the posts it announces (the "shipped" mail, naming their ideas) and who follows the changelog, unless `notify` is `false` (kept until a scheduled entry publishes), and only the first time it publishes; `notified` says how many it mails.',
    credential: secretKey("changelog:write"),
    params: entryParam,
    body: PublishEntrySchema,
    answer: { status: 200, schema: PublishedEntrySchema, description: "The published or scheduled entry, and how many its publishing mails." },
  },
  { verb: publishChangelogEntry },
);

export const unpublishChangelogEntryOperation = defineOperation(
  {
    method: "post",
    path: "/changelog/{id}/unpublish",
    operationId: "unpublishChangelogEntry",
    tag: "Changelog",
    summary: "Return an entry to draft",
    description: "Takes a published entry off the public changelog, or cancels a schedule. 409 for a draft.",
    credential: secretKey("changelog:write"),
    params: entryParam,
    answer: { status: 200, schema: ChangelogEntrySchema, description: "The draft." },
    errors: ["conflict"],
  },
  { verb: unpublishChangelogEntry },
);
