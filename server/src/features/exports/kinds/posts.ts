import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../../../platform/db/schema.js";
import { inGroups, keyset, PAGE } from "../pages.js";
import { countIn, type ExportKind, field, type Row } from "./kind.js";

// Posts with what a reader of the file needs beside them (board, status, tags, author by name), and
// what hangs off posts: votes, comments, changelog entries. Deleted posts (the trash) are left out,
// with their votes and comments; merged posts stay, with `mergedIntoId`.

const LIVE = sql`deleted_at is null`;

/** The workspace's live posts in (created_at, id) order, each with its board, status, author and tags. */
async function* livePosts(db: Kysely<Database>, ws: string, until: string): AsyncGenerator<Row> {
  const pages = keyset<Row>(async (after) => {
    let query = db
      .selectFrom("posts as p")
      .innerJoin("boards as b", "b.id", "p.board_id")
      .innerJoin("statuses as s", "s.id", "p.status_id")
      .leftJoin("users as u", "u.id", "p.author_id")
      .leftJoin("members as m", "m.id", "p.author_id")
      .select([
        "p.id",
        "p.board_id",
        "b.slug as board_slug",
        "p.status_id",
        "s.name as status",
        "p.title",
        "p.body",
        "p.author_id",
        "u.external_id as author_external_id",
        sql<string | null>`coalesce(u.email, m.email)`.as("author_email"),
        sql<string | null>`coalesce(u.name, m.name)`.as("author_name"),
        "p.owner_id",
        "p.vote_count",
        "p.comment_count",
        "p.eta",
        "p.pinned",
        "p.comments_locked",
        "p.merged_into_id",
        "p.held",
        "p.created_at",
        "p.updated_at",
      ])
      .where("p.workspace_id", "=", ws)
      .where("p.created_at", "<=", until)
      .where("p.deleted_at", "is", null);
    if (after) query = query.where((eb) => eb(eb.refTuple("p.created_at", "p.id"), ">", eb.tuple(after.createdAt as string, after.id as string)));
    const rows = await query.orderBy("p.created_at").orderBy("p.id").limit(PAGE).execute();
    const tagged = rows.length
      ? await db
          .selectFrom("post_tags as pt")
          .innerJoin("tags as t", "t.id", "pt.tag_id")
          .select(["pt.post_id", "t.id", "t.name"])
          .where(
            "pt.post_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("t.name")
          .execute()
      : [];
    return rows.map((p) => {
      const tags = tagged.filter((t) => t.post_id === p.id);
      return {
        id: p.id,
        boardId: p.board_id,
        board: p.board_slug,
        statusId: p.status_id,
        status: p.status,
        title: p.title,
        body: p.body,
        tagIds: tags.map((t) => t.id),
        tags: tags.map((t) => t.name),
        authorId: p.author_id,
        authorExternalId: p.author_external_id,
        authorEmail: p.author_email,
        authorName: p.author_name,
        ownerId: p.owner_id,
        voteCount: Number(p.vote_count),
        commentCount: Number(p.comment_count),
        eta: p.eta,
        pinned: Boolean(Number(p.pinned)),
        commentsLocked: Boolean(Number(p.comments_locked)),
        mergedIntoId: p.merged_into_id,
        heldForApproval: Boolean(Number(p.held)),
        createdAt: p.created_at,
        updatedAt: p.updated_at,
      };
    });
  });
  yield* pages;
}

export const posts: ExportKind = {
  name: "posts",
  count: (db, ws, until) => countIn(db, "posts", ws, until, LIVE),
  rows: livePosts,
  csv: [
    ["id", field("id")],
    ["board", field("board")],
    ["title", field("title")],
    ["body", field("body")],
    ["status", field("status")],
    ["tags", (row) => (row.tags as string[]).join(", ")],
    ["author_id", field("authorId")],
    ["author_email", field("authorEmail")],
    ["author_name", field("authorName")],
    ["vote_count", field("voteCount")],
    ["comment_count", field("commentCount")],
    ["merged_into_id", field("mergedIntoId")],
    ["created_at", field("createdAt")],
  ],
};

/** The rows of what hangs off each live post, read for a page of posts at a time. */
async function* perPostPage(db: Kysely<Database>, ws: string, until: string, read: (postIds: string[]) => AsyncGenerator<Row>): AsyncGenerator<Row> {
  const ids = keyset<{ id: string; createdAt: string }>(async (after) => {
    let query = db
      .selectFrom("posts")
      .select(["id", "created_at as createdAt"])
      .where("workspace_id", "=", ws)
      .where("created_at", "<=", until)
      .where("deleted_at", "is", null);
    if (after) query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(after.createdAt, after.id)));
    return query.orderBy("created_at").orderBy("id").limit(PAGE).execute();
  });
  for await (const page of inGroups(ids)) yield* read(page.map((p) => p.id));
}

export const votes: ExportKind = {
  name: "votes",
  count: (db, ws, until) =>
    countIn(db, "votes", ws, until, sql`post_id in (select id from posts where workspace_id = ${ws} and created_at <= ${until} and deleted_at is null)`),
  rows: (db, ws, until) =>
    perPostPage(db, ws, until, (postIds) =>
      keyset(async (after) => {
        let query = db
          .selectFrom("votes")
          .select(["post_id", "user_id", "created_by", "created_at", "origin_post_id"])
          .where("post_id", "in", postIds)
          .where("created_at", "<=", until);
        if (after) query = query.where((eb) => eb(eb.refTuple("post_id", "user_id"), ">", eb.tuple(after.postId as string, after.userId as string)));
        const rows = await query.orderBy("post_id").orderBy("user_id").limit(PAGE).execute();
        return rows.map((v) => ({ postId: v.post_id, userId: v.user_id, createdBy: v.created_by, originPostId: v.origin_post_id, createdAt: v.created_at }));
      }),
    ),
  csv: [
    ["post_id", field("postId")],
    ["user_id", field("userId")],
    ["created_at", field("createdAt")],
  ],
};

export const comments: ExportKind = {
  name: "comments",
  count: (db, ws, until) =>
    countIn(
      db,
      "comments",
      ws,
      until,
      sql`deleted_at is null and post_id in (select id from posts where workspace_id = ${ws} and created_at <= ${until} and deleted_at is null)`,
    ),
  rows: (db, ws, until) =>
    perPostPage(db, ws, until, (postIds) =>
      keyset(async (after) => {
        let query = db
          .selectFrom("comments")
          .select(["id", "post_id", "parent_id", "author_id", "body", "internal", "held", "created_at", "updated_at"])
          .where("post_id", "in", postIds)
          .where("created_at", "<=", until)
          .where("deleted_at", "is", null);
        if (after) query = query.where((eb) => eb(eb.refTuple("post_id", "id"), ">", eb.tuple(after.postId as string, after.id as string)));
        const rows = await query.orderBy("post_id").orderBy("id").limit(PAGE).execute();
        return rows.map((c) => ({
          id: c.id,
          postId: c.post_id,
          parentId: c.parent_id,
          authorId: c.author_id,
          body: c.body,
          internal: Boolean(Number(c.internal)),
          heldForApproval: Boolean(Number(c.held)),
          createdAt: c.created_at,
          updatedAt: c.updated_at,
        }));
      }),
    ),
};

export const changelog: ExportKind = {
  name: "changelog",
  count: (db, ws, until) => countIn(db, "changelog_entries", ws, until),
  rows: (db, ws, until) =>
    keyset(async (after) => {
      let query = db.selectFrom("changelog_entries").selectAll().where("workspace_id", "=", ws).where("created_at", "<=", until);
      if (after) query = query.where("id", ">", after.id as string);
      const rows = await query.orderBy("id").limit(PAGE).execute();
      const links = rows.length
        ? await db
            .selectFrom("changelog_entry_posts")
            .select(["entry_id", "post_id"])
            .where(
              "entry_id",
              "in",
              rows.map((r) => r.id),
            )
            .orderBy("post_id")
            .execute()
        : [];
      return rows.map((e) => ({
        id: e.id,
        title: e.title,
        body: e.body,
        type: e.type,
        state: e.state,
        publishAt: e.publish_at,
        publishedAt: e.published_at,
        postIds: links.filter((l) => l.entry_id === e.id).map((l) => l.post_id),
        createdAt: e.created_at,
      }));
    }),
};
