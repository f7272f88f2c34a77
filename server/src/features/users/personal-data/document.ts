import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.js";
import { nowIso } from "../../../platform/lib/clock.js";
import type { PersonalDataSchema } from "../schema.js";
import { selectUsers, toUserView } from "../view.js";

/** Everything Heed holds about one end user (GET /v1/users/{id}/export, the portal's "download my data"). */
export type PersonalData = z.output<typeof PersonalDataSchema>;

/**
 * The person's data as one document: their profile and preferences, what they wrote (deleted and
 * held included: Heed still holds it), voted for, follow, did (tracked events), were told and where
 * they are signed in. Undefined when the workspace has no such live end user. Each part is one
 * query by an index on the person's id. For the person themselves (`forPortal`), a vote names the
 * title of a post only where the portal shows it: a vote the team cast for them, or one a merge
 * moved, may be on a private board.
 */
export async function personalData(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
  options: { forPortal?: boolean } = {},
): Promise<PersonalData | undefined> {
  const user = await selectUsers(db).where("u.workspace_id", "=", workspaceId).where("u.id", "=", userId).where("u.deleted_at", "is", null).executeTakeFirst();
  if (!user) return undefined;
  const [posts, comments, votes, follows, events, notifications, sessions] = await Promise.all([
    db
      .selectFrom("posts as p")
      .innerJoin("statuses as s", "s.id", "p.status_id")
      .select(["p.id", "p.board_id", "p.title", "p.body", "s.name as status", "p.held", "p.created_at", "p.updated_at", "p.deleted_at"])
      .where("p.workspace_id", "=", workspaceId)
      .where("p.author_id", "=", userId)
      .orderBy("p.id")
      .execute(),
    db
      .selectFrom("comments")
      .select(["id", "post_id", "body", "created_at", "updated_at", "deleted_at"])
      .where("workspace_id", "=", workspaceId)
      .where("author_id", "=", userId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("votes as v")
      .innerJoin("posts as p", "p.id", "v.post_id")
      .innerJoin("boards as b", "b.id", "p.board_id")
      .select(["v.post_id", "p.title", "v.created_at", "b.visibility", "p.deleted_at", "p.held"])
      .where("v.workspace_id", "=", workspaceId)
      .where("v.user_id", "=", userId)
      .orderBy("v.created_at")
      .execute(),
    db
      .selectFrom("post_followers")
      .select(["post_id", "reason", "created_at"])
      .where("workspace_id", "=", workspaceId)
      .where("follower_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("tracked_events")
      .select(["id", "event", "properties", "occurred_at", "created_at"])
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("notifications")
      .select(["kind", "post_id", "created_at", "read_at"])
      .where("workspace_id", "=", workspaceId)
      .where("recipient_id", "=", userId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("portal_sessions")
      .select(["created_at", "expires_at"])
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
  ]);
  return {
    exportedAt: nowIso(),
    user: toUserView(user),
    preferences: { locale: user.locale, emailNotifications: user.email_notifications, followsChangelog: Boolean(user.follows_changelog) },
    posts: posts.map((p) => ({
      id: p.id,
      boardId: p.board_id,
      title: p.title,
      body: p.body,
      status: p.status,
      heldForApproval: Boolean(p.held),
      createdAt: p.created_at,
      updatedAt: p.updated_at,
      deletedAt: p.deleted_at,
    })),
    comments: comments.map((c) => ({ id: c.id, postId: c.post_id, body: c.body, createdAt: c.created_at, updatedAt: c.updated_at, deletedAt: c.deleted_at })),
    votes: votes.map((v) => ({
      postId: v.post_id,
      title: !options.forPortal || (v.visibility === "public" && v.deleted_at === null && !Number(v.held)) ? v.title : null,
      createdAt: v.created_at,
    })),
    follows: follows.map((f) => ({ postId: f.post_id, reason: f.reason, createdAt: f.created_at })),
    trackedEvents: events.map((e) => ({
      id: e.id,
      event: e.event,
      properties: JSON.parse(e.properties) as Record<string, unknown>,
      occurredAt: e.occurred_at,
      receivedAt: e.created_at,
    })),
    notifications: notifications.map((n) => ({ kind: n.kind, postId: n.post_id, createdAt: n.created_at, readAt: n.read_at })),
    portalSessions: sessions.map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at })),
  };
}
