import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "../compiled-once.js";
import { freshDatabase, type TestDatabase } from "../../../../test/support/database.js";

// Statements compiled once and run with new values (platform/db/compiled-once.ts), on each database: a
// value must land wherever its stand-in did, however often and in whatever order Kysely lists them.

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.drop();
});

const upsert = compiledOnce(["name", "value", "createdAt"], (db, v) =>
  db
    .insertInto("server_secrets")
    .values({ name: v.name, value: v.value, created_at: v.createdAt })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: v.value, created_at: v.createdAt })),
);
const select = compiledOnce(["name"], (db, v) => db.selectFrom("server_secrets").select(["value", "created_at"]).where("name", "=", v.name));

describe("compiledOnce", () => {
  it("runs one compiled statement with new values, on the database and inside its transactions", async () => {
    const { db } = database;
    await db.executeQuery(upsert(db, { name: "compiled-a", value: "one", createdAt: "2026-01-01T00:00:00.000Z" }));
    // A value used twice (the insert and the update on conflict) takes the new value in both places.
    await db.transaction().execute(async (tx) => {
      await tx.executeQuery(upsert(db, { name: "compiled-a", value: "two", createdAt: "2026-01-02T00:00:00.000Z" }));
      await tx.executeQuery(upsert(db, { name: "compiled-b", value: "three", createdAt: "2026-01-03T00:00:00.000Z" }));
    });
    expect((await db.executeQuery(select(db, { name: "compiled-a" }))).rows).toEqual([{ value: "two", created_at: "2026-01-02T00:00:00.000Z" }]);
    expect((await db.executeQuery(select(db, { name: "compiled-b" }))).rows).toEqual([{ value: "three", created_at: "2026-01-03T00:00:00.000Z" }]);
    expect((await db.executeQuery(select(db, { name: "compiled-none" }))).rows).toEqual([]);
  });

  it("refuses a builder that leaves a named value out of the statement", () => {
    const careless = compiledOnce(["name", "forgotten"], (db, v) => db.selectFrom("server_secrets").select("value").where("name", "=", v.name));
    expect(() => careless(database.db, { name: "x", forgotten: "y" })).toThrow(/forgotten did not reach/);
  });
});
