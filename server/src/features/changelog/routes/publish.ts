import { publishChangelogEntry, unpublishChangelogEntry } from "../publish.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ChangelogEntrySchema, PublishEntrySchema, entryParam } from "../schema.js";

export const publishChangelogEntryOperation = defineOperation(
  {
    method: "post",
    path: "/changelog/{id}/publish",
    operationId: "publishChangelogEntry",
    tag: "Changelog",
    summary: "Publish or schedule an entry",
    description:
      "Without `at` (or with a past one) the entry publishes now; with a future `at` it is scheduled and publishes itself then, exactly once, whatever the number of server processes and restarts. 409 when published already. Emits `changelog.published` when it publishes.",
    credential: secretKey("changelog:write"),
    params: entryParam,
    body: PublishEntrySchema,
    answer: { status: 200, schema: ChangelogEntrySchema, description: "The published or scheduled entry." },
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
