import type { z } from "@hono/zod-openapi";
import type { IntegrationLinksTable } from "../../platform/db/schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { type Ctx, inTransaction, reader, type Tx } from "../../platform/context.js";
import { HeedError, invalidReference, notFound } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost } from "../posts/index.js";
import { queued } from "./fanout.js";
import type { CreateIssueLinkSchema } from "./schema.js";
import { isTracker, settingsOf } from "./settings.js";
import { type IssueLinkView, toIssueLinkView } from "./view.js";

// A post's links to tracker issues. Creating or finding the issue is the provider's work, done by
// the integration's sender after the link commits (a write never waits on GitHub or Linear inside
// its transaction): the link answers `pending`, then becomes `linked` or `failed`.

type LinkInput = z.output<typeof CreateIssueLinkSchema> & { postId: string };

/** A post may hold this many links; more is a sign of a loop in someone's script. */
const MAX_LINKS = 20;

async function postOf(db: Tx | Ctx["services"]["db"], ctx: Ctx, postId: string) {
  const post = await findPost(db, ctx, postId);
  if (!post) throw notFound("post", postId);
  return post;
}

async function linksOf(db: Tx | Ctx["services"]["db"], ctx: Ctx, postId: string): Promise<IssueLinkView[]> {
  const rows = await db
    .selectFrom("integration_links as l")
    .innerJoin("integrations as i", "i.id", "l.integration_id")
    .selectAll("l")
    .select("i.provider")
    .where("l.workspace_id", "=", ctx.workspace.id)
    .where("l.post_id", "=", postId)
    .orderBy("l.id")
    .execute();
  return rows.map(({ provider, ...row }) => toIssueLinkView(row, provider as "github" | "linear"));
}

export async function listIssueLinks({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ data: IssueLinkView[] }> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  await postOf(db, ctx, input.id);
  return { data: await linksOf(db, ctx, input.id) };
}

export async function createIssueLink({ ctx, input }: { ctx: Ctx; input: LinkInput }): Promise<IssueLinkView> {
  requireScope(ctx.actor.scopes, "posts:write");
  if ((input.create === undefined) === (input.reference === undefined))
    throw new HeedError("validation_failed", "Create an issue or link an existing one.", {
      errors: [{ pointer: "/create", code: "required", detail: "Give `create` (a new issue) or `reference` (an existing one), one of the two." }],
    });
  return inTransaction(ctx, async (tx) => {
    const post = await postOf(tx, ctx, input.postId);
    const integration = await tx
      .selectFrom("integrations")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.integrationId)
      .executeTakeFirst();
    if (!integration || !isTracker(integration.provider)) throw invalidReference("/integrationId", "GitHub or Linear integration", input.integrationId);
    if (integration.enabled === 0)
      throw new HeedError("conflict", "The integration is disabled; enable it to link issues.", { extra: { integrationId: integration.id } });
    const repositories = settingsOf(integration).repositories.map((r) => r.toLowerCase());
    if (input.create && integration.provider === "github" && !repositories.includes(input.create.target.toLowerCase()))
      throw new HeedError("validation_failed", "Issues are created in the integration's repositories.", {
        errors: [{ pointer: "/create/target", code: "not_allowed", detail: `'${input.create.target}' is not one of the integration's repositories.` }],
      });
    const count = await tx
      .selectFrom("integration_links")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("post_id", "=", post.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_LINKS) throw new HeedError("conflict", `A post links at most ${MAX_LINKS} issues.`);
    const at = nowIso();
    const request = input.create ? { create: { target: input.create.target, title: input.create.title ?? post.title } } : { reference: input.reference! };
    const row: IntegrationLinksTable = {
      id: newId("issueLink"),
      workspace_id: ctx.workspace.id,
      integration_id: integration.id,
      post_id: post.id,
      state: "pending",
      request: JSON.stringify(request),
      issue_id: null,
      issue_key: null,
      issue_url: null,
      issue_title: null,
      issue_state: null,
      error: null,
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("integration_links").values(row).execute();
    await tx
      .insertInto("integration_deliveries")
      .values(
        queued(
          {
            workspace_id: ctx.workspace.id,
            integration_id: integration.id,
            kind: input.create ? "create_issue" : "find_issue",
            source_id: row.id,
            link_id: row.id,
            payload: JSON.stringify({ postId: post.id, ...request }),
          },
          at,
        ),
      )
      .execute();
    await recordChange(tx, ctx, {
      action: "issue_link.created",
      objectType: "issue_link",
      objectId: row.id,
      audit: { postId: post.id, integrationId: integration.id, ...request },
    });
    return toIssueLinkView(row, integration.provider);
  });
}

/** Unlinks: the issue stays in the tracker, its state no longer moves the post. */
export async function deleteIssueLink({ ctx, input }: { ctx: Ctx; input: { id: string; linkId: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "posts:write");
  await inTransaction(ctx, async (tx) => {
    const link = await tx
      .selectFrom("integration_links")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("post_id", "=", input.id)
      .where("id", "=", input.linkId)
      .executeTakeFirst();
    if (!link) throw notFound("issue link", input.linkId);
    await tx.deleteFrom("integration_links").where("id", "=", link.id).execute();
    await tx.deleteFrom("integration_deliveries").where("link_id", "=", link.id).where("state", "=", "pending").execute();
    await recordChange(tx, ctx, {
      action: "issue_link.deleted",
      objectType: "issue_link",
      objectId: link.id,
      audit: { postId: link.post_id, issue: link.issue_key },
    });
  });
}

/**
 * Posts a comment of the post to every issue it is linked to (the team's "sync" on a comment):
 * queued once per issue; asking again for the same comment queues nothing more.
 */
export async function sendCommentToIssues({ ctx, input }: { ctx: Ctx; input: { id: string; commentId: string } }): Promise<{ queued: number }> {
  requireScope(ctx.actor.scopes, "comments:write");
  return inTransaction(ctx, async (tx) => {
    const post = await postOf(tx, ctx, input.id);
    const comment = await tx
      .selectFrom("comments")
      .select(["id", "body"])
      .where("workspace_id", "=", ctx.workspace.id)
      .where("post_id", "=", post.id)
      .where("id", "=", input.commentId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!comment) throw invalidReference("/commentId", "comment of this post", input.commentId);
    const links = (await linksOf(tx, ctx, post.id)).filter((l) => l.state === "linked");
    const at = nowIso();
    const rows = links.map((link) =>
      queued(
        {
          workspace_id: ctx.workspace.id,
          integration_id: link.integrationId,
          kind: "comment",
          source_id: `${comment.id}:${link.id}`,
          link_id: link.id,
          payload: JSON.stringify({ postId: post.id, commentId: comment.id, body: comment.body }),
        },
        at,
      ),
    );
    if (rows.length === 0) return { queued: 0 };
    const inserted = await tx
      .insertInto("integration_deliveries")
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .execute();
    return { queued: inserted.length };
  });
}
