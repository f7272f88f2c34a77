import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { LANGUAGES } from "../../../platform/i18n/languages.js";
import * as statusRoadmapAndNames from "../../../platform/db/migrations/0042_status_roadmap_and_names.js";
import { createWorkspace } from "../../workspace/create.js";
import { freshDatabase } from "../../../../test/support/database.js";
import { useHarness } from "../../../../test/support/harness.js";

// Which statuses the portal's roadmap shows (`onRoadmap`) and their names per portal language
// (`translations`): the defaults, the API's writes and refusals, and what the migration gave
// workspaces that existed before.

const h = useHarness();

type Status = { id: string; name: string; category: string; onRoadmap: boolean; translations: Record<string, string> };

describe("a status's place on the roadmap and its names", () => {
  it("starts a workspace with Open and Closed off the roadmap and every default status named in every language", async () => {
    const ws = await h.workspace();
    const statuses: Status[] = (await h.call("GET", "/v1/statuses", { key: await ws.key(["boards:read"]) })).body.data;
    expect(statuses.map((s) => [s.name, s.onRoadmap])).toEqual([
      ["Open", false],
      ["Under review", true],
      ["Planned", true],
      ["In progress", true],
      ["Complete", true],
      ["Closed", false],
    ]);
    const planned = statuses.find((s) => s.name === "Planned")!;
    expect(planned.translations).toMatchObject({ de: "Geplant", ja: "計画済み", ar: "مخطط له" });
    for (const status of statuses) expect(Object.keys(status.translations).sort()).toEqual(LANGUAGES.filter((l) => l !== "en").sort());
  });

  it("takes onRoadmap and translations on create and update, and answers them as stored", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const beta = await h.call("POST", "/v1/statuses", { key, json: { name: "Beta", category: "active", translations: { de: "  Beta-Test " } } });
    expect(beta.status).toBe(201);
    expect(beta.body).toMatchObject({ onRoadmap: true, translations: { de: "Beta-Test" } });
    const wontDo = await h.call("POST", "/v1/statuses", { key, json: { name: "Won't do", category: "closed" } });
    expect(wontDo.body).toMatchObject({ onRoadmap: false, translations: {} });

    const changed = await h.call("PATCH", `/v1/statuses/${beta.body.id}`, { key, json: { onRoadmap: false, translations: { ja: "ベータ", ar: "تجريبي" } } });
    expect(changed.status).toBe(200);
    // The translations sent replace the ones it had: German left out is German no more.
    expect(changed.body).toMatchObject({ name: "Beta", onRoadmap: false, translations: { ja: "ベータ", ar: "تجريبي" } });
    expect(changed.body.translations.de).toBeUndefined();
    const renamed = await h.call("PATCH", `/v1/statuses/${beta.body.id}`, { key, json: { name: "Public beta" } });
    expect(renamed.body).toMatchObject({ onRoadmap: false, translations: { ja: "ベータ", ar: "تجريبي" } });
    const listed: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
    expect(listed.find((s) => s.id === beta.body.id)).toEqual(renamed.body);
  });

  it("refuses a language the portal does not speak, an empty name and a non-boolean, and changes nothing", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const planned = ((await h.call("GET", "/v1/statuses", { key })).body.data as Status[]).find((s) => s.name === "Planned")!;
    for (const [json, pointer] of [
      [{ translations: { xx: "Geplant" } }, "/translations/xx"],
      [{ translations: { "de-AT": "Geplant" } }, "/translations/de-AT"],
      [{ translations: { de: "" } }, "/translations/de"],
      [{ translations: { de: "x".repeat(51) } }, "/translations/de"],
      [{ translations: ["Geplant"] }, "/translations"],
      [{ onRoadmap: "yes" }, "/onRoadmap"],
    ] as const) {
      const refused = await h.call("PATCH", `/v1/statuses/${planned.id}`, { key, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    const created = await h.call("POST", "/v1/statuses", { key, json: { name: "Nope", category: "open", translations: { klingon: "x" } } });
    expect(created.status).toBe(400);
    const after: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
    expect(after.find((s) => s.id === planned.id)).toEqual(planned);
    expect(after.map((s) => s.name)).not.toContain("Nope");

    // Another workspace's status is not found, whatever the body.
    const other = await h.workspace();
    const foreign = await h.call("PATCH", `/v1/statuses/${planned.id}`, {
      key: await other.key(),
      json: { onRoadmap: false, translations: { de: "Gekapert" } },
    });
    expect(foreign.status).toBe(404);
    expect((await h.call("GET", "/v1/statuses", { key })).body.data).toEqual(after);
  });
});

describe("the migration of existing workspaces", () => {
  it("keeps the roadmap but the default status and closed ones, and names default statuses the team did not rename", async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const ws = await createWorkspace(db, { slug: "before", name: "Before" });
      const at = "2020-01-01T00:00:00.000Z";
      const status = (id: string, name: string, category: "active" | "closed", position: number) =>
        ({
          id,
          workspace_id: ws.id,
          name,
          category,
          color: "#64748b",
          position,
          is_default: 0,
          on_roadmap: 1,
          translations: "{}",
          created_at: at,
          updated_at: at,
        }) as const;
      await db
        .insertInto("statuses")
        .values([status("sts_beta", "Beta", "active", 6), status("sts_wontdo", "Won't do", "closed", 7)])
        .execute();
      await db.updateTable("statuses").set({ name: "Next up" }).where("workspace_id", "=", ws.id).where("name", "=", "Planned").execute();
      // As the database was before the columns existed.
      await statusRoadmapAndNames.down(db as unknown as Kysely<unknown>);
      await statusRoadmapAndNames.up(db as unknown as Kysely<unknown>);
      const rows = await db
        .selectFrom("statuses")
        .select(["name", "on_roadmap", "translations"])
        .where("workspace_id", "=", ws.id)
        .orderBy("position")
        .execute();
      expect(rows.map((r) => [r.name, r.on_roadmap])).toEqual([
        ["Open", 0],
        ["Under review", 1],
        ["Next up", 1],
        ["In progress", 1],
        ["Complete", 1],
        ["Closed", 0],
        ["Beta", 1],
        ["Won't do", 0],
      ]);
      const names = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.translations)]));
      expect(names["In progress"]).toMatchObject({ de: "In Arbeit", ja: "進行中", ar: "قيد التنفيذ" });
      expect(names["Next up"]).toEqual({});
      expect(names.Beta).toEqual({});
    } finally {
      await database.drop();
    }
  });
});
