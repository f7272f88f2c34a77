import type { Context } from "hono";
import { followPortalPost, unfollowPortalPost, updatePortalNotificationPreferences } from "../../notifications/index.js";
import { z } from "@hono/zod-openapi";
import { viewerFromToken } from "../../../http/credentials/customer-context.js";
import { identify } from "../../customers/index.js";
import { endPortalSession, renewPortalSession, startPortalSession } from "../../../http/credentials/portal-sessions.js";
import { signInAsGuest } from "../guest.js";
import { HeedError } from "../../../platform/errors.js";
import { createPortalComment } from "../comments.js";
import { submitPortalPost } from "../submit.js";
import { submissionCounter } from "../../moderation/index.js";
import { unvotePortalPost, votePortalPost } from "../votes.js";
import { getPortalWorkspace } from "../workspace.js";
import type { AppEnv } from "../../../http/env.js";
import { guestPostCounter } from "../guest-post-limits.js";
import { readIdentityClaims } from "../../customers/index.js";
import { email as emailField, text as textField } from "../../../platform/fields.js";
import { CreatePortalCommentSchema, SubmitPostSchema } from "../schema.js";
import type { PortalRequest } from "./context.js";
import { postPage } from "./pages/post.js";
import { signInPage } from "./pages/sign-in.js";
import { submitPage } from "./pages/submit.js";
import { checkFormToken, clearPortalCookie, setPortalCookie } from "../../../http/credentials/portal-cookie.js";

// What a signed-in reader does on the portal, as plain form posts (the page's script sends the
// same forms without a reload). Each checks the form token, calls the portal verb the API uses,
// and answers with a redirect to the result, or the page again with the refusal beside the form.

type Form = Record<string, string | File | (string | File)[]>;
export type ActionResult =
  | { redirect: string }
  | { status: 400 | 429; page: Awaited<ReturnType<typeof postPage>> | null; headers?: Record<string, string> }
  | { json: unknown };

const text = (form: Form, name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");

/** The signed-in reader's write, form token checked; null when nobody is signed in. */
export function requireReader(r: PortalRequest, c: Context<AppEnv>, form: Form): boolean {
  if (!r.sessionToken || !r.ctx.customer.viewer) return false;
  checkFormToken(c, r.sessionToken, form._form);
  return true;
}

/** The first validation message of a refusal, for the sentence beside the form. */
function detailOf(error: unknown): string | null {
  if (error instanceof HeedError && (error.status === 400 || error.status === 429 || error.status === 403)) {
    return error.errors?.[0]?.detail ?? error.message;
  }
  return null;
}

export async function vote(r: PortalRequest, c: Context<AppEnv>, postId: string, form: Form): Promise<ActionResult> {
  const voted = text(form, "voted") !== "0";
  const answer = voted ? await votePortalPost({ ctx: r.ctx, input: { postId } }) : await unvotePortalPost({ ctx: r.ctx, input: { postId } });
  // The page's script asks for JSON, to update the button in place.
  if (c.req.header("accept")?.includes("application/json")) return { json: answer };
  // From a list, back to the list; from the post, back to the post.
  const back = text(form, "back");
  return { redirect: back ? safeRedirect(r, back) : `${r.frame.base}/posts/${postId}` };
}

/** Follow (`follow=1`) or stop following (`follow=0`) a post, back to it. */
export async function follow(r: PortalRequest, postId: string, form: Form): Promise<ActionResult> {
  const input = { postId };
  await (text(form, "follow") === "0" ? unfollowPortalPost({ ctx: r.ctx, input }) : followPortalPost({ ctx: r.ctx, input }));
  return { redirect: `${r.frame.base}/posts/${postId}` };
}

/** The signed-in reader's mail of new changelog entries, on (`follow=1`) or off; back to the changelog. */
export async function followChangelog(r: PortalRequest, form: Form): Promise<ActionResult> {
  const on = text(form, "follow") !== "0";
  await updatePortalNotificationPreferences({ ctx: r.ctx, input: { changelog: on } });
  return { redirect: `${r.frame.base}/changelog${on ? "?subscribed=1" : ""}` };
}

export async function comment(r: PortalRequest, c: Context<AppEnv>, postId: string, form: Form): Promise<ActionResult> {
  const parentId = text(form, "parentId") || undefined;
  const body = text(form, "body");
  const parsed = CreatePortalCommentSchema.safeParse({ body, ...(parentId ? { parentId } : {}) });
  const problem = (detail: string) => ({ form: parentId ? ("reply" as const) : ("comment" as const), ...(parentId ? { parentId } : {}), detail, body });
  if (!parsed.success) return { status: 400, page: await postPage(r, postId, {}, problem(parsed.error.issues[0]?.message ?? "")) };
  try {
    const created = await createPortalComment({ ctx: r.ctx, input: { ...parsed.data, postId }, countSubmission: submissionCounter(c) });
    // A comment waiting for approval is not on the page yet: the page says so where it would be.
    return {
      redirect: created.heldForApproval ? `${r.frame.base}/posts/${postId}?held=1#comment-held` : `${r.frame.base}/posts/${postId}#comment-${created.id}`,
    };
  } catch (error) {
    const detail = detailOf(error);
    if (detail === null || (error as HeedError).status === 403) throw error;
    return { status: 400, page: await postPage(r, postId, {}, problem(detail)) };
  }
}

export async function submit(r: PortalRequest, c: Context<AppEnv>, boardSlug: string, form: Form): Promise<ActionResult> {
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  const board = workspace.boards.find((b) => b.slug === boardSlug);
  if (!board) throw new HeedError("not_found", "No such board.");
  const [title, body] = [text(form, "title"), text(form, "body")];
  const parsed = SubmitPostSchema.safeParse({ boardId: board.id, title, body });
  if (!parsed.success) return { status: 400, page: await submitPage(r, boardSlug, { detail: parsed.error.issues[0]?.message ?? "", title, body }) };
  try {
    const post = await submitPortalPost({ ctx: r.ctx, input: parsed.data, countGuestPost: guestPostCounter(c), countSubmission: submissionCounter(c) });
    // An idea waiting for approval has no page yet: back to its board, which says so.
    return { redirect: post.heldForApproval ? `${r.frame.base}/b/${boardSlug}?held=1` : `${r.frame.base}/posts/${post.id}` };
  } catch (error) {
    const detail = detailOf(error);
    if (detail === null) throw error;
    const page = await submitPage(r, boardSlug, { detail, title, body });
    // Over a cap: the page says when, and so does Retry-After.
    if ((error as HeedError).status === 429) return { status: 429, page, headers: (error as HeedError).headers };
    return { status: 400, page };
  }
}

/**
 * Single sign-on from the customer's app: `?token=` is the JWT `identify` takes (signed with the
 * identity secret), `?redirect=` a path of this portal to land on. The reader is identified,
 * gets the portal's cookie, and is sent on; any other redirect goes to the portal's home.
 */
export async function signInWithToken(r: PortalRequest, c: Context<AppEnv>, token: string, redirect: string | undefined): Promise<string> {
  const signedIn = await identify({ ctx: r.ctx, input: { token }, readClaims: readIdentityClaims, portalSession: true });
  setPortalCookie(c, r.frame.workspace.slug, { token: signedIn.token, expiresAtMs: Date.parse(signedIn.expiresAt) });
  return safeRedirect(r, redirect);
}

// The same field builders as /v1: a NUL or a lone surrogate is a 400 beside the form, never a database error.
const GuestSchema = z.object({ name: textField().trim().min(1).max(100), email: emailField() });

/**
 * A guest signs in with a name and an email, where the workspace allows it. There is no session
 * yet to bind a form token to, so another site's page is told apart by its Origin alone.
 */
export async function guestSignIn(r: PortalRequest, c: Context<AppEnv>, form: Form): Promise<ActionResult> {
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== new URL(r.url()).origin) throw new HeedError("csrf_failed", "This form was sent from another site.");
  const [name, email, redirect] = [text(form, "name"), text(form, "email"), safeRedirect(r, text(form, "redirect"))];
  const parsed = GuestSchema.safeParse({ name, email });
  if (!parsed.success) return { status: 400, page: await signInPage(r, redirect, { detail: parsed.error.issues[0]?.message ?? "", name, email }) };
  setPortalCookie(c, r.frame.workspace.slug, await signInAsGuest({ ctx: r.ctx, input: parsed.data }));
  return { redirect };
}

/**
 * The widget's panel: the end-user token `identify` gave the customer's page becomes the portal's
 * cookie for the same user, in a new portal session (a forged, foreign or expired token is refused
 * like a bad JWT). A portal token traded in again renews its own session, never past its end.
 */
export async function signInWithUserToken(r: PortalRequest, c: Context<AppEnv>, userToken: string, redirect: string | undefined): Promise<string> {
  const { services, customer } = r.ctx;
  const viewer = await viewerFromToken(services, customer.workspace, userToken);
  const signedIn = viewer.session ? renewPortalSession(r.ctx, viewer.id, viewer.session) : await startPortalSession(services.db, r.ctx, viewer.id);
  setPortalCookie(c, r.frame.workspace.slug, signedIn, { embedded: true });
  return safeRedirect(r, redirect);
}

/** Signing out ends the session on the server, not only the cookie in this browser. */
export async function signOutOfPortal(r: PortalRequest, c: Context<AppEnv>): Promise<string> {
  const session = r.ctx.customer.viewer?.session;
  if (session) await endPortalSession({ ctx: r.ctx, input: { sessionId: session.id } });
  clearPortalCookie(c, r.frame.workspace.slug);
  return r.frame.base;
}

/** A path inside this portal, or its home: never another site (`//evil.example`) or another portal. */
export function safeRedirect(r: PortalRequest, redirect: string | undefined): string {
  if (!redirect) return r.frame.base;
  let target: URL;
  try {
    target = new URL(redirect, r.url("/"));
  } catch {
    return r.frame.base;
  }
  const home = new URL(r.url());
  const inside = target.origin === home.origin && (target.pathname === home.pathname || target.pathname.startsWith(`${home.pathname}/`));
  return inside ? `${target.pathname}${target.search}${target.hash}` : r.frame.base;
}
