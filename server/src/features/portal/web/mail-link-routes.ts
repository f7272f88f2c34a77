import type { Context, Hono } from "hono";
import type { AppEnv } from "../../../http/env.js";
import { changePreferencesByToken, preferencesByToken, unfollowByToken, unsubscribeByToken } from "../../notifications/index.js";
import { portalRequest } from "./context.js";
import { headersFor, noSuchPortal } from "./http.js";
import type { Html } from "./layout.js";
import { badMailLinkPage, preferencesPage, unsubscribedPage, unsubscribePage } from "./pages/mail-links.js";

// The addresses in a notification mail: /p/{ws}/unsubscribe (List-Unsubscribe; a POST, with the
// RFC 8058 body or from the page's button, unsubscribes at once, with no session and no form
// token: the signed token is the whole credential) and /p/{ws}/notifications (the reader's choices).

const EMAIL = new Set(["instant", "daily", "weekly", "off"]);

export function registerMailLinks(app: Hono<AppEnv>, scriptUrl: string | null): void {
  const withToken = (handle: (c: Context<AppEnv>, r: NonNullable<Awaited<ReturnType<typeof portalRequest>>>, token: string) => Promise<Response>) => {
    return async (c: Context<AppEnv>) => {
      const r = await portalRequest(c, scriptUrl);
      if (!r) return noSuchPortal(c);
      const token = c.req.query("token") ?? "";
      const answer = async (body: Html, status: 200 | 400 = 200) => c.html(await body, status, headersFor(r));
      if (token.length === 0 || token.length > 500) return answer(badMailLinkPage(r), 400);
      return handle(c, r, token);
    };
  };
  app.get(
    "/p/:workspace/unsubscribe",
    withToken(async (c, r, token) => c.html(await unsubscribePage(r, token), 200, headersFor(r))),
  );
  app.post(
    "/p/:workspace/unsubscribe",
    withToken(async (c, r, token) => {
      const done = await unsubscribeByToken(r.ctx, token);
      return c.html(await (done ? unsubscribedPage(r, token) : badMailLinkPage(r)), done ? 200 : 400, headersFor(r));
    }),
  );
  app.get(
    "/p/:workspace/notifications",
    withToken(async (c, r, token) => {
      const found = await preferencesByToken(r.ctx, token);
      if (!found) return c.html(await badMailLinkPage(r), 400, headersFor(r));
      return c.html(await preferencesPage(r, token, found.preferences, found.following, c.req.query("saved") === "1"), 200, headersFor(r));
    }),
  );
  app.post(
    "/p/:workspace/notifications/unfollow",
    withToken(async (c, r, token) => {
      const form = await c.req.parseBody();
      const postId = typeof form.postId === "string" ? form.postId.slice(0, 64) : "";
      if (!(await unfollowByToken(r.ctx, token, postId))) return c.html(await badMailLinkPage(r), 400, headersFor(r));
      return c.redirect(`${r.frame.base}/notifications?token=${encodeURIComponent(token)}`, 303);
    }),
  );
  app.post(
    "/p/:workspace/notifications",
    withToken(async (c, r, token) => {
      const form = await c.req.parseBody();
      const email = typeof form.email === "string" && EMAIL.has(form.email) ? (form.email as "instant" | "daily" | "weekly" | "off") : undefined;
      const done = await changePreferencesByToken(r.ctx, token, { ...(email ? { email } : {}), changelog: form.changelog === "1" });
      if (!done) return c.html(await badMailLinkPage(r), 400, headersFor(r));
      return c.redirect(`${r.frame.base}/notifications?token=${encodeURIComponent(token)}&saved=1`, 303);
    }),
  );
}
