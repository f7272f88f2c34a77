import { z } from "@hono/zod-openapi";
import type { Context, Hono } from "hono";
import { ZodError } from "zod";
import { HeedError } from "../core/errors.js";
import type { AppEnv } from "../http/env.js";
import { type Asset, loadWebScript, PORTAL_CSS } from "./assets.js";
import { type PortalRequest, portalRequest } from "./context.js";
import { robotsTxt, sitemapXml } from "./discovery.js";
import { changelogFeed } from "./feeds.js";
import { similarIdeas } from "./similar.js";
import { themeCss } from "./theme.js";
import type { Html } from "./layout.js";
import { boardPage } from "./pages/board.js";
import { changelogPage } from "./pages/changelog.js";
import { homePage } from "./pages/home.js";
import {
  comment,
  guestSignIn,
  requireReader,
  safeRedirect,
  signInWithToken,
  signInWithUserToken,
  signOut,
  submit,
  vote,
  type ActionResult,
} from "./actions.js";
import { mePage } from "./pages/me.js";
import { badRequestPage, formRefusedPage, notFoundPage, privatePage, signInFirstPage, ssoFailedPage } from "./pages/notice.js";
import { checkInboxPage, confirmEmailSignInPage } from "./pages/email-sign-in.js";
import { signInPage } from "./pages/sign-in.js";
import { offersEmailSignIn, peekEmailSignIn, requestEmailSignIn, useEmailSignIn } from "../core/portal/email-sign-in.js";
import { PORTAL_SESSION_TTL_MS, setPortalCookie } from "./session.js";
import { submitPage } from "./pages/submit.js";
import { postPage } from "./pages/post.js";
import { roadmapPage } from "./pages/roadmap.js";

// The public portal at /p/{workspace}: server-rendered pages that read completely with JavaScript
// off. Each handler finds the workspace, lets the portal verbs decide what this reader may see,
// and draws it; an unknown page is a 404 page, an unreadable address a 400 page, never a 5xx.

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'";

/** A page's headers: the sites the workspace allows may frame it (the widget's panel), no other. */
function headersFor(r: PortalRequest): Record<string, string> {
  const ancestors = r.embedders.includes("*") ? "*" : ["'self'", ...r.embedders].join(" ");
  return {
    "content-security-policy": `${CSP}; frame-ancestors ${ancestors}`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cache-control": "no-cache",
  };
}

type Render = (r: PortalRequest, c: Context<AppEnv>) => Promise<Html | null>;

function isBadInput(error: unknown): boolean {
  return error instanceof ZodError || (error instanceof HeedError && error.status === 400);
}

/** One portal page: the workspace, the private-portal gate, the page, and its refusals as pages. */
function portalPage(render: Render, scriptUrl: string | null) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    const here = r.url(c.req.path.slice(r.frame.base.length));
    const answer = async (body: Html, status: 200 | 400 | 404, extra: Record<string, string> = {}) =>
      c.html(await body, status, { ...headersFor(r), ...extra });
    if (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer) {
      const otherWays = offersEmailSignIn(r.ctx) || r.ctx.customer.workspace.portalGuestAccess;
      const signIn = otherWays ? `${r.frame.base}/sign-in?redirect=${encodeURIComponent(c.req.path)}` : null;
      return answer(privatePage(r.frame, here, signIn), 200, { "x-robots-tag": "noindex, nofollow" });
    }
    try {
      const body = await render(r, c);
      return body ? answer(body, 200) : answer(notFoundPage(r.frame, here), 404);
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return answer(notFoundPage(r.frame, here), 404);
      if (isBadInput(error)) return answer(badRequestPage(r.frame, here), 400);
      throw error;
    }
  };
}

type Act = (r: PortalRequest, c: Context<AppEnv>, form: Record<string, string | File | (string | File)[]>) => Promise<ActionResult>;

/**
 * One form post of a signed-in reader: the form token first, then the action; it answers with a
 * 303 to the result (or JSON for the page's script), or the page again with the refusal. A reader
 * who is not signed in, a stale form, a locked post are each a page that says so.
 */
function portalAction(act: Act, scriptUrl: string | null) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    const here = r.url(c.req.path.slice(r.frame.base.length));
    const answer = async (body: Html, status: 400 | 401 | 403 | 404 | 429) => c.html(await body, status, headersFor(r));
    try {
      const form = await c.req.parseBody({ all: true });
      if (!requireReader(r, c, form)) return answer(signInFirstPage(r.frame, here), 401);
      const result = await act(r, c, form);
      if ("redirect" in result) return c.redirect(result.redirect, 303);
      if ("json" in result) return c.json(result.json, 200);
      return result.page ? answer(result.page, result.status) : answer(notFoundPage(r.frame, here), 404);
    } catch (error) {
      if (!(error instanceof HeedError)) throw error;
      if (error.code === "csrf_failed") return answer(formRefusedPage(r.frame, here), 403);
      if (error.status === 404) return answer(notFoundPage(r.frame, here), 404);
      if (error.status === 401) return answer(signInFirstPage(r.frame, here), 401);
      if (error.status === 400) return answer(badRequestPage(r.frame, here), 400);
      if (error.status === 403) return answer(formRefusedPage(r.frame, here), 403);
      throw error;
    }
  };
}

/** A feed or sitemap: XML, or a plain 404 for an unknown or private portal. */
function portalXml(type: string, render: (r: PortalRequest) => Promise<string>) {
  return async (c: Context<AppEnv>) => {
    const r = await portalRequest(c);
    if (!r || (r.ctx.customer.workspace.portalVisibility === "private" && !r.ctx.customer.viewer)) {
      return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8", "x-robots-tag": "noindex" });
    }
    return c.body(await render(r), 200, { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=300" });
  };
}

export function registerPortal(app: Hono<AppEnv>, webDir?: string): void {
  const script = loadWebScript("portal.js", "/p/_/portal.js", webDir);
  const widget = loadWebScript("widget.js", "/widget.js", webDir);
  const scriptUrl = script?.url ?? null;
  const pageOf = (render: Render) => portalPage(render, scriptUrl);
  const actionOf = (act: Act) => portalAction(act, scriptUrl);
  const serve = (asset: Asset) => (c: Context<AppEnv>) =>
    c.body(new Uint8Array(asset.body), 200, {
      "content-type": asset.type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  app.get("/p/_/portal.css", serve(PORTAL_CSS));
  if (script) app.get("/p/_/portal.js", serve(script));
  // The widget's address is fixed (customers paste it), so it is cached briefly, and any site may load it.
  if (widget) {
    app.get("/widget.js", (c) =>
      c.body(new Uint8Array(widget.body), 200, {
        "content-type": widget.type,
        "cache-control": "public, max-age=300",
        "cross-origin-resource-policy": "cross-origin",
        "x-content-type-options": "nosniff",
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
  app.get("/p/:workspace/me", pageOf(mePage));
  app.get(
    "/p/:workspace/b/:board/new",
    pageOf((r, c) => submitPage(r, c.req.param("board") ?? "")),
  );
  app.post(
    "/p/:workspace/b/:board/new",
    actionOf((r, c, form) => submit(r, c.req.param("board") ?? "", form)),
  );
  app.post(
    "/p/:workspace/posts/:id/vote",
    actionOf((r, c, form) => vote(r, c, c.req.param("id") ?? "", form)),
  );
  app.post(
    "/p/:workspace/posts/:id/comments",
    actionOf((r, c, form) => comment(r, c.req.param("id") ?? "", form)),
  );
  app.post(
    "/p/:workspace/sign-out",
    actionOf(async (r, c) => ({ redirect: signOut(r, c) })),
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
  // The sign-in page and the guest form stay open on a private portal: they are how one gets in.
  app.get("/p/:workspace/sign-in", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    return c.html(await signInPage(r, safeRedirect(r, c.req.query("redirect"))), 200, headersFor(r));
  });
  app.post("/p/:workspace/sign-in/guest", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    const here = r.url("/sign-in");
    try {
      const result = await guestSignIn(r, c, await c.req.parseBody());
      if ("redirect" in result) return c.redirect(result.redirect, 303);
      return c.html(await (result as { page: Html }).page, 400, headersFor(r));
    } catch (error) {
      if (!(error instanceof HeedError)) throw error;
      if (error.status === 404) return c.html(await notFoundPage(r.frame, here), 404, headersFor(r));
      if (error.code === "csrf_failed") return c.html(await formRefusedPage(r.frame, here), 403, headersFor(r));
      throw error;
    }
  });
  // Signing in by a mailed link: asking always answers "check your inbox" (known address or not);
  // the link's page asks to confirm, and the confirming post uses the link once.
  const sameSite = (c: Context<AppEnv>, r: PortalRequest) => {
    const origin = c.req.header("origin");
    return origin === undefined || origin === new URL(r.url()).origin;
  };
  app.post("/p/:workspace/sign-in/email", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    if (!sameSite(c, r)) return c.html(await formRefusedPage(r.frame, r.url("/sign-in")), 403, headersFor(r));
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.trim() : "";
    if (!z.email().max(320).safeParse(email).success) return c.html(await signInPage(r, r.frame.base), 400, headersFor(r));
    try {
      await requestEmailSignIn({
        ctx: r.ctx,
        input: {
          email,
          redirect: safeRedirect(r, typeof form.redirect === "string" ? form.redirect : undefined),
          linkUrl: (token) => r.url(`/sign-in/email/${token}`),
        },
      });
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return c.html(await notFoundPage(r.frame, r.url("/sign-in")), 404, headersFor(r));
      throw error;
    }
    return c.html(await checkInboxPage(r, email), 200, headersFor(r));
  });
  app.get("/p/:workspace/sign-in/email/:token", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    const token = c.req.param("token") ?? "";
    const email = await peekEmailSignIn({ ctx: r.ctx, input: { token } });
    // The address holds the link's secret: send no referrer onward.
    return c.html(await confirmEmailSignInPage(r, token, email), email ? 200 : 404, { ...headersFor(r), "referrer-policy": "no-referrer" });
  });
  app.post("/p/:workspace/sign-in/email/:token", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    if (!sameSite(c, r)) return c.html(await formRefusedPage(r.frame, r.url("/sign-in")), 403, headersFor(r));
    try {
      const signedIn = await useEmailSignIn({ ctx: r.ctx, input: { token: c.req.param("token") ?? "" }, tokenTtlMs: PORTAL_SESSION_TTL_MS });
      setPortalCookie(c, r.frame.workspace.slug, signedIn.token);
      return c.redirect(signedIn.redirect, 303);
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return c.html(await confirmEmailSignInPage(r, "", null), 404, headersFor(r));
      throw error;
    }
  });
  // Reached by a redirect from the customer's app, so a GET; the JWT is single-purpose and short-lived.
  app.get("/p/:workspace/sso", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return c.text("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
    const token = c.req.query("token") ?? "";
    const userToken = c.req.query("userToken");
    try {
      const to =
        userToken !== undefined
          ? await signInWithUserToken(r, c, userToken, c.req.query("redirect"))
          : await signInWithToken(r, c, token, c.req.query("redirect"));
      // The address held the JWT: send no referrer onward.
      c.header("referrer-policy", "no-referrer");
      return c.redirect(to, 303);
    } catch (error) {
      if (!(error instanceof HeedError) || error.status >= 500) throw error;
      return c.html(await ssoFailedPage(r.frame, r.url("/sso")), 401, { ...headersFor(r), "referrer-policy": "no-referrer" });
    }
  });
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
