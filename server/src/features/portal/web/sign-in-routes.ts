import type { Context, Hono } from "hono";
import { HeedError } from "../../../platform/errors.js";
import { peekEmailSignIn, requestEmailSignIn, useEmailSignIn } from "../email-sign-in.js";
import type { AppEnv } from "../../../http/env.js";
import { email as emailField } from "../../../platform/fields.js";
import { guestSignIn, safeRedirect, signInWithToken, signInWithUserToken } from "./actions.js";
import { type PortalRequest, portalRequest } from "./context.js";
import { headersFor, noSuchPortal } from "./http.js";
import type { Html } from "./layout.js";
import { checkInboxPage, confirmEmailSignInPage } from "./pages/email-sign-in.js";
import { badRequestPage, formRefusedPage, notFoundPage, ssoFailedPage } from "./pages/notice.js";
import { followChangelogAs } from "../../notifications/index.js";
import { signInPage } from "./pages/sign-in.js";
import { setPortalCookie } from "../../../http/credentials/portal-cookie.js";

// The ways into a portal: single sign-on from the customer's app (a JWT, or the widget's end-user
// token), a one-time link by email, and guests where allowed. These stay open on a private
// portal: they are how one gets in.

/** Where a confirmed changelog subscription lands, and how its link is told from a sign-in's. */
const changelogLanding = (r: PortalRequest) => `${r.frame.base}/changelog?subscribed=1`;

/**
 * Where a mailed link lands, under the portal's address now: the link kept the address of its day
 * (a path of this portal, safeRedirect saw to it), and the workspace's slug may have changed since.
 */
const landingNow = (r: PortalRequest, redirect: string) => redirect.replace(/^\/p\/[^/?#]+/, r.frame.base);

export function registerSignIn(app: Hono<AppEnv>, scriptUrl: string | null): void {
  // The sign-in page and the guest form stay open on a private portal: they are how one gets in.
  app.get("/p/:workspace/sign-in", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    return c.html(await signInPage(r, safeRedirect(r, c.req.query("redirect"))), 200, headersFor(r));
  });
  app.post("/p/:workspace/sign-in/guest", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
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
  // A browser always sends Origin with a form's POST; a request without one is no browser's, so no
  // visitor's session can be ridden by it. `null` (sent by sandboxed frames, data: pages, and
  // pages under `no-referrer`) names no site and is refused.
  const sameSite = (c: Context<AppEnv>, r: PortalRequest) => {
    const origin = c.req.header("origin");
    return origin === undefined || origin === new URL(r.url()).origin;
  };
  app.post("/p/:workspace/sign-in/email", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    if (!sameSite(c, r)) return c.html(await formRefusedPage(r.frame, r.url("/sign-in")), 403, headersFor(r));
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.trim() : "";
    if (!emailField().safeParse(email).success) return c.html(await signInPage(r, r.frame.base), 400, headersFor(r));
    try {
      await requestEmailSignIn({
        ctx: r.ctx,
        input: {
          email,
          redirect: safeRedirect(r, typeof form.redirect === "string" ? form.redirect : undefined),
          linkUrl: (token) => r.url(`/sign-in/email/${token}`),
          language: r.frame.t.locale,
        },
      });
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return c.html(await notFoundPage(r.frame, r.url("/sign-in")), 404, headersFor(r));
      throw error;
    }
    return c.html(await checkInboxPage(r, email), 200, headersFor(r));
  });
  // The changelog by email for a visitor: the same one-time link as signing in by email (so the
  // same limits per address, and per client by the rate limiter), whose confirmation also follows
  // the changelog: nothing is mailed until the inbox's owner confirms.
  app.post("/p/:workspace/changelog/subscribe", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    if (!sameSite(c, r)) return c.html(await formRefusedPage(r.frame, r.url("/changelog")), 403, headersFor(r));
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.trim() : "";
    if (!emailField().safeParse(email).success) return c.html(await badRequestPage(r.frame, r.url("/changelog")), 400, headersFor(r));
    try {
      await requestEmailSignIn({
        ctx: r.ctx,
        input: { email, redirect: changelogLanding(r), linkUrl: (token) => r.url(`/sign-in/email/${token}`), purpose: "changelog", language: r.frame.t.locale },
      });
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return c.html(await notFoundPage(r.frame, r.url("/changelog")), 404, headersFor(r));
      throw error;
    }
    return c.html(await checkInboxPage(r, email), 200, headersFor(r));
  });
  app.get("/p/:workspace/sign-in/email/:token", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    const token = c.req.param("token") ?? "";
    const link = await peekEmailSignIn({ ctx: r.ctx, input: { token } });
    const page = confirmEmailSignInPage(r, token, link && { email: link.email, subscribes: landingNow(r, link.redirect) === changelogLanding(r) });
    // The address holds the link's secret: no other site is sent it as a referrer. `same-origin`,
    // not `no-referrer`: under `no-referrer` a browser sends the confirming POST with
    // `Origin: null`, which the same-site check must refuse (any site can send that).
    return c.html(await page, link ? 200 : 404, { ...headersFor(r), "referrer-policy": "same-origin" });
  });
  app.post("/p/:workspace/sign-in/email/:token", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
    if (!sameSite(c, r)) return c.html(await formRefusedPage(r.frame, r.url("/sign-in")), 403, headersFor(r));
    try {
      const signedIn = await useEmailSignIn({ ctx: r.ctx, input: { token: c.req.param("token") ?? "" } });
      const landing = landingNow(r, signedIn.redirect);
      if (landing === changelogLanding(r)) await followChangelogAs(r.ctx, signedIn.userId);
      setPortalCookie(c, r.frame.workspace.slug, signedIn);
      return c.redirect(landing, 303);
    } catch (error) {
      if (error instanceof HeedError && error.status === 404) return c.html(await confirmEmailSignInPage(r, "", null), 404, headersFor(r));
      throw error;
    }
  });
  // Reached by a redirect from the customer's app, so a GET; the JWT is single-purpose and short-lived.
  app.get("/p/:workspace/sso", async (c) => {
    const r = await portalRequest(c, scriptUrl);
    if (!r) return noSuchPortal(c);
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
}
