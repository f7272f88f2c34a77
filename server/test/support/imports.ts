import type { Harness } from "./harness.js";
import { finishUndo, undoImport } from "../../src/features/imports/undo/undo.js";
import { SYSTEM_ACTOR, type Ctx } from "../../src/platform/context.js";

// What the import tests share: a workspace with the operator's context (as the CLI acts), counts of
// its rows, and an undo run to its end as the background runner would.

type Counted = "posts" | "votes" | "users" | "comments" | "companies" | "changelog_entries" | "outbox" | "notification_events" | "duplicate_checks";

export async function importWorkspace(h: Harness) {
  const ws = await h.workspace();
  const ctx: Ctx = { services: h.services, workspace: { id: ws.id, slug: ws.slug }, actor: SYSTEM_ACTOR, requestId: null };
  const count = async (table: Counted) =>
    Number(
      (
        await h.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("workspace_id", "=", ws.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (title: string) =>
    h.services.db.selectFrom("posts").selectAll().where("workspace_id", "=", ws.id).where("title", "=", title).executeTakeFirstOrThrow();
  return { ws, ctx, count, post };
}

/** An undo as the runner completes it: asked (checked, audited), then the removal. */
export async function undoNow(h: Harness, ctx: Ctx, id: string) {
  const asked = await undoImport({ ctx, input: { id } });
  await finishUndo(h.services, { id, workspace_id: ctx.workspace.id });
  return { ...asked, state: (await h.services.db.selectFrom("imports").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state };
}

/** A CSV file sent as the dashboard sends it: the request's body is the file. */
export async function uploadCsv(h: Harness, key: string, name: string, body: string) {
  const res = await fetch(`${h.url}/v1/imports/uploads?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
    body,
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
}

/** `GET /imports/mappings` for a file of posts with these columns, as the dashboard asks. */
export async function savedMapping(h: Harness, key: string, columns: string[], source: "csv" | "uservoice" = "csv") {
  const query = new URLSearchParams({ source, kind: "posts", columns: JSON.stringify(columns) });
  return h.call("GET", `/v1/imports/mappings?${query}`, { key });
}
