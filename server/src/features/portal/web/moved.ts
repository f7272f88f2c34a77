import type { Context, Next } from "hono";
import type { AppEnv } from "../../../http/env.js";
import { WORKSPACE_SLUG_PATTERN } from "../../../../../packages/shared/src/slug.js";
import { currentSlugOf } from "../../workspace/index.js";

// A portal whose slug changed answers at its old addresses with a redirect to the same path and
// query under its current slug: 301 for GET and HEAD, 308 for any other method, so a form's POST
// (a vote, a sign-in link's confirmation) arrives again with its method and body. Links in mails
// sent before, pages embedding the portal and bookmarks keep working, through any number of
// changes (each old slug names the workspace, whose current slug is read now).
//
// A `redirect` in the query (where single sign-on or a sign-in lands, as a customer's app or the
// widget wrote it) that names a page under the old slug is moved with it: the portal sends a
// reader only to its own pages, and would take the old address for another portal's.
//
// It runs after the portal's handlers, on their 404: every handler looks up the workspace its
// address names before it reads a body or changes anything, and an old slug names none, so the
// 404 did nothing; the portal's addresses that are in use cost no extra read.

export async function redirectMovedPortal(c: Context<AppEnv>, next: Next): Promise<void> {
  await next();
  if (c.res.status !== 404) return;
  const url = new URL(c.req.url);
  const [, p, slug = "", ...rest] = url.pathname.split("/");
  if (p !== "p" || !WORKSPACE_SLUG_PATTERN.test(slug)) return;
  const current = await currentSlugOf(c.get("services").db, slug);
  if (!current) return;
  const location = `/p/${[current, ...rest].join("/")}${searchUnder(url, slug, current)}`;
  const status = c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308;
  // Dropped first, so none of the 404 page's headers (its CSP, its language) carry over.
  c.res = undefined;
  c.res = new Response(null, { status, headers: { location, "cache-control": "no-cache" } });
}

/** The query, with a `redirect` to a page under the old slug moved to the current one. */
function searchUnder(url: URL, slug: string, current: string): string {
  const redirect = url.searchParams.get("redirect");
  const old = `/p/${slug}`;
  if (redirect === null || !(redirect === old || redirect.startsWith(`${old}/`) || redirect.startsWith(`${old}?`))) return url.search;
  url.searchParams.set("redirect", `/p/${current}${redirect.slice(old.length)}`);
  return url.search;
}
