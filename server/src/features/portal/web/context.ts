import type { Context } from "hono";
import { type CustomerCtx, customerContext } from "../../../http/credentials/customer-context.js";
import { originsAt } from "../../../http/cors-origins.js";
import { findPublicWorkspaceBySlug } from "../../../http/credentials/public-key.js";
import type { AppEnv } from "../../../http/env.js";
import type { Frame } from "./layout.js";
import { translator } from "../../../platform/i18n/translator.js";
import { portalLanguage } from "./language.js";
import { rememberPortalLanguage } from "../../notifications/index.js";
import { formToken, portalViewer } from "../../../http/credentials/portal-cookie.js";
import { WORKSPACE_SLUG_PATTERN } from "../../../../../packages/shared/src/slug.js";

// A portal page's request: the workspace its address names, the reader (signed in by the portal's
// cookie, or anonymous), and what every page draws with: the translator and the portal's base URL.

export interface PortalRequest {
  ctx: CustomerCtx;
  frame: Frame;
  /** The absolute URL of a path of this portal ("" for its home). */
  url(path?: string): string;
  /** Origins whose pages may frame the portal (the widget's panel): the workspace's allowed origins. */
  embedders: string[];
  /** The signed-in reader's cookie token (what their form tokens are bound to), or null. */
  sessionToken: string | null;
}

export async function portalRequest(c: Context<AppEnv>, scriptUrl: string | null = null, slug = c.req.param("workspace") ?? ""): Promise<PortalRequest | null> {
  if (!WORKSPACE_SLUG_PATTERN.test(slug)) return null;
  const services = c.get("services");
  const workspace = await findPublicWorkspaceBySlug(services.db, slug);
  if (!workspace) return null;
  const [signedIn, embedders] = await Promise.all([portalViewer(c, workspace), originsAt(services.db, workspace)]);
  const viewer = signedIn?.viewer ?? null;
  const { language, chosen } = portalLanguage(c, workspace.portalLanguage);
  const ctx = customerContext(services, workspace, viewer, c.get("requestId"), language);
  // A signed-in reader's choice is theirs, not only this browser's: their mail speaks it too.
  if (chosen && viewer) await rememberPortalLanguage(ctx, chosen);
  const base = `/p/${workspace.slug}`;
  const origin = services.publicUrl.replace(/\/$/, "");
  return {
    ctx,
    frame: {
      t: translator(language),
      here: hereOf(c.req.url),
      languageInAddress: chosen,
      workspace: { name: workspace.name, slug: workspace.slug },
      base,
      scriptUrl,
      brand: { logoUrl: workspace.portalLogoUrl, accentColor: workspace.portalAccentColor },
      reader: signedIn ? { name: viewer?.name ?? viewer?.email ?? viewer?.externalId ?? "", formToken: formToken(c, signedIn.token) } : null,
    },
    url: (path = "") => `${origin}${base}${path}`,
    sessionToken: signedIn?.token ?? null,
    embedders,
  };
}

/** The page's path and its query without `lang`: what the language switch and `hreflang` links keep. */
function hereOf(url: string): Frame["here"] {
  const { pathname, searchParams } = new URL(url);
  searchParams.delete("lang");
  return { path: pathname, query: [...searchParams.entries()] };
}
