import { createApiKey } from "../features/api-keys/create.js";
import { listApiKeys } from "../features/api-keys/list.js";
import { revokeApiKey } from "../features/api-keys/revoke.js";
import { SYSTEM_ACTOR, type Ctx, type Services } from "../platform/context.js";
import { HeedError } from "../platform/errors.js";
import { isScope, type Scope } from "../../../packages/shared/src/scopes.js";
import { createInvite } from "../features/invites/invites.js";
import { ROLES } from "../../../packages/shared/src/roles.js";
import { createWorkspace, findWorkspaceBySlug } from "../features/workspace/create.js";
import { CreateInviteSchema } from "../features/invites/schema.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { seedWorkspace } from "./seed/bulk.js";
import { exportWorkspace } from "./export.js";
import { describeImport, importCanny, importCsv, ImportUsageError, type CsvImportOptions } from "./import.js";
import { finishUndo, undoImport } from "../features/imports/undo/undo.js";
import { getImport } from "../features/imports/create.js";
import { backupDatabase, backupName, restoreDatabase } from "../platform/backups/index.js";
import { isPostgresUrl } from "../platform/db/database.js";
import { nowMs } from "../platform/lib/clock.js";

export class UsageError extends Error {}

/** What every command gets: its arguments and where its result goes. */
export interface CommandArguments {
  args: string[];
  options: Record<string, string | string[] | boolean | undefined>;
  /** Prints the human line, or the JSON value with --json: stdout holds nothing else. */
  print: (human: string, json: unknown) => void;
}

export interface CommandContext extends CommandArguments {
  services: Services;
}

/** A command that reaches the database itself, named by DATABASE_URL. */
export interface DatabaseCommandContext extends CommandArguments {
  databaseUrl: string;
}

function required(context: CommandArguments, name: string): string {
  const value = context.options[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

function count(context: CommandContext, name: string, fallback?: number): number {
  const raw = context.options[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(value) || value < 0 || value > 10_000_000) {
    throw new UsageError(`--${name} must be a whole number from 0 to 10,000,000`);
  }
  return value;
}

/** The operator acting on one workspace, named by its slug. */
async function operatorIn(context: CommandContext, slug: string): Promise<Ctx> {
  const workspace = await findWorkspaceBySlug(context.services.db, slug);
  if (!workspace) throw new HeedError("not_found", `No workspace with slug '${slug}'.`);
  return { services: context.services, workspace: { id: workspace.id, slug: workspace.slug }, actor: SYSTEM_ACTOR, requestId: null };
}

function parseScopes(raw: string): Scope[] {
  const scopes = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new UsageError(`unknown scope${unknown.length > 1 ? "s" : ""} '${unknown.join(", ")}': use '*' or <resource>:read|write`);
  }
  return scopes as Scope[];
}

export const COMMANDS: Record<string, (context: CommandContext) => Promise<void>> = {
  async migrate(context) {
    const applied = await migrateToLatest(context.services.db);
    context.print(applied.length ? `applied ${applied.join(", ")}` : "up to date", { applied });
  },

  async "workspace create"(context) {
    const workspace = await createWorkspace(context.services.db, { slug: required(context, "slug"), name: required(context, "name") });
    context.print(`created workspace ${workspace.slug} (${workspace.id})\npublic key: ${workspace.public_key}`, {
      id: workspace.id,
      slug: workspace.slug,
      name: workspace.name,
      publicKey: workspace.public_key,
    });
  },

  async "keys create"(context) {
    // Arguments first: a usage error is reported as such whatever the database holds.
    const name = required(context, "name");
    const scopes = parseScopes(required(context, "scopes"));
    const expires = context.options.expires;
    if (expires !== undefined && (typeof expires !== "string" || Number.isNaN(Date.parse(expires)))) {
      throw new UsageError("--expires must be an ISO-8601 time, e.g. 2027-01-01T00:00:00Z");
    }
    const ctx = await operatorIn(context, required(context, "workspace"));
    const created = await createApiKey({
      ctx,
      input: { name, scopes, expiresAt: typeof expires === "string" ? new Date(expires).toISOString() : null },
    });
    context.print(`created key ${created.id} with scopes ${created.scopes.join(",")}\n${created.key}\n(shown once: store it now)`, {
      id: created.id,
      key: created.key,
      scopes: created.scopes,
    });
  },

  async "keys list"(context) {
    const ctx = await operatorIn(context, required(context, "workspace"));
    const keys = [];
    let cursor: string | undefined;
    do {
      const page = await listApiKeys({ ctx, input: { limit: 100, cursor } });
      keys.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const lines = keys.map((k) => `${k.id}  ${k.prefix}…${k.last4}  ${k.name}  [${k.scopes.join(",")}]${k.revokedAt ? `  revoked ${k.revokedAt}` : ""}`);
    context.print(lines.length ? lines.join("\n") : "no keys", keys);
  },

  async "keys revoke"(context) {
    const id = context.args[0];
    if (!id) throw new UsageError("keys revoke needs the key id, e.g. heed keys revoke key_01…");
    const owner = await context.services.db
      .selectFrom("api_keys")
      .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
      .select("workspaces.slug")
      .where("api_keys.id", "=", id)
      .executeTakeFirst();
    if (!owner) throw new HeedError("not_found", `No API key with id '${id}'.`);
    const revoked = await revokeApiKey({ ctx: await operatorIn(context, owner.slug), input: { id } });
    context.print(`revoked ${revoked.id} (${revoked.name})`, revoked);
  },

  async "keys public"(context) {
    const workspace = await findWorkspaceBySlug(context.services.db, required(context, "workspace"));
    if (!workspace) throw new HeedError("not_found", `No workspace with slug '${context.options.workspace}'.`);
    context.print(workspace.public_key, { key: workspace.public_key });
  },

  async "members invite"(context) {
    const parsed = CreateInviteSchema.safeParse({ email: required(context, "email"), role: required(context, "role") });
    if (!parsed.success) throw new UsageError(`--email must be an email address and --role one of ${ROLES.join(", ")}`);
    const invite = await createInvite({ ctx: await operatorIn(context, required(context, "workspace")), input: parsed.data });
    context.print(`invited ${invite.email} as ${invite.role}; the link works once, until ${invite.expiresAt}:\n${invite.inviteUrl}`, invite);
  },

  async export(context) {
    const ctx = await operatorIn(context, required(context, "workspace"));
    const output = typeof context.options.output === "string" ? context.options.output : undefined;
    const written = await exportWorkspace(ctx, output);
    const rows = Object.values(written.files).reduce((a, b) => a + b, 0);
    context.print(
      `exported ${ctx.workspace.slug} to ${written.file}: ${rows.toLocaleString("en")} rows, ${written.bytes.toLocaleString("en")} bytes (${written.id})`,
      written,
    );
  },

  "import csv": (context) => importFiles(context, "csv"),
  "import uservoice": (context) => importFiles(context, "uservoice"),

  async "import canny"(context) {
    const apiKey = required(context, "api-key");
    const baseUrl = typeof context.options["base-url"] === "string" ? (context.options["base-url"] as string) : undefined;
    const ctx = await operatorIn(context, required(context, "workspace"));
    const dryRun = context.options["dry-run"] === true;
    const view = await importCanny(ctx, { apiKey, baseUrl, dryRun, preview: context.options.preview === undefined ? undefined : count(context, "preview") });
    context.print(describeImport(view), view);
    if (view.state !== "done") throw new HeedError("conflict", view.error ?? `the import is ${view.state}`);
  },

  async "import undo"(context) {
    const id = context.args[0];
    if (!id) throw new UsageError("name the import to undo: heed import undo <import id> --workspace <slug>");
    const ctx = await operatorIn(context, required(context, "workspace"));
    const asked = await undoImport({ ctx, input: { id } });
    await finishUndo(ctx.services, { id: asked.id, workspace_id: ctx.workspace.id });
    const undone = await getImport({ ctx, input: { id } });
    context.print(`undid ${undone.id}`, undone);
  },

  async seed(context) {
    const options = {
      posts: count(context, "posts"),
      votes: count(context, "votes"),
      boards: count(context, "boards", 1),
      seed: context.options.seed === undefined ? undefined : count(context, "seed"),
    };
    const ctx = await operatorIn(context, required(context, "workspace"));
    const started = Date.now();
    const summary = await seedWorkspace(context.services.db, ctx.workspace, options);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    context.print(
      `seeded ${ctx.workspace.slug} in ${seconds}s: ${summary.posts} posts, ${summary.votes} votes, ${summary.comments} comments, ${summary.users} users, ${summary.companies} companies, ${summary.boards} boards`,
      { ...summary, seconds: Number(seconds) },
    );
  },
};

/** A size as a person reads it. */
function mebibytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}

/**
 * The commands that open the database their own way, before the CLI migrates it: a backup reads a
 * database that a server (maybe of another version) is serving and changes nothing in it, and a
 * restore needs its target empty.
 */
export const DATABASE_COMMANDS: Record<string, (context: DatabaseCommandContext) => Promise<void>> = {
  async backup(context) {
    const given = context.options.output;
    const output = typeof given === "string" && given.trim() !== "" ? given : backupName(nowMs(), isPostgresUrl(context.databaseUrl) ? "dump" : "db");
    const written = await backupDatabase(context.databaseUrl, output);
    context.print(`backed up the database to ${written.file}: ${mebibytes(written.bytes)}, at migration ${written.migration}`, written);
  },

  async restore(context) {
    const file = context.args[0];
    if (!file || context.args.length > 1) throw new UsageError("name the backup to restore: heed restore <file>");
    const restored = await restoreDatabase(context.databaseUrl, file);
    const migrated = restored.applied.length > 0 ? `then applied ${restored.applied.join(", ")}` : "its migrations up to date";
    context.print(`restored ${restored.file} into ${restored.database}: at migration ${restored.migration}, ${migrated}`, restored);
  },
};

async function importFiles(context: CommandContext, source: CsvImportOptions["source"]): Promise<void> {
  const file = (name: string) => (typeof context.options[name] === "string" ? (context.options[name] as string) : undefined);
  const options: CsvImportOptions = {
    source,
    dir: file("dir"),
    files: { posts: file("posts"), votes: file("votes"), users: file("users"), comments: file("comments"), companies: file("companies") },
    mapping: file("mapping"),
    dateFormats: [context.options["date-format"] ?? []].flat().filter((f): f is string => typeof f === "string"),
    dryRun: context.options["dry-run"] === true,
    preview: context.options.preview === undefined ? undefined : count(context, "preview"),
  };
  const ctx = await operatorIn(context, required(context, "workspace"));
  let view: Awaited<ReturnType<typeof importCsv>>;
  try {
    view = await importCsv(ctx, options);
  } catch (error) {
    if (error instanceof ImportUsageError) throw new UsageError(error.message);
    throw error;
  }
  context.print(describeImport(view), view);
  if (view.state !== "done") throw new HeedError("conflict", view.error ?? `the import is ${view.state}`);
}
