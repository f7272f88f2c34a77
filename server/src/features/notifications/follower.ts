import type { Tx } from "../../platform/context.js";
import type { Dialect } from "../../platform/db/database.js";
import type { Follower, OutboxEvent } from "../../platform/changes/follow.js";
import { newId } from "../../platform/lib/ids.js";
import type { EventKind } from "./kinds.js";
import { firstLines } from "./mail/first-lines.js";

// The notifications' follower of the outbox: writes what each change tells people into
// `notification_events`, the notifications' own queue, fanned out per recipient afterwards
// (fanout.ts). The mail is written from the event's data alone, so a post renamed later does not
// change what was said; names are looked up as the event is read. Who follows a post is written by
// the verbs themselves (follow-post.ts).

interface Told {
  kind: EventKind;
  postId: string | null;
  data: Record<string, unknown>;
}

interface PostData {
  id: string;
  title: string;
  body: string;
  boardId: string;
  ownerId: string | null;
  status: { id: string; name: string; category?: string };
}

/** A batch's transaction, and whether its reads of a person lock the row (PostgreSQL). */
interface Reading {
  tx: Tx;
  dialect: Dialect;
}

/** The name shown for whoever made the change: a member's or end user's name; a key is "The team". */
async function nameOf({ tx, dialect }: Reading, workspaceId: string, personId: unknown): Promise<string | null> {
  if (typeof personId !== "string") return null;
  const table = personId.startsWith("mem_") ? "members" : personId.startsWith("usr_") ? "users" : null;
  if (!table) return null;
  const read = tx.selectFrom(table).select("name").where("workspace_id", "=", workspaceId).where("id", "=", personId);
  // An erasure running meanwhile waits for this batch and then scrubs the name it wrote, or this
  // read waits for the erasure and finds no name: either way no name outlives its erasure.
  return (await (dialect === "postgres" ? read.forShare() : read).executeTakeFirst())?.name ?? null;
}

const assigned = async (reading: Reading, event: OutboxEvent, post: PostData, ownerId: string): Promise<Told> => ({
  kind: "post_assigned",
  postId: post.id,
  data: { title: post.title, ownerId, actorName: await nameOf(reading, event.workspaceId, event.facts.actorId) },
});

/** What one event tells, in the order it is told. */
async function toldBy(reading: Reading, event: OutboxEvent): Promise<Told[]> {
  const { tx } = reading;
  const data = JSON.parse(event.data);
  const { facts } = event;
  switch (event.type) {
    case "post.created": {
      // Its owner hears they have it, then members watching its board hear of it.
      const post = data as PostData;
      const authorId = (facts.authorId as string | null | undefined) ?? null;
      const board = await tx.selectFrom("boards").select("name").where("id", "=", post.boardId).executeTakeFirst();
      const created: Told = {
        kind: "post_created",
        postId: post.id,
        data: {
          title: post.title,
          body: post.body.slice(0, 500),
          boardId: post.boardId,
          boardName: board?.name ?? "",
          authorId,
          actorName: await nameOf(reading, event.workspaceId, authorId ?? facts.actorId),
        },
      };
      return post.ownerId ? [await assigned(reading, event, post, post.ownerId), created] : [created];
    }
    case "post.updated":
      // A post given to a member: they hear of it unless they took it themselves (recipients.ts).
      return typeof facts.assignedTo === "string" ? [await assigned(reading, event, data as PostData, facts.assignedTo)] : [];
    case "post.status_changed": {
      // Changed with `notify: false`: nobody is told.
      if (facts.notify === false) return [];
      // The team's public comment, if one came with the change, is told with it.
      const { post, previousStatus, comment } = data as {
        post: PostData;
        previousStatus: { name: string };
        comment?: { body: string; internal: boolean } | null;
      };
      const body = comment && !comment.internal ? { body: comment.body } : {};
      return [
        {
          kind: "post_status",
          postId: post.id,
          data: { title: post.title, from: previousStatus.name, to: post.status.name, toId: post.status.id, toCategory: post.status.category ?? null, ...body },
        },
      ];
    }
    case "comment.created": {
      // A status change's comment is told with the change: one notification, not two.
      if (facts.toldWithStatusChange) return [];
      const comment = data as { id: string; postId: string; body: string; internal: boolean };
      const authorId = (facts.authorId as string | null | undefined) ?? (facts.actorId as string | undefined) ?? null;
      return [
        {
          kind: "post_comment",
          postId: comment.postId,
          data: {
            title: facts.postTitle,
            commentId: comment.id,
            body: comment.body.slice(0, 2000),
            internal: comment.internal,
            authorId,
            actorName: await nameOf(reading, event.workspaceId, authorId),
            mentions: facts.mentions ?? [],
          },
        },
      ];
    }
    case "post.merged": {
      const { post, into } = data as { post: PostData; into: PostData };
      return [{ kind: "post_merged", postId: post.id, data: { title: post.title, intoId: into.id, intoTitle: into.title } }];
    }
    case "changelog.published": {
      // Published with `notify: false`, or told already by an earlier publishing (changelog/publish.ts).
      if (facts.notify === false) return [];
      const entry = data as { id: string; title: string; body: string; postIds: string[] };
      // Published again after being taken back: it was news once.
      const told = await tx
        .selectFrom("notification_events")
        .select("id")
        .where("workspace_id", "=", event.workspaceId)
        .where("kind", "=", "changelog_published")
        .where("data", "like", `%"entryId":"${entry.id}"%`)
        .executeTakeFirst();
      if (told) return [];
      // The titles as they are now, for the "shipped" mail to name each idea a reader follows (send.ts picks theirs).
      const posts = entry.postIds.length
        ? await tx.selectFrom("posts").select(["id", "title"]).where("workspace_id", "=", event.workspaceId).where("id", "in", entry.postIds).execute()
        : [];
      return [
        {
          kind: "changelog_published",
          postId: null,
          data: { entryId: entry.id, entryTitle: entry.title, postIds: entry.postIds, posts, excerpt: firstLines(entry.body ?? "") },
        },
      ];
    }
    default:
      return [];
  }
}

/** Writes what an event tells, once: read again (its batch rolled back), it writes nothing new. */
async function tell(reading: Reading, event: OutboxEvent): Promise<void> {
  const { tx } = reading;
  for (const told of await toldBy(reading, event)) {
    await tx
      .insertInto("notification_events")
      .values({
        id: newId("notificationEvent"),
        workspace_id: event.workspaceId,
        kind: told.kind,
        post_id: told.postId,
        // Who made the change is never told of it.
        actor_id: typeof event.facts.actorId === "string" ? event.facts.actorId : null,
        data: JSON.stringify(told.data),
        created_at: event.createdAt,
        fanned_out_at: null,
        outbox_id: event.id,
      })
      .onConflict((oc) => oc.columns(["outbox_id", "kind"]).doNothing())
      .execute();
  }
}

export const notificationsFollower: Follower = {
  name: "notifications",
  types: ["post.created", "post.updated", "post.status_changed", "comment.created", "post.merged", "changelog.published"],
  async handle(tx, events, services) {
    const withdrawn = new Set(
      (
        await tx
          .selectFrom("notification_withdrawals")
          .select("outbox_id")
          .where(
            "outbox_id",
            "in",
            events.map((e) => e.id),
          )
          .execute()
      ).map((row) => row.outbox_id),
    );
    // An undone bulk change tells nobody: neither of the change (withdrawn) nor of its undoing (quiet).
    for (const event of events) if (!event.facts.quiet && !withdrawn.has(event.id)) await tell({ tx, dialect: services.dialect }, event);
  },
};
