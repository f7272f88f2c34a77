import type { Db } from "../../platform/db/database.js";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";

// A workspace's slug names its portal (/p/{slug}). It can change; every slug it had before is kept
// (workspace_previous_slugs) so the addresses already out there (mails, sign-in links, pages that
// embed the portal, bookmarks) redirect to the current one. A slug once used stays its workspace's:
// were another workspace able to take it, the first one's old links would land on the newcomer's
// portal, which could then collect its readers' votes, sign-ins and emails. The workspace itself
// may take an old slug back.

/** Who holds a slug: a workspace as its current one, or as one it had before; undefined: free. */
export async function slugTaken(db: Db | Tx, slug: string, except?: string): Promise<"current" | "previous" | undefined> {
  // The current slug is read first: a workspace leaving this slug commits its move and the kept
  // slug together, so a read that finds the slug free here finds it kept below.
  let current = db.selectFrom("workspaces").select("id").where("slug", "=", slug);
  if (except) current = current.where("id", "!=", except);
  if (await current.executeTakeFirst()) return "current";
  let previous = db.selectFrom("workspace_previous_slugs").select("workspace_id").where("slug", "=", slug);
  if (except) previous = previous.where("workspace_id", "!=", except);
  return (await previous.executeTakeFirst()) ? "previous" : undefined;
}

export const keptSlugDetail = (slug: string) =>
  `The portal address /p/${slug} was another workspace's: it stays theirs, so the links they sent keep reaching them. Choose another.`;

/** Moves a workspace from one slug to another, keeping the one it leaves; a 409 for a slug that is not free. */
export async function moveSlug(tx: Tx, workspaceId: string, from: string, to: string): Promise<void> {
  const taken = await slugTaken(tx, to, workspaceId);
  if (taken) {
    const detail = taken === "current" ? `The portal address /p/${to} is another workspace's. Choose another.` : keptSlugDetail(to);
    throw new HeedError("conflict", detail, { errors: [{ pointer: "/slug", code: "taken", detail: "Taken already. Choose another." }] });
  }
  // Taking an old slug back: it is the current one again, no longer a redirect.
  await tx.deleteFrom("workspace_previous_slugs").where("slug", "=", to).where("workspace_id", "=", workspaceId).execute();
  await tx.insertInto("workspace_previous_slugs").values({ slug: from, workspace_id: workspaceId, left_at: nowIso() }).execute();
}

/** The current slug of the workspace that had `slug` before, or undefined when none had it. */
export async function currentSlugOf(db: Db | Tx, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("workspace_previous_slugs as p")
    .innerJoin("workspaces as w", "w.id", "p.workspace_id")
    .select("w.slug")
    .where("p.slug", "=", slug)
    .executeTakeFirst();
  return row?.slug;
}
