import { html, raw } from "hono/html";
import type { Db } from "../../../platform/db/database.js";
import type { PortalRequest } from "./context.js";
import { portalSitemap } from "../sitemap.js";

// What search engines read: robots.txt (the API and the dashboard are not for them; each public
// portal's sitemap is named) and a portal's sitemap.xml. Private portals have neither.

export async function robotsTxt(db: Db, origin: string): Promise<string> {
  const publicPortals = await db.selectFrom("workspaces").select("slug").where("portal_visibility", "=", "public").orderBy("slug").limit(1000).execute();
  return [
    "User-agent: *",
    "Disallow: /app/",
    "Disallow: /v1/",
    "Allow: /p/",
    "",
    ...publicPortals.map((w) => `Sitemap: ${origin}/p/${w.slug}/sitemap.xml`),
    "",
  ].join("\n");
}

export async function sitemapXml(r: PortalRequest): Promise<string> {
  const { boards, posts } = await portalSitemap({ ctx: r.ctx });
  const url = (loc: string, lastmod?: string) => html`<url><loc>${loc}</loc>${lastmod ? html`<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  const body = await html`${raw('<?xml version="1.0" encoding="UTF-8"?>')}
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${url(r.url())}${url(r.url("/roadmap"))}${url(r.url("/changelog"))}
${boards.map((slug) => url(r.url(`/b/${slug}`)))}
${posts.map((p) => url(r.url(`/posts/${p.id}`), p.updatedAt))}
</urlset>`;
  return body.toString();
}
