import type { Operation } from "../../../http/define-operation.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { createBulkJob, previewBulkJob } from "../create.js";
import { BulkJobSchema, BulkPreviewSchema, bulkJobParam, CreateBulkJobSchema, MOST_POSTS_PER_JOB, PreviewBulkJobSchema } from "../schema.js";
import { getBulkJob, undoBulkJob } from "../undo.js";

export const createBulkJobOperation = defineOperation(
  {
    method: "post",
    path: "/posts/bulk",
    operationId: "createBulkJob",
    tag: "Posts",
    summary: "Change every post a filter matches",
    description: `Makes a job that applies \`action\` to every post \`filters\` match now (at most ${MOST_POSTS_PER_JOB}), in the background; follow it with \`GET /bulk-jobs/{id}\`. Each post changes through the same path as a single change: its own audit row, webhook event and notifications, once per post changed, none for a post that already held the value. A \`status\` action mails the posts' followers unless \`notify\` is \`false\`; \`notified\` says how many (\`POST /posts/bulk/preview\` says it before). Posts written later are not touched.`,
    credential: secretKey("posts:write"),
    body: CreateBulkJobSchema,
    answer: { status: 202, schema: BulkJobSchema, description: "The job, queued (or done at once when nothing matched)." },
  },
  { verb: createBulkJob },
);

export const previewBulkJobOperation = defineOperation(
  {
    method: "post",
    path: "/posts/bulk/preview",
    operationId: "previewBulkJob",
    tag: "Posts",
    summary: "Preview a bulk change",
    description:
      "What a change to every post `filters` match (`POST /posts/bulk`), or to the posts `postIds` names (changed one by one), would do, changing nothing: how many posts it names and how many people it would mail (`followerCount`), so the choice of `notify` is made knowingly.",
    credential: secretKey("posts:write"),
    body: PreviewBulkJobSchema,
    answer: { status: 200, schema: BulkPreviewSchema, description: "The preview." },
  },
  { verb: previewBulkJob },
);

export const getBulkJobOperation = defineOperation(
  {
    method: "get",
    path: "/bulk-jobs/{id}",
    operationId: "getBulkJob",
    tag: "Posts",
    summary: "A bulk job's progress",
    description: "How many of its posts it has looked at (`done` of `total`), changed and, after an undo, put back.",
    credential: secretKey("posts:read"),
    params: bulkJobParam,
    answer: { status: 200, schema: BulkJobSchema, description: "The job." },
  },
  { verb: getBulkJob },
);

export const undoBulkJobOperation = defineOperation(
  {
    method: "post",
    path: "/bulk-jobs/{id}/undo",
    operationId: "undoBulkJob",
    tag: "Posts",
    summary: "Undo a bulk job",
    description:
      "Stops the job if it runs and puts back every post it changed that still holds what it set (a post changed since is left as it is). Webhooks hear of each post put back; nobody is notified, and notifications of the change not yet mailed are withdrawn. 409 when the job is undone, undoing or failed.",
    credential: secretKey("posts:write"),
    params: bulkJobParam,
    answer: { status: 202, schema: BulkJobSchema, description: "The job, undoing." },
    errors: ["conflict"],
  },
  { verb: undoBulkJob },
);

export const operations: Operation[] = [previewBulkJobOperation, createBulkJobOperation, getBulkJobOperation, undoBulkJobOperation];
