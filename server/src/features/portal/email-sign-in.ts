import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { log } from "../../platform/lib/log.js";
import { changelogConfirmMail, portalSignInMail } from "../../platform/mail/messages.js";
import type { Language } from "../../platform/i18n/languages.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader } from "../../platform/context.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { type PortalSignIn, startPortalSession } from "../../http/credentials/portal-sessions.js";
import { HeedError } from "../../platform/errors.js";
import { isWellFormedToken, newToken, tokenHash } from "../../http/credentials/session-token.js";
import { storeUser } from "../users/index.js";

// Signing in to a portal by a one-time link mailed to the reader (when SMTP is set up). The link
// proves the reader reads that inbox, so it opens the end user with that email (the one the
// customer's app identified, if any), else a new one `email:<address>`. Asking answers the same
// whether or not the email is known, and at most five links an address go out per 15 minutes.

const LINK_TTL_MS = 15 * 60_000;
const LINKS_PER_WINDOW = 5;

export function offersEmailSignIn(ctx: CustomerCtx): boolean {
  return ctx.services.mailer !== undefined;
}

export async function requestEmailSignIn({
  ctx,
  input,
}: {
  ctx: CustomerCtx;
  /** `changelog`: the link confirms a subscription to the changelog (double opt-in) as it signs in. */
  input: { email: string; redirect: string; linkUrl: (token: string) => string; purpose?: "sign-in" | "changelog"; language: Language };
}): Promise<void> {
  const mailer = ctx.services.mailer;
  if (!mailer) throw new HeedError("not_found", "This portal does not sign in by email.");
  const email = input.email.trim().toLowerCase();
  const at = nowMs();
  const token = newToken();
  const sent = await inTransaction(ctx, async (tx) => {
    const recent = await tx
      .selectFrom("portal_sign_in_links")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", ctx.workspace.id)
      .where("email", "=", email)
      .where("created_at", ">", isoAt(at - LINK_TTL_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= LINKS_PER_WINDOW) return false;
    await tx
      .insertInto("portal_sign_in_links")
      .values({
        id: newId("portalSignInLink"),
        workspace_id: ctx.workspace.id,
        email,
        token_hash: tokenHash(token),
        redirect: input.redirect,
        created_at: isoAt(at),
        expires_at: isoAt(at + LINK_TTL_MS),
        used_at: null,
      })
      .execute();
    return true;
  });
  if (!sent) {
    log.info("portal sign-in link not sent: too many asked", { workspace: ctx.workspace.slug });
    return;
  }
  // Not awaited: the answer takes as long whether the address gets mail or not.
  const words = { to: email, workspaceName: ctx.customer.workspace.name, url: input.linkUrl(token), language: input.language };
  void mailer.send(input.purpose === "changelog" ? changelogConfirmMail(words) : portalSignInMail(words));
}

/** The address a link signs in and where it lands, if it is unused and unexpired (for the page that asks to confirm). */
export async function peekEmailSignIn({ ctx, input }: { ctx: CustomerCtx; input: { token: string } }): Promise<{ email: string; redirect: string } | null> {
  if (!isWellFormedToken(input.token)) return null;
  const row = await reader(ctx)
    .selectFrom("portal_sign_in_links")
    .select(["email", "redirect", "expires_at", "used_at"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("token_hash", "=", tokenHash(input.token))
    .executeTakeFirst();
  return row && row.used_at === null && row.expires_at > nowIso() ? { email: row.email, redirect: row.redirect } : null;
}

/** Uses the link once: the reader's end-user token and where to land, or a 404 for a used, expired or unknown link. */
export async function useEmailSignIn({
  ctx,
  input,
}: {
  ctx: CustomerCtx;
  input: { token: string };
}): Promise<PortalSignIn & { redirect: string; userId: string }> {
  const gone = new HeedError("not_found", "This sign-in link was used already, expired, or never existed.");
  if (!isWellFormedToken(input.token)) throw gone;
  return inTransaction(ctx, async (tx) => {
    const now = nowIso();
    const link = await tx
      .selectFrom("portal_sign_in_links")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("token_hash", "=", tokenHash(input.token))
      .executeTakeFirst();
    if (!link || link.used_at !== null || link.expires_at <= now) throw gone;
    // Used once even when two tabs race: only one update finds it unused.
    const used = await tx.updateTable("portal_sign_in_links").set({ used_at: now }).where("id", "=", link.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw gone;
    const known = await tx
      .selectFrom("users")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("email", "=", link.email)
      .where("deleted_at", "is", null)
      .where("external_id", "not like", "guest:%")
      .orderBy("created_at")
      .executeTakeFirst();
    let userId = known?.id;
    if (!userId) userId = (await storeUser(tx, ctx, { externalId: `email:${link.email}`, email: link.email, lastSeenAt: now })).id;
    await recordChange(
      tx,
      { ...ctx, actor: { ...ctx.actor, id: userId } },
      { action: "user.identified", objectType: "user", objectId: userId, audit: { verified: true, via: "email" } },
    );
    return { ...(await startPortalSession(tx, ctx, userId)), redirect: link.redirect, userId };
  });
}
