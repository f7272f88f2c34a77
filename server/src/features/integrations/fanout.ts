import type { Follower, OutboxEvent } from "../../platform/changes/follow.js";
import type { IntegrationDeliveriesTable } from "../../platform/db/schema.js";
import type { Services, Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { UNLEASED } from "../../platform/queue/index.js";
import { SLACK_EVENT_NAMES, settingsOf, type SlackEvent } from "./settings.js";
import { type SlackChange, slackMessage } from "./slack-message.js";

// Outbox events become Slack messages, one per subscribed channel: the integrations' follower of the
// outbox queues them in the transaction that moves its cursor, so each event is fanned out once
// whatever the number of processes, and the unique (integration, kind, event) pair keeps a repeat
// from queueing a second message.

interface Author {
  name: string | null;
}
interface PostData {
  id: string;
  boardId: string;
  title: string;
  body: string;
  voteCount: number;
  author: Author | null;
  heldForApproval?: boolean;
}
interface CommentData {
  postId: string;
  body: string;
  internal: boolean;
  heldForApproval?: boolean;
}

/** What a Slack channel is told of an event, or null for events it is not told of. */
async function changeOf(tx: Tx, event: OutboxEvent): Promise<(SlackChange & { boardId: string }) | null> {
  const board = async (id: string) =>
    (await tx.selectFrom("boards").select("name").where("id", "=", id).where("workspace_id", "=", event.workspaceId).executeTakeFirst())?.name ?? "";
  const facts = async (post: PostData) => ({
    id: post.id,
    title: post.title,
    voteCount: post.voteCount,
    author: post.author?.name ?? null,
    board: await board(post.boardId),
  });
  if (event.type === "post.created") {
    const post = JSON.parse(event.data) as PostData;
    if (post.heldForApproval) return null;
    return { event: "post.created", post: await facts(post), body: post.body, boardId: post.boardId };
  }
  if (event.type === "post.status_changed") {
    const data = JSON.parse(event.data) as { post: PostData & { status: { name: string } }; previousStatus: { name: string } };
    return {
      event: "post.status_changed",
      post: await facts(data.post),
      from: data.previousStatus.name,
      to: data.post.status.name,
      boardId: data.post.boardId,
    };
  }
  if (event.type === "comment.created") {
    const comment = JSON.parse(event.data) as CommentData;
    if (comment.heldForApproval) return null;
    const post = await tx
      .selectFrom("posts")
      .select(["id", "board_id", "title", "vote_count"])
      .where("id", "=", comment.postId)
      .where("workspace_id", "=", event.workspaceId)
      .executeTakeFirst();
    if (!post) return null;
    const facts = { id: post.id, title: post.title, voteCount: post.vote_count, author: null, board: await board(post.board_id) };
    return { event: "comment.created", post: facts, body: comment.body, internal: comment.internal, boardId: post.board_id };
  }
  return null;
}

/** Queues a Slack message per listening channel for each event, in the transaction that moves the cursor. */
async function fanOut(tx: Tx, events: OutboxEvent[], services: Services): Promise<void> {
  const at = nowIso();
  const channels = await tx
    .selectFrom("integrations")
    .selectAll()
    .where("workspace_id", "in", [...new Set(events.map((e) => e.workspaceId))])
    .where("provider", "=", "slack")
    // One Heed turned off (platform/turn-off) gets its messages held; one turned off by hand, none.
    .where((eb) => eb.or([eb("enabled", "=", 1), eb("disabled_reason", "is not", null)]))
    .execute();
  if (channels.length === 0) return;
  const deliveries: IntegrationDeliveriesTable[] = [];
  for (const event of events) {
    const listening = channels.filter(
      (c) => c.workspace_id === event.workspaceId && c.id !== event.origin && settingsOf(c).events.includes(event.type as SlackEvent),
    );
    if (listening.length === 0) continue;
    const change = await changeOf(tx, event);
    if (!change) continue;
    for (const channel of listening) {
      const { boardIds } = settingsOf(channel);
      if (boardIds.length > 0 && !boardIds.includes(change.boardId)) continue;
      const message = queued(
        {
          workspace_id: event.workspaceId,
          integration_id: channel.id,
          kind: "message",
          source_id: event.id,
          payload: JSON.stringify(slackMessage(change, services.publicUrl)),
        },
        at,
      );
      deliveries.push(channel.enabled === 1 ? message : { ...message, state: "held", next_attempt_at: null });
    }
  }
  if (deliveries.length > 0)
    await tx
      .insertInto("integration_deliveries")
      .values(deliveries)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export const integrationsFollower: Follower = { name: "integrations", types: SLACK_EVENT_NAMES, handle: fanOut };

/** A delivery waiting to be sent, due at once. */
export function queued(
  what: Pick<IntegrationDeliveriesTable, "workspace_id" | "integration_id" | "kind" | "source_id" | "payload"> & { link_id?: string },
  at: string,
): IntegrationDeliveriesTable {
  return {
    id: newId("integrationDelivery"),
    ...what,
    link_id: what.link_id ?? null,
    state: "pending",
    attempts: 0,
    next_attempt_at: at,
    ...UNLEASED,
    last_error: null,
    created_at: at,
    updated_at: at,
  };
}
