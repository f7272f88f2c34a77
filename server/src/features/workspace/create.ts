import { nowIso } from "../../platform/lib/clock.js";
import { newIdentitySecret } from "../customers/index.js";
import { newId } from "../../platform/lib/ids.js";
import { generateKey } from "../../platform/lib/secret-keys.js";
import type { Db } from "../../platform/db/database.js";
import type { WorkspacesTable } from "../../platform/db/schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { SYSTEM_ACTOR } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { DEFAULT_LANGUAGE } from "../../platform/i18n/languages.js";
import { DEFAULT_BOARD, DEFAULT_STATUSES } from "./defaults.js";
import { WORKSPACE_SLUG_PATTERN, WORKSPACE_SLUG_RULE } from "../../../../packages/shared/src/slug.js";
import { keptSlugDetail, slugTaken } from "./slug.js";

// Hand-written: only the `heed` command, first start and tests create workspaces; no HTTP schema exists.
export interface CreateWorkspaceInput {
  slug: string;
  name: string;
}

/**
 * Creates a tenant with its six default statuses, one public board and its public key. Operator
 * action (the `heed` command, first start, tests): it has no API route, so no scope to check.
 */
export async function createWorkspace(db: Db, input: CreateWorkspaceInput): Promise<WorkspacesTable> {
  if (!WORKSPACE_SLUG_PATTERN.test(input.slug)) {
    throw new HeedError("validation_failed", "A slug is 1–48 lowercase letters, digits and inner dashes.", {
      errors: [{ pointer: "/slug", code: "invalid_format", detail: WORKSPACE_SLUG_RULE }],
    });
  }
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) {
    throw new HeedError("validation_failed", "A workspace name is 1–100 characters.", {
      errors: [{ pointer: "/name", code: "invalid", detail: "Give 1–100 characters." }],
    });
  }
  const at = nowIso();
  const workspace: WorkspacesTable = {
    id: newId("workspace"),
    slug: input.slug,
    name,
    public_key: generateKey("pk"),
    portal_visibility: "public",
    identity_verification: 1, // secure by default: identify needs a proof until an owner turns it off
    identity_secret: newIdentitySecret(),
    rate_limit_per_minute: null,
    notification_window_seconds: null,
    portal_posts_per_hour: 10,
    portal_logo_url: null,
    portal_accent_color: null,
    portal_language: DEFAULT_LANGUAGE,
    portal_guest_access: 0,
    require_two_factor: 0,
    moderation: "off",
    author_votes: 1, // an end user's new idea starts with their vote, as on Canny and Featurebase
    created_at: at,
    updated_at: at,
  };
  return db.transaction().execute(async (tx) => {
    const taken = await slugTaken(tx, input.slug);
    if (taken) throw new HeedError("conflict", taken === "current" ? `A workspace with slug '${input.slug}' exists already.` : keptSlugDetail(input.slug));
    await tx.insertInto("workspaces").values(workspace).execute();
    await tx
      .insertInto("statuses")
      .values(
        DEFAULT_STATUSES.map((s, position) => ({
          id: newId("status"),
          workspace_id: workspace.id,
          name: s.name,
          category: s.category,
          color: s.color,
          position,
          is_default: s.isDefault ? 1 : 0,
          on_roadmap: s.onRoadmap ? 1 : 0,
          translations: JSON.stringify(s.translations),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await tx
      .insertInto("boards")
      .values({ id: newId("board"), workspace_id: workspace.id, ...DEFAULT_BOARD, visibility: "public", position: 0, created_at: at, updated_at: at })
      .execute();
    await recordChange(
      tx,
      { workspace: { id: workspace.id, slug: workspace.slug }, actor: SYSTEM_ACTOR, requestId: null },
      {
        action: "workspace.created",
        objectType: "workspace",
        objectId: workspace.id,
        audit: { slug: workspace.slug, name: workspace.name },
      },
    );
    return workspace;
  });
}

export async function findWorkspaceBySlug(db: Db, slug: string): Promise<WorkspacesTable | undefined> {
  return db.selectFrom("workspaces").selectAll().where("slug", "=", slug).executeTakeFirst();
}
