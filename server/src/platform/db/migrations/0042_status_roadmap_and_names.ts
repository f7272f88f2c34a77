import { type Kysely, sql } from "kysely";

// Each status says whether the portal's roadmap shows it (`on_roadmap`) and what it is called in
// each language the portal speaks (`translations`, JSON). Existing workspaces keep the columns they
// had but the default status, where new ideas land untriaged ("Open"), and closed ones, which the
// roadmap never showed. A default status still under its English name gets the names new
// workspaces get; a renamed one is the team's own and gets none.

// The default statuses' names as they were written when this migration was, frozen here so that a
// later change to the defaults (features/workspace/defaults.ts) does not change what it did.
const NAMES: Record<string, Record<string, string>> = {
  Open: { de: "Offen", fr: "Ouvert", es: "Abierto", "pt-BR": "Aberto", ja: "オープン", ar: "مفتوح" },
  "Under review": { de: "In Prüfung", fr: "En cours d’examen", es: "En revisión", "pt-BR": "Em análise", ja: "検討中", ar: "قيد المراجعة" },
  Planned: { de: "Geplant", fr: "Prévu", es: "Planificado", "pt-BR": "Planejado", ja: "計画済み", ar: "مخطط له" },
  "In progress": { de: "In Arbeit", fr: "En cours", es: "En curso", "pt-BR": "Em andamento", ja: "進行中", ar: "قيد التنفيذ" },
  Complete: { de: "Erledigt", fr: "Terminé", es: "Completado", "pt-BR": "Concluído", ja: "完了", ar: "مكتمل" },
  Closed: { de: "Geschlossen", fr: "Fermé", es: "Cerrado", "pt-BR": "Fechado", ja: "クローズ", ar: "مغلق" },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("statuses")
    .addColumn("on_roadmap", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("statuses")
    .addColumn("translations", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await sql`update statuses set on_roadmap = 0 where is_default = 1 or category = 'closed'`.execute(db);
  for (const [name, translations] of Object.entries(NAMES)) {
    await sql`update statuses set translations = ${JSON.stringify(translations)} where name = ${name}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("statuses").dropColumn("translations").execute();
  await db.schema.alterTable("statuses").dropColumn("on_roadmap").execute();
}
