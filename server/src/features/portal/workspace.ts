import type { z } from "@hono/zod-openapi";
import type { PortalWorkspaceSchema } from "./schema.js";
import { reader } from "../../platform/context.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { readTranslations, statusNameIn } from "../statuses/index.js";

/** The workspace as the portal shows it: boards and statuses are empty for an anonymous reader of a private portal. */
export type PortalWorkspaceView = z.output<typeof PortalWorkspaceSchema>;

/**
 * What a portal needs to draw itself. Unlike the other portal reads it answers an anonymous reader
 * of a private portal too (name and visibility only), so that a sign-in page can be shown.
 */
export async function getPortalWorkspace({ ctx }: { ctx: CustomerCtx }): Promise<PortalWorkspaceView> {
  const { workspace, viewer } = ctx.customer;
  const base = {
    name: workspace.name,
    slug: workspace.slug,
    portalVisibility: workspace.portalVisibility,
    identityVerification: workspace.identityVerification,
    accentColor: workspace.portalAccentColor,
    viewer: viewer && { id: viewer.id, externalId: viewer.externalId },
  };
  if (workspace.portalVisibility === "private" && !viewer) return { ...base, boards: [], statuses: [] };
  const db = reader(ctx);
  const [boards, statuses] = await Promise.all([
    db
      .selectFrom("boards")
      .select(["id", "slug", "name", "description"])
      .where("workspace_id", "=", workspace.id)
      .where("visibility", "=", "public")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("statuses")
      .select(["id", "name", "category", "color", "on_roadmap", "translations"])
      .where("workspace_id", "=", workspace.id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  return {
    ...base,
    boards,
    statuses: statuses.map((s) => ({
      id: s.id,
      name: statusNameIn(s, ctx.customer.language),
      category: s.category,
      color: s.color,
      onRoadmap: s.on_roadmap === 1,
      translations: readTranslations(s.translations),
    })),
  };
}
