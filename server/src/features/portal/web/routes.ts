import type { Context, Hono } from "hono";
import type { AppEnv } from "../../../http/env.js";
import { comment, follow, followChangelog, signOutOfPortal, submit, vote } from "./actions.js";
import { type Asset, loadWebScript, PORTAL_CSS } from "./assets.js";
import { portalRequest } from "./context.js";
import { robotsTxt, sitemapXml } from "./discovery.js";
import { changelogFeed } from "./feeds.js";
import { type Act, isBadInput, portalAction, portalPage, portalXml, type Render } from "./http.js";
import { boardPage } from "./pages/board.js";
import { changelogEntryPage, changelogPage } from "./pages/changelog.js";
import { homePage } from "./pages/home.js";
import { mePage, myDataDownload } from "./pages/me.js";
import { postPage } from "./pages/post.js";
import { roadmapPage } from "./pages/roadmap.js";
import { chooseBoardPage, submitPage } from "./pages/submit.js";
import { registerMailLinks } from "./mail-link-routes.js";
import { registerSignIn } from "./sign-in-routes.js";
import { similarIdeas } from "./similar.js";
import { themeCss } from "./theme.js";
import { FAVICON } from "./favicon.js";
import { widgetScript } from "./widget-words.js";
import { sendStatic, StaticBody } from "../../../http/encodings.js";
import { redirectMovedPortal } from "./moved.js";

// The public portal at /p/{workspace}: server-rendered pages that read completely with JavaScript
// off, the signed-in reader's form posts, the feeds and sitemap, and the assets (the stylesheet,
// the portal's script, the widget).

export function registerPortal(app: Hono<AppEnv>, webDir?: string): void {
  const script = loadWebScript("portal.js", "/p/_/portal.js", webDir);
  const widget = loadWebScript("widget.js", "/widget.js", webDir);
  const scriptUrl = script?.url ?? null;
  const pageOf = (render: Render) => portalPage(render, scriptUrl);
  const actionOf = (act: Act) => portalAction(act, scriptUrl);
  const serve = (asset: Asset) => {
    const content = new StaticBody(asset.body, asset.type, asset.variants);
    return (c: Context<AppEnv>) => sendStatic(c, content, { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" });
  };
  // One address per page: /p/{workspace}/roadmap/ is /p/{workspace}/roadmap.
  app.use("/p/*", async (c, next) => {
    const { path } = c.req;
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !path.endsWith("/") || path.length <= 3) return next();
    const query = new URL(c.req.url).search;
    return c.redirect(`${path.replace(/\/+$/, "")}${query}`, 301);
  });
  // An address of a slug the workspace had before: the same address under its slug now.
  app.use("/p/*", redirectMovedPortal);
  app.get("/favicon.ico", (c) =>
    c.body(new Uint8Array(FAVICON), 200, { "content-type": "image/x-icon", "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" }),
  );
  app.get("/p/_/portal.css", serve(PORTAL_CSS));
  if (script) app.get("/p/_/portal.js", serve(script));
  // The widget's address is fixed (customers paste it), so it is cached briefly, and any site may load it.
  if (widget) {
    const scriptFor = widgetScript(widget);
    app.get("/widget.js", (c) =>
      sendStatic(c, scriptFor(c), {
        "cache-control": "public, max-age=300",
        "cross-origin-resource-policy": "cross-origin",
        "x-content-type-options": "nosniff",
        vary: "Accept-Language",
      }),
    );
  }
  app.get("/robots.txt", async (c) => {
    const services = c.get("services");
    return c.text(await robotsTxt(services.db, services.publicUrl.replace(/\/$/, "")), 200, { "cache-control": "public, max-age=3600" });
  });
  app.get("/p/:workspace", pageOf(homePage));
  app.get(
    "/p/:workspace/b/:board",
    pageOf((r, c) => boardPage(r, c.req.param("board") ?? "", c.req.query())),
  );
  app.get(
    "/p/:workspace/ideas",
    pageOf((r, c) => boardPage(r, null, c.req.query())),
  );
  app.get(
    "/p/:workspace/posts/:id",
    pageOf((r, c) => postPage(r, c.req.param("id") ?? "", c.req.query())),
  );
  app.get("/p/:workspace/roadmap", pageOf(roadmapPage));
  app.get(
    "/p/:workspace/changelog",
    pageOf((r, c) => changelogPage(r, c.req.query())),
  );
  app.get(
    "/p/:workspace/changelog/:id",
    pageOf((r, c) => changelogEntryPage(r, c.req.param("id") ?? "")),
  );
  app.post(
    "/p/:workspace/changelog/follow",
    actionOf((r, _c, form) => followChangelog(r, form)),
  );
  app.get("/p/:workspace/me", pageOf(mePage));
  app.get("/p/:workspace/me/data", myDataDownload);
  app.get("/p/:workspace/new", pageOf(chooseBoardPage));
  app.get(
    "/p/:workspace/b/:board/new",
    pageOf((r, c) => submitPage(r, c.req.param("board") ?? "")),
  );
  app.post(
    "/p/:workspace/b/:board/new",
    actionOf((r, c, form) => submit(r, c, c.req.param("board") ?? "", form)),
  );
  app.post(
    "/p/:workspace/posts/:id/vote",
    actionOf((r, c, form) => vote(r, c, c.req.param("id") ?? "", form)),
  );
  app.post(
    "/p/:workspace/posts/:id/follow",
    actionOf((r, c, form) => follow(r, c.req.param("id") ?? "", form)),
  );
  app.post(
    "/p/:workspace/posts/:id/comments",
    actionOf((r, c, form) => comment(r, c, c.req.param("id") ?? "", form)),
  );
  app.post(
    "/p/:workspace/sign-out",
    actionOf(async (r, c) => ({ redirect: await signOutOfPortal(r, c) })),
  );
  // Versioned by the colour itself (`?v=`), so it is cached for good and changes with the setting.
  app.get("/p/:workspace/theme.css", async (c) => {
    const r = await portalRequest(c);
    const accent = r?.frame.brand.accentColor;
    if (!accent) return c.text("", 404, { "content-type": "text/css; charset=utf-8" });
    return c.body(themeCss(accent), 200, { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" });
  });
  app.get("/p/:workspace/similar", async (c) => {
    const r = await portalRequest(c);
    if (!r || (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer)) return c.json([], 404);
    try {
      return c.json(await similarIdeas(r, c.req.query("q") ?? ""), 200, { "cache-control": "no-cache" });
    } catch (error) {
      if (isBadInput(error)) return c.json([], 400);
      throw error;
    }
  });
  registerSignIn(app, scriptUrl);
  registerMailLinks(app, scriptUrl);
  app.get(
    "/p/:workspace/changelog.rss",
    portalXml("application/rss+xml", (r) => changelogFeed(r, "rss")),
  );
  app.get(
    "/p/:workspace/changelog.atom",
    portalXml("application/atom+xml", (r) => changelogFeed(r, "atom")),
  );
  app.get("/p/:workspace/sitemap.xml", portalXml("application/xml", sitemapXml));
}
