import { parseArgs } from "node:util";
import { loadConfig } from "./config.js";
import { openDatabase, type Db } from "./platform/db/database.js";
import { migrateToLatest } from "./platform/db/migrate.js";
import { serverSecret } from "./platform/db/secrets.js";
import { HeedError } from "./platform/errors.js";
import { COMMANDS, DATABASE_COMMANDS, UsageError, type CommandArguments, type CommandContext } from "./cli/commands.js";

// `heed <command>`: administers the database named by DATABASE_URL directly. Results go to stdout
// (JSON with --json), messages to stderr; bad arguments exit 2, refusals 1.

const USAGE = `Usage: heed <command> [options]

  migrate
  workspace create --slug <slug> --name <name> [--json]
  keys create --workspace <slug> --name <name> --scopes <a,b|*> [--expires <ISO time>] [--json]
  keys list --workspace <slug> [--json]
  keys revoke <key id> [--json]
  keys public --workspace <slug> [--json]
  members invite --workspace <slug> --email <email> --role <owner|admin|member> [--json]
  seed --workspace <slug> --posts <n> --votes <n> [--boards <n>] [--seed <n>]
  export --workspace <slug> [--output <file.zip>] [--json]
  import csv --workspace <slug> [--dir <folder>] [--posts <file>] [--votes <file>] [--users <file>]
             [--comments <file>] [--companies <file>] [--mapping <file.json>] [--date-format [<kind>=]<format>]…
             [--dry-run] [--preview <n>] [--json]
  import uservoice --workspace <slug> --posts <ideas.csv> [--votes <voters.csv>] [--mapping <file.json>]
             [--date-format [<kind>=]<format>]… [--dry-run] [--json]
  import canny --workspace <slug> --api-key <Canny API key> [--base-url <url>] [--dry-run] [--json]
  import undo <import id> --workspace <slug> [--json]
  backup [--output <file>] [--json]
  restore <file> [--json]

A date column is read in the one format its values allow; when they fit two (01/05/2024), the import
asks and does not run until --date-format names it: iso8601, dayMonthYear, monthDayYear, unixSeconds
or unixMilliseconds, for every file or one kind's (--date-format posts=dayMonthYear).

A backup is a consistent copy made while Heed serves (SQLite's backup API; pg_dump on PostgreSQL),
by default heed-<UTC time>.db (.dump on PostgreSQL) here. A restore goes into an empty database
only, then applies the migrations the backup lacks.

DATABASE_URL selects the database (default sqlite:./data/heed.db).`;

/** Commands named by one word; the others are two (`keys create`). */
const ONE_WORD_COMMANDS = new Set(["migrate", "seed", "export", "backup", "restore"]);

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      slug: { type: "string" },
      name: { type: "string" },
      workspace: { type: "string" },
      scopes: { type: "string" },
      expires: { type: "string" },
      posts: { type: "string" },
      votes: { type: "string" },
      boards: { type: "string" },
      seed: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      output: { type: "string" },
      dir: { type: "string" },
      users: { type: "string" },
      comments: { type: "string" },
      companies: { type: "string" },
      mapping: { type: "string" },
      "date-format": { type: "string", multiple: true },
      preview: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`heed: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help || positionals.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const name = ONE_WORD_COMMANDS.has(positionals[0]!) ? positionals[0]! : positionals.slice(0, 2).join(" ");
  const command = COMMANDS[name];
  const databaseCommand = DATABASE_COMMANDS[name];
  if (!command && !databaseCommand) {
    process.stderr.write(`heed: unknown command '${positionals.join(" ")}'\n\n${USAGE}\n`);
    return 2;
  }

  const given: CommandArguments = {
    args: positionals.slice(name.split(" ").length),
    options: values,
    print: (human, json) => process.stdout.write(`${values.json ? JSON.stringify(json) : human}\n`),
  };
  let db: Db | undefined;
  try {
    const config = loadConfig();
    if (databaseCommand) {
      await databaseCommand({ ...given, databaseUrl: config.databaseUrl });
      return 0;
    }
    // Checkpoints on a thread of their own: a long import or seed commits many chunks.
    const opened = openDatabase(config.databaseUrl, { checkpoints: "own-thread" });
    db = opened.db;
    await migrateToLatest(db);
    const context: CommandContext = {
      ...given,
      services: {
        db,
        dialect: opened.dialect,
        publicUrl: config.publicUrl,
        cursorSecret: await serverSecret(db, "cursor"),
        userTokenSecret: await serverSecret(db, "user-token"),
        notificationSecret: await serverSecret(db, "notifications"),
        cannyBaseUrl: config.imports.cannyBaseUrl,
        importFileLimitBytes: config.imports.fileLimitBytes,
      },
    };
    await command!(context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`heed: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof HeedError) {
      const details = error.errors?.map((e) => ` (${e.pointer}: ${e.detail})`).join("") ?? "";
      process.stderr.write(`heed: ${error.message}${details}\n`);
      return 1;
    }
    process.stderr.write(`heed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await db?.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
