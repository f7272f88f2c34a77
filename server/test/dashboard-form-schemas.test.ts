import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AcceptInviteBody,
  ConfirmTwoFactorBody,
  CreateInviteBody,
  EnrolTwoFactorBody,
  ProveItIsYouBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  SignInBody,
} from "../../packages/shared/src/bodies/accounts.js";
import { CreateBoardBody } from "../../packages/shared/src/bodies/boards.js";
import { CreateEntryBody, PublishEntryBody } from "../../packages/shared/src/bodies/changelog.js";
import { CreateCommentBody, UpdateCommentBody } from "../../packages/shared/src/bodies/comments.js";
import { ChangePostStatusBody, CreatePostBody, UpdatePostBody } from "../../packages/shared/src/bodies/posts.js";
import { CreateStatusBody } from "../../packages/shared/src/bodies/statuses.js";
import { CreateTagBody } from "../../packages/shared/src/bodies/tags.js";
import { CreateEndpointBody } from "../../packages/shared/src/bodies/webhooks.js";
import { useHarness } from "./support/harness.js";
import { ROOT } from "./support/processes.js";

// The dashboard's forms check in the browser what the server checks (dashboard/src/features/**/schemas.ts).
// A form built on a request body of packages/shared/src/bodies, which the server's route checks too,
// cannot drift from it as long as each of its fields is the body's own field: that is checked here,
// by identity. A form still written beside the server's schema is read as JSON Schema and compared
// with its body in the served document: the same maxLength, the same enum, the same pattern where
// both give one, the same counts and bounds, and every field the server requires asked for.

const h = useHarness();

const FEATURES = `${ROOT}dashboard/src/features/`;

interface FormBody {
  /** The operations whose request body the form fills: a create form's POST and, when it also edits, the PATCH. */
  operations: string[];
  /** Form field → the body's field (a dotted path into a nested object), where the names differ. */
  renamed?: Record<string, string>;
  /** Ids the person picks from the server's own lists: no text limit of theirs is typed, so only counts and enums are compared. */
  chosen?: string[];
  /** Form fields left out of the comparison, and why. */
  notCompared?: Record<string, string>;
  /** Fields the server requires that the form's transform fills, and how. */
  filled?: Record<string, string>;
}

/** A form schema that fills no request body, and why. */
interface NotABody {
  notABody: string;
}

/** A form built on a shared request body: each field is the body's field (by the same name, or `renamed`), or the form's own. */
interface FromShared {
  body: z.core.$ZodType;
  renamed?: Record<string, string>;
  /** Form fields that are no field of the body, and why. */
  formOnly?: Record<string, string>;
}

// Every export of every schemas.ts, by its folder under dashboard/src/features.
const TABLE: Record<string, Record<string, FormBody | NotABody | FromShared>> = {
  account: {
    signInSchema: { body: SignInBody },
    requestResetSchema: { body: RequestPasswordResetBody },
    resetPasswordSchema: { body: ResetPasswordBody },
    acceptInviteSchema: { body: AcceptInviteBody },
    workspaceSlugSchema: { notABody: "Puts `?workspace=` in the page's address, which reads GET /auth/sign-in-options: a query, no body." },
  },
  changelog: {
    entrySchema: { body: CreateEntryBody },
    scheduleSchema: { body: PublishEntryBody },
  },
  post: {
    commentSchema: { body: CreateCommentBody },
    editCommentSchema: { body: UpdateCommentBody },
    postBodySchema: { body: CreatePostBody },
    statusChangeSchema: { body: ChangePostStatusBody, renamed: { comment: "comment.body", internal: "comment.internal" } },
    detailsSchema: { body: UpdatePostBody },
    issueLinkSchema: {
      operations: ["createIssueLink"],
      renamed: { target: "create.target", title: "create.title" },
      chosen: ["integrationId", "target"],
      notCompared: { mode: "Chooses `create` or `reference` in the transform." },
    },
  },
  notifications: {
    settingsSchema: { operations: ["updateNotificationSettings"], chosen: ["boards"] },
  },
  posts: {
    bulkSchema: {
      notABody:
        "Picks an action and one of the server's own ids from lists; posts/bulk.ts builds each post's body (changePostStatus, addPostTag, updatePost, mergePost) from them.",
    },
  },
  "settings/api-keys": {
    newKeySchema: {
      operations: ["createApiKey"],
      renamed: { rateLimit: "rateLimitPerMinute" },
      notCompared: {
        preset: "Becomes `scopes` in the transform.",
        access: "Becomes `scopes` in the transform.",
        expires: "A day (yyyy-mm-dd), sent as `expiresAt`, the instant that day ends: another text than the one typed.",
      },
      filled: { scopes: "The transform makes them from the preset or the per-resource access, and refuses an empty set." },
    },
  },
  "settings/audit-log": {
    auditFilterSchema: { notABody: "The audit log's filters: `actorId` and `objectId` of GET /audit-log, a query, no body." },
  },
  "settings/boards": {
    boardSchema: { body: CreateBoardBody },
    statusSchema: { body: CreateStatusBody },
    tagSchema: { body: CreateTagBody },
  },
  "settings/integrations": {
    slackSchema: {
      operations: ["createIntegration"],
      chosen: ["boardIds"],
      notCompared: { mode: "Chooses which credential the transform sends: the token and channel, or the webhook URL." },
      filled: { provider: "The transform names the provider." },
    },
    githubSchema: {
      operations: ["createIntegration"],
      notCompared: { repositories: "Typed one per line; the transform splits the text into the list and checks each name." },
      filled: { provider: "The transform names the provider." },
    },
    linearSchema: { operations: ["createIntegration"], filled: { provider: "The transform names the provider." } },
    signingSecretSchema: { operations: ["updateIntegration"] },
  },
  "settings/members": {
    inviteSchema: { body: CreateInviteBody },
  },
  "settings/sessions": {
    enrolSchema: { body: EnrolTwoFactorBody },
    confirmSchema: { body: ConfirmTwoFactorBody },
    proofSchema: { body: ProveItIsYouBody },
    linkSchema: { body: ProveItIsYouBody },
  },
  "settings/webhooks": {
    endpointSchema: { body: CreateEndpointBody },
  },
  "settings/workspace": {
    settingsSchema: {
      operations: ["updateWorkspace"],
      notCompared: { allowedOrigins: "Typed one per line; listOf checks each line and the count inside a transform, which JSON Schema cannot show." },
    },
    singleSignOnSchema: {
      operations: ["putWorkspaceSingleSignOn"],
      notCompared: { allowedDomains: "Typed as a list; listOf checks each domain and the count inside a transform, which JSON Schema cannot show." },
    },
  },
};

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are read by keyword
type Json = Record<string, any>;

interface ZodDef {
  type: string;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as ZodDef;

/**
 * Every schema a field's value passes on its way into the body: both sides of a pipe, a wrapper's
 * inner schema, none for a transform. `io: "input"` shows only a pipe's first side, where a typed
 * string is read (`"42"` before it is the number 42); the limits of what is sent sit on the later side.
 */
function stagesOf(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = defOf(schema);
  if (def.type === "pipe") return [...stagesOf(def.in!), ...stagesOf(def.out!)];
  if (def.type === "transform") return [];
  if (def.innerType) return stagesOf(def.innerType);
  return [schema];
}

/** A value's own schema, with `null` dropped: the nullable field's other branch, or a union's only other one. */
function nonNull(node: Json): Json {
  const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!branches) return node;
  const others = branches.filter((branch) => branch.type !== "null");
  return others.length === 1 ? nonNull(others[0]!) : {};
}

interface Limits {
  maxLength?: number;
  itemMaxLength?: number;
  enum?: string[];
  patterns: string[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

const tighter = (pick: (a: number, b: number) => number) => (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);
const lower = tighter(Math.min);
const higher = tighter(Math.max);

/** The limits of JSON Schema nodes a value passes in turn: the tightest of each. */
function limitsOf(nodes: Json[]): Limits {
  return nodes.map(nonNull).reduce<Limits>(
    (limits, node) => ({
      maxLength: lower(limits.maxLength, node.maxLength),
      itemMaxLength: lower(limits.itemMaxLength, node.items ? nonNull(node.items).maxLength : undefined),
      enum: limits.enum ?? node.enum,
      patterns: node.pattern ? [...limits.patterns, node.pattern] : limits.patterns,
      minItems: higher(limits.minItems, node.minItems),
      maxItems: lower(limits.maxItems, node.maxItems),
      minimum: higher(limits.minimum, node.minimum),
      maximum: lower(limits.maximum, node.maximum),
    }),
    { patterns: [] },
  );
}

const asJsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;

/** A form's object: the schema itself, or what its final transform reads. */
function objectOf(form: z.core.$ZodType): z.core.$ZodType {
  const object = stagesOf(form).find((stage) => defOf(stage).type === "object");
  if (!object) throw new Error("a form schema is an object, or an object piped into a transform");
  return object;
}

/** Every exported schema of each schemas.ts under dashboard/src/features, by folder, then export. */
async function formSchemas(): Promise<Map<string, Map<string, z.core.$ZodType>>> {
  const files = (readdirSync(FEATURES, { recursive: true }) as string[]).filter((file) => /(^|\/)schemas\.ts$/.test(file));
  const modules = new Map<string, Map<string, z.core.$ZodType>>();
  for (const file of files.sort()) {
    // A computed specifier: the server's type check does not follow it into the dashboard (DOM types, its own paths).
    const exports = (await import(pathToFileURL(`${FEATURES}${file}`).href)) as Record<string, unknown>;
    const schemas = Object.entries(exports).filter(
      (entry): entry is [string, z.core.$ZodType] => typeof entry[1] === "object" && entry[1] !== null && "_zod" in entry[1],
    );
    modules.set(file.replace(/\/?schemas\.ts$/, ""), new Map(schemas));
  }
  return modules;
}

/** Each operation's request body, by operationId, its $refs resolved on demand. */
async function requestBodies(): Promise<{ bodies: Map<string, Json>; resolve: (node: Json) => Json }> {
  const doc = (await h.call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
  const resolve = (node: Json): Json => (node.$ref ? resolve(doc.components.schemas[(node.$ref as string).split("/").pop()!]!) : node);
  const bodies = new Map<string, Json>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (schema) bodies.set(op.operationId, resolve(schema));
    }
  }
  return { bodies, resolve };
}

function isFormBody(entry: FormBody | NotABody | FromShared): entry is FormBody {
  return "operations" in entry;
}

/**
 * Every schema a value passes through or is wrapped in, from `schema` on: both sides of a pipe, a
 * wrapper's inner schema, a union's options. A form's field built on a body's field reaches it.
 */
function reachable(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): Set<z.core.$ZodType> {
  if (seen.has(schema)) return seen;
  seen.add(schema);
  const def = defOf(schema) as ZodDef & { options?: z.core.$ZodType[] };
  for (const next of [def.in, def.out, def.innerType, ...(def.options ?? [])]) if (next) reachable(next, seen);
  return seen;
}

/** The body's field at a dotted path, through the wrappers of the objects on the way. */
function bodyField(body: z.core.$ZodType, path: string): z.core.$ZodType | undefined {
  return path.split(".").reduce<z.core.$ZodType | undefined>((node, key) => {
    const object = node && [...reachable(node)].find((stage) => defOf(stage).type === "object");
    return object && defOf(object).shape![key];
  }, body);
}

function formsOfABody(): [string, FormBody][] {
  return Object.entries(TABLE).flatMap(([folder, exports]) =>
    Object.entries(exports).flatMap(([name, entry]) => (isFormBody(entry) ? [[`${folder}/schemas.ts ${name}`, entry] as [string, FormBody]] : [])),
  );
}

const show = (value: unknown) => JSON.stringify(value) ?? "none";

describe("the dashboard's forms", () => {
  it("are each in the table: mapped to the request body they fill, or said why they fill none", async () => {
    const modules = await formSchemas();
    const found = [...modules].flatMap(([folder, exports]) => [...exports.keys()].map((name) => `${folder}/schemas.ts ${name}`));
    const listed = Object.entries(TABLE).flatMap(([folder, exports]) => Object.keys(exports).map((name) => `${folder}/schemas.ts ${name}`));
    expect(listed.sort()).toEqual(found.sort());
  });

  it("built on a shared request body take each field from it", async () => {
    const modules = await formSchemas();
    const strays: string[] = [];
    for (const [folder, exports] of Object.entries(TABLE)) {
      for (const [name, entry] of Object.entries(exports)) {
        if (!("body" in entry)) continue;
        const form = modules.get(folder)?.get(name);
        if (!form) {
          strays.push(`${folder}/schemas.ts ${name}: listed, but no such export`);
          continue;
        }
        for (const [field, schema] of Object.entries(defOf(objectOf(form)).shape!)) {
          if (entry.formOnly?.[field]) continue;
          const theirs = bodyField(entry.body, entry.renamed?.[field] ?? field);
          if (!theirs || (!reachable(schema).has(theirs) && ![...reachable(theirs)].some((stage) => reachable(schema).has(stage)))) {
            strays.push(`${folder}/schemas.ts ${name}: ${field} is not the body's ${entry.renamed?.[field] ?? field}`);
          }
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it("check what the server checks in the body they fill: maxLength, enum, pattern, counts and bounds, and the fields it requires", async () => {
    const modules = await formSchemas();
    const { bodies, resolve } = await requestBodies();

    /** A body's field by its dotted path, or undefined when the body has none. */
    const fieldOf = (body: Json, path: string): Json | undefined =>
      path.split(".").reduce<Json | undefined>((node, key) => {
        const at = node && nonNull(resolve(node)).properties?.[key];
        return at && nonNull(resolve(at));
      }, body);

    const disagreements: string[] = [];
    for (const [key, entry] of formsOfABody()) {
      const [file, name] = key.split(" ") as [string, string];
      const form = modules.get(file.replace(/\/schemas\.ts$/, ""))?.get(name);
      if (!form) {
        disagreements.push(`${key}: listed, but no such export`);
        continue;
      }
      const object = objectOf(form);
      // The form as JSON Schema of what the person fills in (`io: "input"`): its fields, and which are required.
      const typed = asJsonSchema(object);
      const fields = Object.keys(typed.properties as Json);
      const required = new Set(typed.required as string[]);
      const shape = defOf(object).shape!;
      const renamed = entry.renamed ?? {};
      const sentAs = (field: string) => renamed[field] ?? field;

      for (const field of [...Object.keys(renamed), ...(entry.chosen ?? []), ...Object.keys(entry.notCompared ?? {})]) {
        if (!fields.includes(field)) disagreements.push(`${key}: the table names ${field}, which the form does not have`);
      }

      for (const operationId of entry.operations) {
        const body = bodies.get(operationId);
        if (!body) {
          disagreements.push(`${key}: ${operationId} has no JSON request body in the document`);
          continue;
        }
        const where = `${key} → ${operationId}`;
        for (const field of fields) {
          if (entry.notCompared?.[field]) continue;
          const server = fieldOf(body, sentAs(field));
          if (!server) {
            disagreements.push(`${where}: the form sends ${sentAs(field)}, which the body does not take`);
            continue;
          }
          const ours = limitsOf(stagesOf(shape[field]!).map(asJsonSchema));
          const theirs = limitsOf([server]);
          const differs = (what: string, a: unknown, b: unknown) => {
            if (show(a) !== show(b)) disagreements.push(`${where}: ${field} ${what} is ${show(a)} in the form, ${show(b)} on the server`);
          };
          if (!entry.chosen?.includes(field)) {
            differs("maxLength", ours.maxLength, theirs.maxLength);
            differs("items' maxLength", ours.itemMaxLength, theirs.itemMaxLength);
          }
          differs("enum", ours.enum && [...ours.enum].sort(), theirs.enum && [...theirs.enum].sort());
          if (theirs.patterns[0] && ours.patterns.length > 0 && !ours.patterns.includes(theirs.patterns[0])) {
            differs("pattern", ours.patterns, theirs.patterns[0]);
          }
          differs("minItems", ours.minItems, theirs.minItems);
          differs("maxItems", ours.maxItems, theirs.maxItems);
          differs("minimum", ours.minimum, theirs.minimum);
          differs("maximum", ours.maximum, theirs.maximum);
        }
        for (const needed of (body.required as string[] | undefined) ?? []) {
          const asked = fields.find((field) => sentAs(field) === needed);
          if (!(asked && required.has(asked)) && !entry.filled?.[needed]) {
            disagreements.push(`${where}: the server requires ${needed}, which the form neither requires nor fills`);
          }
        }
      }

      const requiredAnywhere = new Set(entry.operations.flatMap((id) => (bodies.get(id)?.required as string[] | undefined) ?? []));
      for (const field of Object.keys(entry.filled ?? {})) {
        if (!requiredAnywhere.has(field)) disagreements.push(`${key}: the table says the transform fills ${field}, which no operation requires`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
