import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeImport, importCsv, type CsvImportOptions } from "../../../cli/import.js";
import { importPass } from "../index.js";
import type { ImportView } from "../view.js";
import type { Ctx } from "../../../platform/context.js";
import { useHarness } from "../../../../test/support/harness.js";
import { importWorkspace } from "../../../../test/support/imports.js";
import { heed } from "../../../../test/support/processes.js";

// Dates in imported files are read under a format, never guessed: each date column's format is
// chosen in the mapping or found from the file's values. A column whose values read two ways asks;
// a value no format reads is reported by row; and the import refuses to run while any date it would
// land does not read, so nothing lands with a wrong date or with the import's time in its place.

const h = useHarness();

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "heed-import-dates-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const problem = (view: ImportView, code: string) => view.report.problems.find((p) => p.code === code);

/** A sheet from another tool: the date in a column called "When". */
const sheet = (...dates: string[]) => `Ticket,Subject,When\n${dates.map((d, i) => `T-${i + 1},Request ${i + 1},${d}`).join("\n")}\n`;

async function mapped(ctx: Ctx, csv: string, options: Partial<CsvImportOptions> & { createdAt?: unknown } = {}) {
  const { createdAt = "When", ...rest } = options;
  const dir = folder({ "requests.csv": csv, "mapping.json": JSON.stringify({ posts: { ref: "Ticket", title: "Subject", createdAt } }) });
  return importCsv(ctx, {
    source: "csv",
    files: { posts: join(dir, "requests.csv") },
    mapping: join(dir, "mapping.json"),
    dryRun: false,
    quiet: true,
    ...rest,
  });
}

describe("dates in imported files", () => {
  it("asks when a column's values read two ways, and reads the format chosen", async () => {
    const { ctx, count, post } = await importWorkspace(h);
    const csv = sheet("01/05/2024", "03/06/2024 14:30", "12/12/2024");
    const dry = await mapped(ctx, csv, { dryRun: true, preview: 5 });
    expect(dry.state).toBe("done");
    expect(dry.report.dates).toEqual([
      {
        kind: "posts",
        field: "createdAt",
        file: "requests.csv",
        column: "When",
        format: null,
        fits: ["dayMonthYear", "monthDayYear"],
        read: null,
        examples: [
          { row: 2, value: "01/05/2024", readings: { dayMonthYear: "2024-05-01T00:00:00.000Z", monthDayYear: "2024-01-05T00:00:00.000Z" } },
          { row: 3, value: "03/06/2024 14:30", readings: { dayMonthYear: "2024-06-03T14:30:00.000Z", monthDayYear: "2024-03-06T14:30:00.000Z" } },
        ],
      },
    ]);
    // Never 5 January without a word: each row that reads two ways is named, and would not land so.
    expect(problem(dry, "ambiguous_date")).toMatchObject({
      kind: "posts",
      outcome: "blocking",
      count: 2,
      examples: [
        { file: "requests.csv", row: 2, field: "createdAt", value: "01/05/2024" },
        { file: "requests.csv", row: 3, field: "createdAt", value: "03/06/2024 14:30" },
      ],
    });
    expect(dry.report.preview?.posts?.map((p) => p.createdAt)).toEqual([null, null, "2024-12-12T00:00:00.000Z"]);
    expect(describeImport(dry)).toMatch(/requests\.csv "When" \(posts createdAt\): reads as dayMonthYear or monthDayYear/);

    const refused = await mapped(ctx, csv);
    expect(refused.state).toBe("failed");
    expect(refused.error).toMatch(/requests\.csv row 2: createdAt "01\/05\/2024" reads as 2024-05-01 \(dayMonthYear\) or 2024-01-05 \(monthDayYear\)/);
    expect(await count("posts")).toBe(0);

    const chosen = await mapped(ctx, csv, { createdAt: { column: "When", format: "dayMonthYear" } });
    expect(chosen.state, chosen.error ?? "").toBe("done");
    expect(chosen.report.problems.map((p) => p.code)).toEqual(["missing_board"]);
    // A problem's example is its place, not the row it was found in.
    expect(chosen.report.problems[0]!.examples[0]).toEqual({ file: "requests.csv", row: 2, field: "board" });
    expect(chosen.report.dates[0]).toMatchObject({ format: "dayMonthYear", read: "dayMonthYear" });
    expect((await post("Request 1")).created_at).toBe("2024-05-01T00:00:00.000Z");
    expect((await post("Request 2")).created_at).toBe("2024-06-03T14:30:00.000Z");
  });

  it("proposes the one format a column's values allow, and shows how it reads them", async () => {
    const { ctx, post } = await importWorkspace(h);
    const csv = sheet("01/05/2024", "13/05/2024", "", "02/06/2024 09:15:30");
    const dry = await mapped(ctx, csv, { dryRun: true, preview: 5 });
    expect(dry.report.dates).toEqual([
      expect.objectContaining({
        column: "When",
        format: null,
        fits: ["dayMonthYear"],
        read: "dayMonthYear",
        examples: [
          { row: 2, value: "01/05/2024", readings: { dayMonthYear: "2024-05-01T00:00:00.000Z" } },
          { row: 3, value: "13/05/2024", readings: { dayMonthYear: "2024-05-13T00:00:00.000Z" } },
          { row: 5, value: "02/06/2024 09:15:30", readings: { dayMonthYear: "2024-06-02T09:15:30.000Z" } },
        ],
      }),
    ]);
    expect(dry.report.problems.filter((p) => p.code.endsWith("_date"))).toEqual([]);
    expect(dry.report.preview?.posts?.[0]).toMatchObject({ ref: "T-1", createdAt: "2024-05-01T00:00:00.000Z" });
    expect(describeImport(dry)).toContain(
      'requests.csv "When" (posts createdAt): read as dayMonthYear, the only format its values allow ("01/05/2024" → 2024-05-01',
    );

    const done = await mapped(ctx, csv);
    expect(done.state, done.error ?? "").toBe("done");
    expect((await post("Request 1")).created_at).toBe("2024-05-01T00:00:00.000Z");
    expect((await post("Request 2")).created_at).toBe("2024-05-13T00:00:00.000Z");
  });

  it("reports by row a date that does not read, refuses to import it, and takes it once the mapping reads it", async () => {
    const { ctx, count, post } = await importWorkspace(h);
    const before = await count("posts");
    // Month first, but read as day first: 05/13 has no thirteenth month.
    const usSheet = sheet("05/13/2024", "05/01/2024");
    const dry = await mapped(ctx, usSheet, { dryRun: true, createdAt: { column: "When", format: "dayMonthYear" } });
    expect(problem(dry, "invalid_date")).toMatchObject({
      outcome: "blocking",
      count: 1,
      examples: [{ file: "requests.csv", row: 2, field: "createdAt", value: "05/13/2024" }],
    });
    expect(dry.report.dates[0]).toMatchObject({ format: "dayMonthYear", fits: ["monthDayYear"], read: "dayMonthYear" });
    const refused = await mapped(ctx, usSheet, { createdAt: { column: "When", format: "dayMonthYear" } });
    expect(refused).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^requests\.csv row 2: createdAt "05\/13\/2024" is not a dayMonthYear date/),
    });
    expect(await count("posts")).toBe(before);

    const read = await mapped(ctx, usSheet, { createdAt: { column: "When", format: "monthDayYear" } });
    expect(read.state, read.error ?? "").toBe("done");
    expect((await post("Request 1")).created_at).toBe("2024-05-13T00:00:00.000Z");

    // Words, an impossible day, a two-digit year: no format reads them, and no time is put in their place.
    const odd = `Ticket,Subject,When\nX-1,Odd one,yesterday\nX-2,Odd two,31/02/2024\nX-3,Odd three,2024-03-04\nX-4,Odd four,1/2/24\n`;
    const oddDry = await mapped(ctx, odd, { dryRun: true });
    expect(problem(oddDry, "invalid_date")).toMatchObject({
      outcome: "blocking",
      count: 3,
      examples: [
        { row: 2, value: "yesterday" },
        { row: 3, value: "31/02/2024" },
        { row: 5, value: "1/2/24" },
      ],
    });
    expect(oddDry.report.dates[0]).toMatchObject({ format: null, fits: ["iso8601"], read: "iso8601" });
    expect((await mapped(ctx, odd)).state).toBe("failed");
    expect(await count("posts")).toBe(before + 2);
  });

  it("reads Unix seconds and milliseconds, and ISO 8601 with its zone", async () => {
    const { ctx, post } = await importWorkspace(h);
    const seconds = await mapped(ctx, `Ticket,Subject,When\nS-1,Seconds,1714557600\n`, { dryRun: false });
    expect(seconds.report.dates[0]).toMatchObject({ fits: ["unixSeconds"], read: "unixSeconds" });
    expect((await post("Seconds")).created_at).toBe("2024-05-01T10:00:00.000Z");
    await mapped(ctx, `Ticket,Subject,When\nM-1,Millis,1714557600123\n`);
    expect((await post("Millis")).created_at).toBe("2024-05-01T10:00:00.123Z");
    await mapped(ctx, `Ticket,Subject,When\nI-1,Zoned,2024-05-01T12:00:00+02:00\nI-2,Plain,2024-05-01 12:00\n`);
    expect((await post("Zoned")).created_at).toBe("2024-05-01T10:00:00.000Z");
    expect((await post("Plain")).created_at).toBe("2024-05-01T12:00:00.000Z");
  });

  it("asks the same of UserVoice's export and of Heed's own, their date columns read by a format given alone", async () => {
    const { ctx, post } = await importWorkspace(h);
    const ideas = `suggestion.id,suggestion.title,suggestion.body,suggestion.forum.name,suggestion.created_timestamp
2001,Calendar sync,Sync with calendars,Ideas,01/05/2024 12:00
2002,Gantt view,A timeline,Ideas,02/05/2024 08:30
`;
    const voters = `suggestion.id,user.id,user.email_address,user.name,supporter.created_timestamp
2001,601,ines@example.com,Ines,03/05/2024 10:00
2002,601,ines@example.com,Ines,13/05/2024 10:00
`;
    const dir = folder({ "ideas.csv": ideas, "voters.csv": voters });
    const uservoice = (options: Partial<CsvImportOptions>) =>
      importCsv(ctx, { source: "uservoice", files: { posts: join(dir, "ideas.csv"), votes: join(dir, "voters.csv") }, dryRun: false, quiet: true, ...options });
    const dry = await uservoice({ dryRun: true });
    expect(dry.report.dates.map((d) => [d.file, d.column, d.read, d.fits])).toEqual([
      ["ideas.csv", "suggestion.created_timestamp", null, ["dayMonthYear", "monthDayYear"]],
      ["voters.csv", "supporter.created_timestamp", "dayMonthYear", ["dayMonthYear"]],
    ]);
    expect(problem(dry, "ambiguous_date")).toMatchObject({ kind: "posts", count: 2, examples: [{ file: "ideas.csv", row: 2 }, { row: 3 }] });
    expect((await uservoice({})).state).toBe("failed");
    // The built-in column stays; only its format is given (the command's --date-format posts=dayMonthYear).
    const done = await uservoice({ dateFormats: ["posts=dayMonthYear"] });
    expect(done.state, done.error ?? "").toBe("done");
    expect((await post("Calendar sync")).created_at).toBe("2024-05-01T12:00:00.000Z");
    const votes = await h.services.db.selectFrom("votes").select("created_at").where("workspace_id", "=", ctx.workspace.id).orderBy("created_at").execute();
    expect(votes.map((v) => v.created_at)).toEqual(["2024-05-03T10:00:00.000Z", "2024-05-13T10:00:00.000Z"]);

    // Heed's export opened in a spreadsheet and saved again: its dates come back day first.
    const other = await importWorkspace(h);
    const exported = folder({
      "posts.csv": `id,board,title,body,status,tags,author_id,author_email,created_at\np1,ideas,'=Formula kept as text,Body,,,u1,,01/05/2024 10:00\n`,
      "users.csv": `id,external_id,email,name,company_id,created_at\nu1,,ann@example.com,Ann,,02/04/2024 09:00\n`,
      "votes.csv": `post_id,user_id,created_at\np1,u1,03/05/2024 11:00\n`,
    });
    const heedDry = await importCsv(other.ctx, { source: "csv", dir: exported, files: {}, dryRun: true, quiet: true });
    expect(heedDry.report.dates.map((d) => [d.file, d.column, d.read])).toEqual([
      ["users.csv", "created_at", null],
      ["posts.csv", "created_at", null],
      ["votes.csv", "created_at", null],
    ]);
    expect(heedDry.report.problems.filter((p) => p.code === "ambiguous_date").map((p) => p.kind)).toEqual(["users", "posts", "votes"]);
    const heedDone = await importCsv(other.ctx, { source: "csv", dir: exported, files: {}, dryRun: false, quiet: true, dateFormats: ["dayMonthYear"] });
    expect(heedDone.state, heedDone.error ?? "").toBe("done");
    // A mapping that only gives formats is still Heed's export: its neutralised formula comes back.
    const imported = await other.post("=Formula kept as text");
    expect(imported.created_at).toBe("2024-05-01T10:00:00.000Z");
    const ann = await h.services.db.selectFrom("users").select("created_at").where("workspace_id", "=", other.ws.id).executeTakeFirstOrThrow();
    expect(ann.created_at).toBe("2024-04-02T09:00:00.000Z");
  });

  it("takes a format per date column through the API, and documents it", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write"]);
    const uploaded = await fetch(`${h.url}/v1/imports/uploads?name=sheet.csv`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
      body: sheet("01/05/2024"),
    });
    const file = (await uploaded.json()).id as string;
    const ask = (createdAt: unknown, dryRun = true) =>
      h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: file }, dryRun, mapping: { posts: { title: "Subject", createdAt } } } });
    expect((await ask({ column: "When", format: "dayFirst" })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
    const dry = await ask("When");
    expect(dry.status, JSON.stringify(dry.body)).toBe(202);
    await importPass(h.services);
    const asked = (await h.call("GET", `/v1/imports/${dry.body.id}`, { key })).body;
    expect(asked.report.dates[0]).toMatchObject({ column: "When", read: null, fits: ["dayMonthYear", "monthDayYear"] });
    expect(asked.report.problems[0]).toMatchObject({ code: "ambiguous_date", outcome: "blocking", examples: [{ row: 2 }] });
    // The saved mapping, with the format added over it.
    const chosen = await h.call("POST", "/v1/imports", {
      key,
      json: { source: "csv", files: { posts: file }, mappingFrom: dry.body.id, mapping: { posts: { createdAt: { format: "dayMonthYear" } } } },
    });
    expect(chosen.body.mapping).toEqual({ posts: { title: "Subject", createdAt: { column: "When", format: "dayMonthYear" } } });
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${chosen.body.id}`, { key })).body.state).toBe("done");
    const posts = await h.call("GET", "/v1/posts?limit=5", { key: await ws.key() });
    expect(posts.body.data[0].createdAt).toBe("2024-05-01T00:00:00.000Z");

    const spec = (await h.call("GET", "/openapi.json")).body;
    const format = spec.components.schemas.ImportDateFormat;
    expect(format.enum).toEqual(["iso8601", "dayMonthYear", "monthDayYear", "unixSeconds", "unixMilliseconds"]);
    expect(format.description).toMatch(/dayMonthYear/);
  });

  it("takes --date-format on the command line and prints the rows it cannot read", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const dir = folder({ "posts.csv": `id,board,title,created_at\np1,Ideas,Dark mode,01/05/2024\np2,Ideas,Light mode,07/05/2024\n` });
    const asked = await heed(["import", "csv", "--workspace", ws.slug, "--dir", dir, "--dry-run"], h.database.url);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toContain('posts.csv "created_at" (posts createdAt): reads as dayMonthYear or monthDayYear');
    expect(asked.stdout).toContain("--date-format posts=dayMonthYear");
    expect(asked.stdout).toMatch(/posts blocking ×2 ambiguous_date: .*posts\.csv:2 createdAt "01\/05\/2024", posts\.csv:3 createdAt "07\/05\/2024"/);
    const refused = await heed(["import", "csv", "--workspace", ws.slug, "--dir", dir], h.database.url);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/posts\.csv row 2: createdAt "01\/05\/2024" reads as/);
    const bad = await heed(["import", "csv", "--workspace", ws.slug, "--dir", dir, "--date-format", "posts=dd/mm/yyyy"], h.database.url);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--date-format/);
    const done = await heed(["import", "csv", "--workspace", ws.slug, "--dir", dir, "--date-format", "posts=dayMonthYear", "--json"], h.database.url);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ state: "done", report: { kinds: { posts: { created: 2 } } } });
    const dark = await h.services.db
      .selectFrom("posts")
      .select("created_at")
      .where("workspace_id", "=", ws.id)
      .where("title", "=", "Dark mode")
      .executeTakeFirstOrThrow();
    expect(dark.created_at).toBe("2024-05-01T00:00:00.000Z");
  });
});
