import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import type { Tx } from "../../platform/context.js";
import type { Hold } from "../../platform/moderation/hold.js";
import { type CountSubmission, type Submission, screenSubmission } from "../moderation/index.js";

/** The end user's new post or comment under the workspace's moderation, which each portal request already carries. */
export function screenPortalSubmission(tx: Tx, ctx: CustomerCtx, userId: string, submission: Submission, countSubmission: CountSubmission): Promise<Hold> {
  return screenSubmission(tx, { moderation: ctx.customer.workspace.moderation, workspaceId: ctx.workspace.id, userId, submission, countSubmission });
}
