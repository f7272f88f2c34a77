import { writeFileSync } from "node:fs";
import { createApiKey } from "../server/src/core/api-keys/create.js";
import { SYSTEM_ACTOR } from "../server/src/core/context.js";
import { createWorkspace } from "../server/src/core/workspaces/create.js";
import { openDatabase } from "../server/src/db/database.js";
import { migrateToLatest } from "../server/src/db/migrate.js";
import { serverSecret } from "../server/src/db/secrets.js";
import { seedWorkspace } from "../server/src/seed/bulk.js";
const { db, dialect } = openDatabase("sqlite:/tmp/heedprof/bench.db");
await migrateToLatest(db);
const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
const ref = { id: workspace.id, slug: workspace.slug };
await seedWorkspace(db, ref, { posts: 100000, votes: 1000000, boards: 5, seed: 1 });
const services = {
  db,
  dialect,
  publicUrl: "http://127.0.0.1",
  cursorSecret: await serverSecret(db, "cursor"),
  userTokenSecret: await serverSecret(db, "user-token"),
};
const ctx = { services, workspace: ref, actor: SYSTEM_ACTOR, requestId: null };
const { key } = await createApiKey({ ctx, input: { name: "bench", scopes: ["posts:read"] } });
const { key: writer } = await createApiKey({ ctx, input: { name: "w", scopes: ["posts:write"] } });
writeFileSync("/tmp/heedprof/keys.json", JSON.stringify({ key, writer, publicKey: workspace.public_key }));
await db.destroy();
