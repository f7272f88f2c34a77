import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
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
import { CreateApiKeyBody } from "../../packages/shared/src/bodies/api-keys.js";
import { CreateBoardBody } from "../../packages/shared/src/bodies/boards.js";
import { CreateEntryBody, PublishEntryBody } from "../../packages/shared/src/bodies/changelog.js";
import { CreateCommentBody, UpdateCommentBody } from "../../packages/shared/src/bodies/comments.js";
import { ChangePostStatusBody, CreatePostBody, UpdatePostBody } from "../../packages/shared/src/bodies/posts.js";
import { CreateStatusBody } from "../../packages/shared/src/bodies/statuses.js";
import { CreateTagBody } from "../../packages/shared/src/bodies/tags.js";
import { CreateIntegrationBody, CreateIssueLinkBody, UpdateIntegrationBody } from "../../packages/shared/src/bodies/integrations.js";
import { UpdateNotificationSettingsBody } from "../../packages/shared/src/bodies/notifications.js";
import { CreateEndpointBody } from "../../packages/shared/src/bodies/webhooks.js";
import { PutWorkspaceSingleSignOnBody, UpdateWorkspaceBody } from "../../packages/shared/src/bodies/workspace.js";
import { ROOT } from "./support/processes.js";

// The dashboard's forms check in the browser what the server checks (dashboard/src/features/**/schemas.ts).
// Each form that fills a request body is built on that body, declared in packages/shared/src/bodies,
// which the server's route checks too: it cannot drift from it as long as each of its fields is the
// body's own field, which is checked here, by identity. A form that fills no body says why.

const FEATURES = `${ROOT}dashboard/src/features/`;

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
const TABLE: Record<string, Record<string, NotABody | FromShared>> = {
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
      body: CreateIssueLinkBody,
      renamed: { target: "create.target", title: "create.title" },
      formOnly: { mode: "Chooses `create` or `reference` in the transform." },
    },
  },
  notifications: {
    settingsSchema: { body: UpdateNotificationSettingsBody },
  },
  posts: {
    bulkSchema: {
      notABody:
        "Picks an action and one of the server's own ids from lists; posts/bulk.ts builds each post's body (changePostStatus, addPostTag, updatePost, mergePost) from them.",
    },
  },
  "settings/api-keys": {
    newKeySchema: {
      body: CreateApiKeyBody,
      renamed: { expires: "expiresAt", rateLimit: "rateLimitPerMinute" },
      formOnly: {
        preset: "Becomes `scopes` in the transform, which the body's `scopes` checks.",
        access: "Becomes `scopes` in the transform, which the body's `scopes` checks.",
      },
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
      body: CreateIntegrationBody,
      formOnly: { mode: "Chooses which credential the transform sends: the token and channel, or the webhook URL." },
    },
    githubSchema: { body: CreateIntegrationBody },
    linearSchema: { body: CreateIntegrationBody },
    signingSecretSchema: { body: UpdateIntegrationBody },
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
    settingsSchema: { body: UpdateWorkspaceBody },
    singleSignOnSchema: { body: PutWorkspaceSingleSignOnBody },
  },
};

interface ZodDef {
  type: string;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as ZodDef;

/** A form's object: the schema itself, or what its final transform reads. */
function objectOf(form: z.core.$ZodType): z.core.$ZodType {
  const object = [...reachable(form)].find((stage) => defOf(stage).type === "object");
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
});
