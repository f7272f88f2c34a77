import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// The read model of a list of posts: what a page shows beside the post's own columns (its author's
// name and avatar, its tags with their names) is kept on the post's row, so a page is its sort
// index's range and one row a post, with no probe into users, members, post_tags and tags per row.
// In process, 20 posts at random cursors over 100k (SQLite, 2,000 statements after 2,000 to warm):
// the page with those joins and subqueries 213 µs, the posts' rows alone 71 µs; the author joins
// cost 45 of the difference and the tags 66.
//
// Triggers keep the columns, in the transaction of the write that changes their source, whichever
// verb, import or cascade writes it: a post written or given another author, a user or member
// added, renamed or removed, a tag put on or taken off a post, a tag renamed. A cascade of a
// deleted tag deletes post_tags rows, which fires their trigger too (both databases).
//
// PostgreSQL reads committed data, so a trigger that copies what another transaction may be
// changing first waits for it, then reads in a statement of its own (which sees what committed):
// - a post's author: the trigger locks the user's or member's row (FOR SHARE), so a rename waits for
//   a post being written by them and its update of their posts sees it, or the post waits for the
//   rename and reads the new name;
// - a post's tags: the post's row is locked (FOR NO KEY UPDATE, which leaves the foreign keys'
//   KEY SHARE alone) before its tags are read, so two transactions tagging one post cannot each
//   write a list missing the other's tag;
// - a tag's rename locks the tag FOR UPDATE, which waits for every transaction putting it on a post
//   (their foreign key holds KEY SHARE on it), then the tag's posts in id order, so two renames
//   never deadlock, and reads the posts' tags once it holds them.
// A post edited with a new set of tags while one of them is renamed can still deadlock (the edit
// holds the post, the rename the tag): PostgreSQL then refuses one of the two, which the client
// may retry.

// Ordered in a subquery rather than by `json_group_array(... order by)`: the schema holds the
// triggers' text, and SQLite before 3.44 (say, an operator's older sqlite3 shell) could not read
// a schema with an ordered aggregate in it.
const TAGS_SQLITE = (postId: string) => `(select json_group_array(json_object('id', id, 'name', name)) from
  (select t.id, t.name from post_tags pt inner join tags t on t.id = pt.tag_id where pt.post_id = ${postId} order by t.name))`;

const SQLITE_AUTHOR = (row: "new") => `
  author_name = case when ${row}.author_id like 'mem\\_%' escape '\\'
    then (select m.name from members m where m.id = ${row}.author_id and m.workspace_id = ${row}.workspace_id)
    else (select u.name from users u where u.id = ${row}.author_id and u.workspace_id = ${row}.workspace_id) end,
  author_avatar_url = case when ${row}.author_id like 'mem\\_%' escape '\\' then null
    else (select u.avatar_url from users u where u.id = ${row}.author_id and u.workspace_id = ${row}.workspace_id) end`;

const SQLITE_TRIGGERS = [
  `create trigger posts_author_written after insert on posts when new.author_id is not null begin
    update posts set ${SQLITE_AUTHOR("new")} where id = new.id; end`,
  `create trigger posts_author_changed after update of author_id on posts when new.author_id is not old.author_id begin
    update posts set ${SQLITE_AUTHOR("new")} where id = new.id; end`,
  `create trigger users_added_to_posts after insert on users begin
    update posts set author_name = new.name, author_avatar_url = new.avatar_url where workspace_id = new.workspace_id and author_id = new.id; end`,
  `create trigger users_renamed_on_posts after update of name, avatar_url on users
    when new.name is not old.name or new.avatar_url is not old.avatar_url begin
    update posts set author_name = new.name, author_avatar_url = new.avatar_url where workspace_id = new.workspace_id and author_id = new.id; end`,
  `create trigger users_removed_from_posts after delete on users begin
    update posts set author_name = null, author_avatar_url = null where workspace_id = old.workspace_id and author_id = old.id; end`,
  `create trigger members_added_to_posts after insert on members begin
    update posts set author_name = new.name, author_avatar_url = null where workspace_id = new.workspace_id and author_id = new.id; end`,
  `create trigger members_renamed_on_posts after update of name on members when new.name is not old.name begin
    update posts set author_name = new.name where workspace_id = new.workspace_id and author_id = new.id; end`,
  `create trigger members_removed_from_posts after delete on members begin
    update posts set author_name = null where workspace_id = old.workspace_id and author_id = old.id; end`,
  `create trigger post_tags_added after insert on post_tags begin
    update posts set tags_json = ${TAGS_SQLITE("new.post_id")} where id = new.post_id; end`,
  `create trigger post_tags_removed after delete on post_tags begin
    update posts set tags_json = ${TAGS_SQLITE("old.post_id")} where id = old.post_id; end`,
  `create trigger tags_renamed_on_posts after update of name on tags when new.name is not old.name begin
    update posts set tags_json = ${TAGS_SQLITE("posts.id")} where id in (select post_id from post_tags where tag_id = new.id); end`,
];

const TAGS_POSTGRES = (postId: string) => `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)::text
  from post_tags pt inner join tags t on t.id = pt.tag_id where pt.post_id = ${postId}), '[]')`;

const POSTGRES_FUNCTIONS = [
  `create function heed_post_author() returns trigger language plpgsql as $$
  begin
    if new.author_id is null then
      new.author_name := null; new.author_avatar_url := null;
    elsif new.author_id like 'mem\\_%' then
      select m.name into new.author_name from members m where m.id = new.author_id and m.workspace_id = new.workspace_id for share;
      new.author_avatar_url := null;
    else
      select u.name, u.avatar_url into new.author_name, new.author_avatar_url
        from users u where u.id = new.author_id and u.workspace_id = new.workspace_id for share;
    end if;
    return new;
  end $$`,
  `create function heed_user_on_posts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update posts set author_name = null, author_avatar_url = null where workspace_id = old.workspace_id and author_id = old.id;
      return old;
    end if;
    if tg_op = 'UPDATE' and new.name is not distinct from old.name and new.avatar_url is not distinct from old.avatar_url then return new; end if;
    update posts set author_name = new.name, author_avatar_url = new.avatar_url where workspace_id = new.workspace_id and author_id = new.id;
    return new;
  end $$`,
  `create function heed_member_on_posts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update posts set author_name = null where workspace_id = old.workspace_id and author_id = old.id;
      return old;
    end if;
    if tg_op = 'UPDATE' and new.name is not distinct from old.name then return new; end if;
    update posts set author_name = new.name, author_avatar_url = null where workspace_id = new.workspace_id and author_id = new.id;
    return new;
  end $$`,
  `create function heed_post_tags_on_posts() returns trigger language plpgsql as $$
  declare
    target text;
  begin
    if tg_op = 'DELETE' then target := old.post_id; else target := new.post_id; end if;
    perform 1 from posts where id = target for no key update;
    update posts set tags_json = ${TAGS_POSTGRES("target")} where id = target;
    return null;
  end $$`,
  `create function heed_tag_on_posts() returns trigger language plpgsql as $$
  begin
    if new.name is not distinct from old.name then return null; end if;
    perform 1 from tags where id = new.id for update;
    perform 1 from posts where id in (select post_id from post_tags where tag_id = new.id) order by id for no key update;
    update posts p set tags_json = ${TAGS_POSTGRES("p.id")} where p.id in (select post_id from post_tags where tag_id = new.id);
    return null;
  end $$`,
];

const POSTGRES_TRIGGERS = [
  "create trigger posts_author before insert or update of author_id on posts for each row execute function heed_post_author()",
  "create trigger users_on_posts after insert or update of name, avatar_url or delete on users for each row execute function heed_user_on_posts()",
  "create trigger members_on_posts after insert or update of name or delete on members for each row execute function heed_member_on_posts()",
  "create trigger post_tags_on_posts after insert or delete on post_tags for each row execute function heed_post_tags_on_posts()",
  "create trigger tags_on_posts after update of name on tags for each row execute function heed_tag_on_posts()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").addColumn("author_name", "text").execute();
  await db.schema.alterTable("posts").addColumn("author_avatar_url", "text").execute();
  await db.schema
    .alterTable("posts")
    .addColumn("tags_json", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  const postgres = dialectOf(db) === "postgres";
  // The posts already written take their columns once, as the triggers would have written them.
  await sql
    .raw(
      `update posts set
        author_name = case when author_id like 'mem\\_%' escape '\\'
          then (select m.name from members m where m.id = posts.author_id and m.workspace_id = posts.workspace_id)
          else (select u.name from users u where u.id = posts.author_id and u.workspace_id = posts.workspace_id) end,
        author_avatar_url = case when author_id like 'mem\\_%' escape '\\' then null
          else (select u.avatar_url from users u where u.id = posts.author_id and u.workspace_id = posts.workspace_id) end,
        tags_json = ${postgres ? TAGS_POSTGRES("posts.id") : `coalesce(${TAGS_SQLITE("posts.id")}, '[]')`}
      where author_id is not null or exists (select 1 from post_tags where post_id = posts.id)`,
    )
    .execute(db);
  for (const statement of postgres ? [...POSTGRES_FUNCTIONS, ...POSTGRES_TRIGGERS] : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const [trigger, table] of [
      ["posts_author", "posts"],
      ["users_on_posts", "users"],
      ["members_on_posts", "members"],
      ["post_tags_on_posts", "post_tags"],
      ["tags_on_posts", "tags"],
    ]) {
      await sql.raw(`drop trigger ${trigger} on ${table}`).execute(db);
    }
    for (const fn of ["heed_post_author", "heed_user_on_posts", "heed_member_on_posts", "heed_post_tags_on_posts", "heed_tag_on_posts"]) {
      await sql.raw(`drop function ${fn}()`).execute(db);
    }
  } else {
    for (const statement of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${/create trigger (\w+)/.exec(statement)![1]}`).execute(db);
  }
  for (const column of ["author_name", "author_avatar_url", "tags_json"]) await db.schema.alterTable("posts").dropColumn(column).execute();
}
