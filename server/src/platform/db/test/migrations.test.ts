import { describe, expect, it } from "vitest";
import * as checkExistingPosts from "../migrations/0039_check_existing_posts.js";
import { despiteSchemasDroppedMeanwhile, isMigrated, migrateToLatest } from "../migrate.js";
import { type Kysely, sql } from "kysely";
import * as outboxFollowers from "../migrations/0034_outbox_followers.js";
import * as notificationsFollow from "../migrations/0035_notifications_follow.js";
import { notificationsFollower } from "../../../features/notifications/index.js";
import { createWorkspace } from "../../../features/workspace/create.js";
import { cursorOf, followOnce } from "../../changes/follow.js";
import type { Services } from "../../context.js";
import { freshDatabase } from "../../../../test/support/database.js";

describe("migrations", () => {
  it("migrate a fresh database while another Heed lives in the same PostgreSQL database, and re-run as no-ops", async () => {
    // On PostgreSQL each fresh database is a schema of the `test` database: the first one stays
    // alive while the second migrates, which is the situation Kysely used to mistake for "done".
    const first = await freshDatabase();
    const second = await freshDatabase();
    try {
      expect(await isMigrated(second.db)).toBe(true);
      const tables = await second.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["posts", "votes", "heed_migrations"]));
      expect(await migrateToLatest(second.db)).toEqual([]);
      expect(await migrateToLatest(first.db)).toEqual([]);
    } finally {
      await second.drop();
      await first.drop();
    }
  });

  it("read the tables again when another schema was dropped during the read, and only then", async () => {
    // What PostgreSQL says when a schema is dropped while Kysely's catalog query runs (CI saw both).
    for (const [code, message] of [
      ["3F000", 'schema "t_1" does not exist'],
      ["42P01", 'relation "t_1.heed_migrations" does not exist'],
      ["XX000", "cache lookup failed for relation 16542"],
      ["42703", 'column "client_secret" of relation "workspace_single_sign_on" does not exist'],
    ]) {
      let reads = 0;
      const answer = await despiteSchemasDroppedMeanwhile(async () => {
        reads++;
        if (reads < 3) throw Object.assign(new Error(message), { code });
        return "tables";
      });
      expect([answer, reads]).toEqual(["tables", 3]);
    }
    let reads = 0;
    const refused = despiteSchemasDroppedMeanwhile(async () => {
      reads++;
      throw Object.assign(new Error("permission denied"), { code: "42501" });
    });
    await expect(refused).rejects.toThrow("permission denied");
    expect(reads).toBe(1);
    // Another internal error is not a drop: refused at once.
    const internal = despiteSchemasDroppedMeanwhile(async () => {
      throw Object.assign(new Error("could not read block 0"), { code: "XX000" });
    });
    await expect(internal).rejects.toThrow("could not read block");
  });

  it("start each follower of the outbox, on a database upgraded with events pending, after exactly what its claim had taken", async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const ws = await createWorkspace(db, { slug: "upgraded", name: "Upgraded" });
      await outboxFollowers.down(db as unknown as Kysely<unknown>);
      // Before the followers: webhooks and integrations each marked the events they had taken, the
      // webhooks' second event still pending while their third was taken (claims ran side by side).
      const events: [string, string | null, string | null][] = [
        ["evt_1", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
        ["evt_2", null, "2026-01-01T00:00:00.000Z"],
        ["evt_3", "2026-01-01T00:00:00.000Z", null],
        ["evt_4", null, null],
      ];
      for (const [id, dispatched, integrations] of events)
        await sql`insert into outbox (id, workspace_id, type, data, created_at, dispatched_at, integrations_at, origin) values (${id}, ${ws.id}, 'post.created', '{}', '2026-01-01T00:00:00.000Z', ${dispatched}, ${integrations}, null)`.execute(
          db,
        );
      await outboxFollowers.up(db as unknown as Kysely<unknown>);
      const order = (await db.selectFrom("outbox").select(["id", "seq"]).orderBy("seq").execute()).map((row) => [row.id, Number(row.seq)]);
      // Those the webhooks had taken come first: their cursor stands just after them.
      expect(order).toEqual([
        ["evt_1", 1],
        ["evt_3", 2],
        ["evt_2", 3],
        ["evt_4", 4],
      ]);
      expect(await cursorOf(db, "webhooks")).toEqual({ position: 2, ahead: [] });
      // The integrations' cursor stands before their first pending event; a repeat queues nothing twice.
      expect(await cursorOf(db, "integrations")).toEqual({ position: 1, ahead: [] });
      expect(await cursorOf(db, "duplicate-checks")).toEqual({ position: 4, ahead: [] });
    } finally {
      await database.drop();
    }
  });

  it("start the notifications' follower at the outbox's end, leaving what was announced before to the fan-out", async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const ws = await createWorkspace(db, { slug: "announced", name: "Announced" });
      await notificationsFollow.down(db as unknown as Kysely<unknown>);
      // Before: the verb wrote its change to the outbox and its announcement beside it, not yet fanned out.
      await sql`insert into outbox (id, workspace_id, type, data, created_at, origin, seq) values ('evt_1', ${ws.id}, 'changelog.published', '{"id":"chg_1","title":"June","postIds":[]}', '2026-01-01T00:00:00.000Z', null, 1)`.execute(
        db,
      );
      await sql`insert into notification_events (id, workspace_id, kind, post_id, actor_id, data, created_at, fanned_out_at) values ('nev_1', ${ws.id}, 'changelog_published', null, null, '{"entryId":"chg_1","entryTitle":"June","postIds":[]}', '2026-01-01T00:00:00.000Z', null)`.execute(
        db,
      );
      await notificationsFollow.up(db as unknown as Kysely<unknown>);
      expect(await cursorOf(db, "notifications")).toEqual({ position: 1, ahead: [] });
      // The follower does not tell it again; the announcement waits for its fan-out.
      expect(await followOnce({ db } as unknown as Services, notificationsFollower)).toBe(0);
      const pending = await db.selectFrom("notification_events").select(["id", "fanned_out_at"]).execute();
      expect(pending).toEqual([{ id: "nev_1", fanned_out_at: null }]);
    } finally {
      await database.drop();
    }
  });

  it("queue every live post written before duplicates were looked for, once, for its check", async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const ws = await createWorkspace(db, { slug: "history", name: "History" });
      const board = await db.selectFrom("boards").select("id").where("workspace_id", "=", ws.id).executeTakeFirstOrThrow();
      const at = "2020-01-01T00:00:00.000Z";
      const post = (id: string, extra: Record<string, unknown> = {}) =>
        sql`insert into posts (id, workspace_id, board_id, title, body, status_id, created_at, updated_at, last_activity_at, deleted_at, held)
            values (${id}, ${ws.id}, ${board.id}, ${id}, '', (select id from statuses where workspace_id = ${ws.id} and is_default = 1), ${at}, ${at}, ${at}, ${extra.deleted ?? null}, ${extra.held ?? 0})`.execute(
          db,
        );
      await post("post_live");
      await post("post_deleted", { deleted: at });
      await post("post_held", { held: 1 });
      await post("post_checked");
      await sql`insert into duplicate_suggestions (post_id, duplicate_of_id, workspace_id, similarity, created_at, dismissed_at) values ('post_checked', 'post_live', ${ws.id}, 0.9, ${at}, null)`.execute(
        db,
      );
      await checkExistingPosts.up(db as unknown as Kysely<unknown>);
      await checkExistingPosts.up(db as unknown as Kysely<unknown>);
      const queued = await db.selectFrom("duplicate_checks").select(["post_id", "queued_at"]).execute();
      expect(queued).toEqual([{ post_id: "post_live", queued_at: at }]);
    } finally {
      await database.drop();
    }
  });
});
