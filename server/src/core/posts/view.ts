import type { Kysely } from "kysely";
import type { Database, PostsTable, StatusCategory } from "../../db/schema.js";
import type { Ctx } from "../context.js";

type Conn = Kysely<Database>;

export interface PostAuthor {
  type: "user" | "member";
  id: string;
  name: string | null;
  avatarUrl: string | null;
}

export interface PostView {
  id: string;
  boardId: string;
  title: string;
  body: string;
  status: { id: string; name: string; category: StatusCategory };
  tags: { id: string; name: string }[];
  author: PostAuthor | null;
  ownerId: string | null;
  voteCount: number;
  commentCount: number;
  eta: string | null;
  pinned: boolean;
  commentsLocked: boolean;
  mergedInto: string | null;
  url: string;
  createdAt: string;
  updatedAt: string;
}

export type PostRow = PostsTable & { status_name: string; status_category: StatusCategory };

/** Posts with their status: the one join every post read needs. */
export function selectPosts(db: Conn) {
  return db
    .selectFrom("posts as p")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .selectAll("p")
    .select(["s.name as status_name", "s.category as status_category"]);
}

/**
 * Shapes rows into the public Post. Tags and authors of the whole page come in two queries
 * whatever the page size: no query per row.
 */
export async function toPostViews(db: Conn, ctx: Ctx, rows: PostRow[]): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id).filter((id): id is string => id !== null))];
  const userIds = authorIds.filter((id) => id.startsWith("usr_"));
  const memberIds = authorIds.filter((id) => id.startsWith("mem_"));

  const [tagRows, users, members] = await Promise.all([
    db
      .selectFrom("post_tags as pt")
      .innerJoin("tags as t", "t.id", "pt.tag_id")
      .select(["pt.post_id", "t.id", "t.name"])
      .where("pt.post_id", "in", ids)
      .orderBy("t.name")
      .execute(),
    userIds.length
      ? db.selectFrom("end_users").select(["id", "name", "avatar_url"]).where("workspace_id", "=", ctx.workspace.id).where("id", "in", userIds).execute()
      : [],
    memberIds.length
      ? db.selectFrom("members").select(["id", "name"]).where("workspace_id", "=", ctx.workspace.id).where("id", "in", memberIds).execute()
      : [],
  ]);

  const tagsByPost = new Map<string, { id: string; name: string }[]>();
  for (const t of tagRows) {
    const list = tagsByPost.get(t.post_id) ?? [];
    list.push({ id: t.id, name: t.name });
    tagsByPost.set(t.post_id, list);
  }
  const authors = new Map<string, PostAuthor>();
  for (const u of users) authors.set(u.id, { type: "user", id: u.id, name: u.name, avatarUrl: u.avatar_url });
  for (const m of members) authors.set(m.id, { type: "member", id: m.id, name: m.name, avatarUrl: null });

  const portal = `${ctx.services.publicUrl}/p/${ctx.workspace.slug}/posts/`;
  return rows.map((r) => ({
    id: r.id,
    boardId: r.board_id,
    title: r.title,
    body: r.body,
    status: { id: r.status_id, name: r.status_name, category: r.status_category },
    tags: tagsByPost.get(r.id) ?? [],
    author: r.author_id ? (authors.get(r.author_id) ?? null) : null,
    ownerId: r.owner_id,
    voteCount: r.vote_count,
    commentCount: r.comment_count,
    eta: r.eta,
    pinned: r.pinned === 1,
    commentsLocked: r.comments_locked === 1,
    mergedInto: r.merged_into_id,
    url: portal + r.id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** One live (not deleted) post of the workspace, or undefined. */
export async function findPost(db: Conn, ctx: Ctx, id: string): Promise<PostRow | undefined> {
  return selectPosts(db).where("p.workspace_id", "=", ctx.workspace.id).where("p.id", "=", id).where("p.deleted_at", "is", null).executeTakeFirst();
}
