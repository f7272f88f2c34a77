import { describe, expect, it } from "vitest";
import { despiteSchemasDroppedMeanwhile, isMigrated, migrateToLatest } from "../src/platform/db/migrate.js";
import { freshDatabase } from "./support/database.js";

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
});
