import type { Db } from "../../../platform/db/database.js";

// A merge's mail to an end user names the post it went into only where the portal shows that post:
// a survivor on a private board (or held, or deleted since) would put a private title in the mail
// and a link that 404s. Read when the mail is sent, so a board made private after the merge counts.

/** Of the posts the `merged` items went into, those the portal shows. */
export async function shownSurvivors(db: Db, items: { kind: string; data: string }[]): Promise<Set<string>> {
  const ids = [
    ...new Set(
      items.filter((i) => i.kind === "merged").flatMap((i) => [(JSON.parse(i.data) as { intoId?: unknown }).intoId].filter((id) => typeof id === "string")),
    ),
  ];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("posts as p")
    .innerJoin("boards as b", "b.id", "p.board_id")
    .select("p.id")
    .where("p.id", "in", ids)
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0)
    .where("b.visibility", "=", "public")
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** What an end user's line may say of a merge: without the survivor's title and id unless it is shown. */
export function mergeAsShown(data: Record<string, unknown>, shown: Set<string>): Record<string, unknown> {
  if (typeof data.intoId === "string" && shown.has(data.intoId)) return data;
  const { intoId: _id, intoTitle: _title, ...rest } = data;
  return rest;
}
