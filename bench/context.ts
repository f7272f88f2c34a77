import type { Db, Dialect } from "../server/src/platform/db/database.js";
import { SYSTEM_ACTOR, type WorkspaceRef } from "../server/src/platform/context.js";
import { serverSecret } from "../server/src/platform/db/secrets.js";

/** The operator's context in a seeded workspace, for setting a bench up through the domain verbs. */
export async function operatorContext(db: Db, dialect: Dialect, workspace: WorkspaceRef) {
  const services = {
    db,
    dialect,
    publicUrl: "http://127.0.0.1",
    cursorSecret: await serverSecret(db, "cursor"),
    userTokenSecret: await serverSecret(db, "user-token"),
    notificationSecret: await serverSecret(db, "notifications"),
  };
  return { services, workspace, actor: SYSTEM_ACTOR, requestId: null };
}
