import { nowIso } from "../../platform/lib/clock.js";
import { identityLinkedMail } from "../../platform/mail/messages.js";
import { auditForAccount } from "./account-audit.js";
import type { Services, Tx } from "../../platform/context.js";
import type { AccountCtx } from "../../http/credentials/account-context.js";
import { HeedError } from "../../platform/errors.js";

export interface ProvenIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

// Linking an OpenID Connect identity (issuer and subject) to an account is a trust decision: from
// then on that provider signs the account in, and its sign-in counts as a second factor. So every
// link is made with the account's full proof, or is the account's only way in; identities linked
// before links asked for that proof may not count (`counts_as_second_factor`). Every link is an
// audit row in each workspace the account belongs to, and a mail to the account, so a link nobody
// asked for does not go unseen.

/**
 * How the identity came to the account:
 * - `signed_in`: the person linked it from Settings while signed in to the account, with its full
 *   proof (the password, and a code when two-factor sign-in is on), to an identity with its email;
 * - `sign_up`: the provider created the account (it joined through it);
 * - `email`: the server's provider (OIDC_ISSUER, run by the operator) vouched for the account's
 *   email. A workspace's provider never links by email: its admins could make it vouch for anyone.
 */
export type LinkedVia = "signed_in" | "sign_up" | "email";

export interface IdentityLink {
  accountId: string;
  /** Whether a sign-in through it counts as a second factor (see the top of this file). */
  countsAsSecondFactor: boolean;
}

/** The one account an identity opens, if it is linked. */
export async function linkedAccount(tx: Tx, identity: Pick<ProvenIdentity, "issuer" | "subject">): Promise<IdentityLink | undefined> {
  const row = await tx
    .selectFrom("account_identities")
    .select(["account_id", "counts_as_second_factor"])
    .where("issuer", "=", identity.issuer)
    .where("subject", "=", identity.subject)
    .executeTakeFirst();
  return row && { accountId: row.account_id, countsAsSecondFactor: row.counts_as_second_factor === 1 };
}

/**
 * Links the identity inside the caller's transaction (or, for one linked already without the proof
 * links now take, makes its sign-in count as a second factor). Linked by email, the account's
 * password, sessions and pending password links end: the provider vouches for it from now on (an
 * invite link may have been forwarded, a password guessed). Returns the mail to send once the
 * transaction commits.
 */
export async function linkIdentity(
  tx: Tx,
  services: Services,
  input: { accountId: string; identity: ProvenIdentity; label: string; via: LinkedVia; relink?: boolean },
): Promise<() => void> {
  const { accountId, identity, via } = input;
  const at = nowIso();
  if (input.relink) {
    await tx
      .updateTable("account_identities")
      .set({ counts_as_second_factor: 1 })
      .where("issuer", "=", identity.issuer)
      .where("subject", "=", identity.subject)
      .where("account_id", "=", accountId)
      .execute();
  } else {
    await tx
      .insertInto("account_identities")
      .values({ issuer: identity.issuer, subject: identity.subject, account_id: accountId, created_at: at, counts_as_second_factor: 1 })
      .execute();
  }
  if (via === "email") {
    await tx.updateTable("accounts").set({ password_hash: null, updated_at: at }).where("id", "=", accountId).execute();
    await tx.deleteFrom("sessions").where("account_id", "=", accountId).execute();
    await tx.updateTable("password_resets").set({ used_at: at }).where("account_id", "=", accountId).where("used_at", "is", null).execute();
  }
  await auditForAccount(tx, accountId, "member.identity_linked", { issuer: identity.issuer, provider: input.label, via });
  const account = await tx.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow();
  const { mailer } = services;
  return () => {
    // The mailer logs a failure and never throws; nobody waits for it.
    if (mailer) void mailer.send(identityLinkedMail({ to: account.email, provider: input.label, via, publicUrl: services.publicUrl }));
  };
}

/** An identity already linked to another account is not moved: that account's owner must unlink it. */
export function linkedElsewhere(): HeedError {
  return new HeedError("conflict", "This identity already signs in another Heed account.");
}

/** The provider's identity has another email than the account, or one the provider did not verify. */
export class IdentityEmailMismatch extends HeedError {
  constructor(detail: string) {
    super("invalid_credential", detail);
  }
}

/**
 * An identity links to an account only when the provider vouches, verified, for the account's own
 * email: the password and code prove who started the link, and this that the provider's person is
 * the same one, so a known password cannot tie an account to a stranger's sign-in for later.
 */
export function requireAccountEmail(identity: ProvenIdentity, accountEmail: string, label: string): void {
  const email = identity.email?.toLowerCase() ?? null;
  if (email !== accountEmail.toLowerCase()) {
    throw new IdentityEmailMismatch(
      email
        ? `That identity's email at ${label} is ${email}, not your account's ${accountEmail}: sign in there as ${accountEmail}, then link again.`
        : `${label} gave no email for that identity: it links only to an identity with your account's email, ${accountEmail}.`,
    );
  }
  if (!identity.emailVerified)
    throw new IdentityEmailMismatch(`${label} did not confirm that the identity's email, ${email}, is theirs: it links only once it has.`);
}

/** The identities that sign the account in, oldest first (the subject stays with the provider). */
export async function listIdentities({ ctx }: { ctx: AccountCtx }): Promise<{ data: { issuer: string; linkedAt: string }[] }> {
  const rows = await ctx.services.db
    .selectFrom("account_identities")
    .select(["issuer", "created_at"])
    .where("account_id", "=", ctx.session.accountId)
    .orderBy("created_at")
    .execute();
  return { data: rows.map((r) => ({ issuer: r.issuer, linkedAt: r.created_at })) };
}
