import type { CreateTableBuilder, Kysely } from "kysely";

// The whole product domain. Only portable types (text, integer, double precision) and plain
// constraints, so this runs unchanged on SQLite and PostgreSQL. Every list sort has an index that
// starts with workspace_id and ends with id, the keyset tie-breaker.

// biome-ignore lint/suspicious/noExplicitAny: helpers add columns to tables of any shape
type Table = CreateTableBuilder<any, any>;

const workspaceRef = (t: Table) =>
  t.addColumn("id", "text", (c) => c.primaryKey()).addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"));

const timestamps = (t: Table) => t.addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull().unique())
    .addColumn("portal_visibility", "text", (c) => c.notNull().defaultTo("public"))
    .addColumn("identity_verification", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("identity_secret", "text", (c) => c.notNull())
    .addColumn("rate_limit_per_minute", "integer")
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("members")
    .$call(workspaceRef)
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .$call(timestamps)
    .addUniqueConstraint("members_workspace_email", ["workspace_id", "email"])
    .execute();

  await db.schema
    .createTable("boards")
    .$call(workspaceRef)
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visibility", "text", (c) => c.notNull().defaultTo("public"))
    .$call(timestamps)
    .addUniqueConstraint("boards_workspace_slug", ["workspace_id", "slug"])
    .execute();

  await db.schema
    .createTable("statuses")
    .$call(workspaceRef)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addUniqueConstraint("statuses_workspace_name", ["workspace_id", "name"])
    .execute();

  await db.schema
    .createTable("tags")
    .$call(workspaceRef)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .$call(timestamps)
    .addUniqueConstraint("tags_workspace_name", ["workspace_id", "name"])
    .execute();

  await db.schema
    .createTable("companies")
    .$call(workspaceRef)
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("monthly_spend", "double precision", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addUniqueConstraint("companies_workspace_external", ["workspace_id", "external_id"])
    .execute();

  await db.schema
    .createTable("end_users")
    .$call(workspaceRef)
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("name", "text")
    .addColumn("avatar_url", "text")
    .addColumn("company_id", "text", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("traits", "text", (c) => c.notNull().defaultTo("{}"))
    .$call(timestamps)
    .addColumn("last_seen_at", "text")
    // Deleting an end user anonymises the row: their votes and comments stay, without the person.
    .addColumn("deleted_at", "text")
    .addUniqueConstraint("end_users_workspace_external", ["workspace_id", "external_id"])
    .execute();
  await db.schema.createIndex("end_users_company").on("end_users").columns(["company_id"]).execute();
  await db.schema.createIndex("end_users_by_workspace").on("end_users").columns(["workspace_id", "id"]).execute();
  await db.schema.createIndex("companies_by_workspace").on("companies").columns(["workspace_id", "id"]).execute();

  await db.schema
    .createTable("posts")
    .$call(workspaceRef)
    .addColumn("board_id", "text", (c) => c.notNull().references("boards.id"))
    .addColumn("status_id", "text", (c) => c.notNull().references("statuses.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("owner_id", "text")
    .addColumn("vote_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("trending_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    // Monthly spend of the distinct companies whose users voted: the `revenue` sort.
    .addColumn("revenue", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("eta", "text")
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comments_locked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("merged_into_id", "text")
    .$call(timestamps)
    .addColumn("deleted_at", "text")
    .execute();
  const postSorts = {
    created: "created_at",
    votes: "vote_count",
    trending: "trending_count",
    comments: "comment_count",
    updated: "updated_at",
    revenue: "revenue",
  };
  for (const [name, column] of Object.entries(postSorts)) {
    // Filters (board, status, tag, author) narrow the scan of these; each sort stays a seek.
    await db.schema.createIndex(`posts_by_${name}`).on("posts").columns(["workspace_id", column, "id"]).execute();
  }
  await db.schema.createIndex("posts_by_author").on("posts").columns(["workspace_id", "author_id", "id"]).execute();
  await db.schema.createIndex("posts_by_status").on("posts").columns(["status_id", "id"]).execute();
  await db.schema.createIndex("posts_by_merged_into").on("posts").columns(["merged_into_id"]).execute();

  await db.schema
    .createTable("post_tags")
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tag_id", "text", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_tags_pk", ["post_id", "tag_id"])
    .execute();
  await db.schema.createIndex("post_tags_by_tag").on("post_tags").columns(["tag_id", "post_id"]).execute();

  // A portable inverted index for `q`: one row per distinct normalised word of a post. No index on
  // post_id: re-indexing a post deletes its old terms through the primary key (they are recomputed
  // from the old title and body), which keeps bulk loads and every post write cheaper.
  await db.schema
    .createTable("post_terms")
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("post_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_terms_pk", ["workspace_id", "term", "post_id"])
    .execute();

  // A vote is the pair (post, user): one per end user per post, enforced by the primary key, which
  // also makes "add a vote" naturally idempotent (insert … on conflict do nothing).
  await db.schema
    .createTable("votes")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("end_users.id"))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // Set while a merge has moved the vote from this post to the canonical one, so unmerge can
    // move back exactly what was moved.
    .addColumn("origin_post_id", "text")
    .addPrimaryKeyConstraint("votes_pk", ["post_id", "user_id"])
    .execute();
  // Newest voters of a post (keyset on created_at, user_id), and a post's votes since T (trending).
  await db.schema.createIndex("votes_by_post_time").on("votes").columns(["post_id", "created_at", "user_id"]).execute();
  await db.schema.createIndex("votes_by_user").on("votes").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("comments")
    .$call(workspaceRef)
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("parent_id", "text")
    .addColumn("author_id", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("internal", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addColumn("deleted_at", "text")
    // As for votes: the post a merge moved the comment from.
    .addColumn("origin_post_id", "text")
    .execute();
  await db.schema.createIndex("comments_by_post").on("comments").columns(["post_id", "id"]).execute();

  await db.schema
    .createTable("api_keys")
    .$call(workspaceRef)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("expires_at", "text")
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("rate_limit_per_minute", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("api_keys_by_workspace").on("api_keys").columns(["workspace_id", "id"]).execute();

  await db.schema
    .createTable("audit_log")
    .$call(workspaceRef)
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("object_type", "text", (c) => c.notNull())
    .addColumn("object_id", "text", (c) => c.notNull())
    .addColumn("request_id", "text")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_by_workspace").on("audit_log").columns(["workspace_id", "id"]).execute();
  await db.schema.createIndex("audit_by_object").on("audit_log").columns(["workspace_id", "object_id", "id"]).execute();
  await db.schema.createIndex("audit_by_actor").on("audit_log").columns(["workspace_id", "actor_id", "id"]).execute();

  await db.schema
    .createTable("outbox")
    .$call(workspaceRef)
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("dispatched_at", "text")
    .execute();
  await db.schema.createIndex("outbox_pending").on("outbox").columns(["dispatched_at", "id"]).execute();

  await db.schema
    .createTable("changelog_entries")
    .$call(workspaceRef)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("publish_at", "text")
    .addColumn("published_at", "text")
    .$call(timestamps)
    .execute();
  await db.schema.createIndex("changelog_by_state").on("changelog_entries").columns(["workspace_id", "state", "publish_at", "id"]).execute();

  await db.schema
    .createTable("changelog_entry_posts")
    .addColumn("entry_id", "text", (c) => c.notNull().references("changelog_entries.id").onDelete("cascade"))
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("changelog_entry_posts_pk", ["entry_id", "post_id"])
    .execute();

  await db.schema
    .createTable("tracked_events")
    .$call(workspaceRef)
    .addColumn("user_id", "text")
    .addColumn("anonymous_id", "text")
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("properties", "text", (c) => c.notNull())
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tracked_events_by_user").on("tracked_events").columns(["workspace_id", "user_id", "id"]).execute();

  await db.schema
    .createTable("webhook_endpoints")
    .$call(workspaceRef)
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", "text")
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "server_secrets",
    "webhook_endpoints",
    "tracked_events",
    "changelog_entry_posts",
    "changelog_entries",
    "outbox",
    "audit_log",
    "api_keys",
    "comments",
    "votes",
    "post_terms",
    "post_tags",
    "posts",
    "end_users",
    "companies",
    "tags",
    "statuses",
    "boards",
    "members",
    "workspaces",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
