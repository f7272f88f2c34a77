import { randomBytes } from "node:crypto";
import { nowIso } from "../lib/clock.js";
import type { Db } from "./database.js";

/**
 * A secret every instance must share (e.g. the cursor HMAC key): made once, kept in the database, so
 * instances behind one load balancer agree without extra configuration.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto("server_secrets")
    .values({ name, value: randomBytes(32).toString("base64url"), created_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64url");
}
