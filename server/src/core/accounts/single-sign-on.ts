import { nowIso } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { recordChange } from "../changes.js";
import type { Services } from "../context.js";
import { HeedError } from "../errors.js";
import { describeSession, membershipsOf, type SessionView } from "../sessions/describe.js";
import { type RequestMeta, startSession } from "../sessions/sessions.js";

// Who an OpenID Connect provider says someone is, turned into a Heed session: the account linked
// to that identity, else the account with that (provider-verified) email, else, for an email of
// an allowed domain, a new account that joins the workspace as a member.

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Email domains that may sign up through the provider; empty: only existing accounts sign in. */
  allowedDomains: string[];
  /**
   * The one workspace those sign-ups join (OIDC_WORKSPACE): the provider is the server's, but its
   * people are one team's. Without it nobody signs up, and every other workspace needs an invite.
   */
  signUpWorkspace: string | null;
  /** What the sign-in page's button says, e.g. "Okta". */
  label: string;
}

export interface ProvenIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const refused = (detail: string) => new HeedError("invalid_credential", detail);

function settingsOf(services: Services): OidcSettings {
  if (!services.oidc) throw new HeedError("not_found", "Single sign-on is not set up on this server (OIDC_ISSUER).");
  return services.oidc;
}

/** Where a sign-in through the provider begins: the server's provider, and the workspace it is for. */
export async function startSingleSignOn({
  services,
  input,
}: {
  services: Services;
  input: { workspace: string };
}): Promise<{ settings: OidcSettings; workspace: { id: string; slug: string } }> {
  const settings = settingsOf(services);
  const workspace = await services.db.selectFrom("workspaces").select(["id", "slug"]).where("slug", "=", input.workspace).executeTakeFirst();
  if (!workspace) throw new HeedError("not_found", `No workspace with slug '${input.workspace}'.`);
  return { settings, workspace };
}

/** The provider's proven identity to a session (see the top of this file for who gets one). */
export async function finishSingleSignOn({
  services,
  identity,
  workspace,
  meta,
}: {
  services: Services;
  identity: ProvenIdentity;
  /** The workspace the sign-in started from: where a new account joins. */
  workspace: { id: string; slug: string };
  meta: RequestMeta;
}): Promise<{ token: string; answer: SessionView }> {
  const { allowedDomains, signUpWorkspace } = settingsOf(services);
  const { db } = services;
  const email = identity.email?.toLowerCase() ?? null;
  const domain = email?.split("@")[1] ?? "";
  const mayJoin = email !== null && identity.emailVerified && allowedDomains.includes(domain) && workspace.slug === signUpWorkspace;
  const accountId = await db.transaction().execute(async (tx) => {
    const linked = await tx
      .selectFrom("account_identities")
      .select("account_id")
      .where("issuer", "=", identity.issuer)
      .where("subject", "=", identity.subject)
      .executeTakeFirst();
    let id = linked?.account_id;
    const at = nowIso();
    if (!id) {
      // An email links an identity to an existing account only when the provider has verified it.
      if (!email || !identity.emailVerified) throw refused("The provider did not confirm an email address for this person.");
      const byEmail = await tx.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirst();
      if (!byEmail && !mayJoin) throw refused(`${domain || "This email domain"} may not sign up here through single sign-on: ask for an invite.`);
      id = byEmail?.id ?? newId("account");
      if (!byEmail)
        await tx
          .insertInto("accounts")
          .values({ id, email, name: identity.name ?? email, password_hash: null, created_at: at, updated_at: at })
          .execute();
      await tx.insertInto("account_identities").values({ issuer: identity.issuer, subject: identity.subject, account_id: id, created_at: at }).execute();
    }
    const member = await tx.selectFrom("members").select("id").where("workspace_id", "=", workspace.id).where("account_id", "=", id).executeTakeFirst();
    if (!member && mayJoin) {
      const account = await tx.selectFrom("accounts").select(["email", "name"]).where("id", "=", id).executeTakeFirstOrThrow();
      const memberId = newId("member");
      await tx
        .insertInto("members")
        .values({
          id: memberId,
          workspace_id: workspace.id,
          account_id: id,
          email: account.email,
          name: account.name,
          role: "member",
          created_at: at,
          updated_at: at,
        })
        .execute();
      const ctx = { workspace, actor: { type: "member" as const, id: memberId, scopes: [] }, requestId: null };
      await recordChange(tx, ctx, {
        action: "member.joined",
        objectType: "member",
        objectId: memberId,
        audit: { email: account.email, role: "member", via: "oidc" },
      });
    }
    return id;
  });
  const memberships = await membershipsOf(db, accountId);
  if (memberships.length === 0) throw refused("This account is a member of no workspace: ask for an invite.");
  const current = memberships.find((m) => m.id === workspace.id) ?? memberships[0]!;
  const { token, session } = await startSession(db, accountId, current.id, meta);
  return { token, answer: await describeSession(db, session) };
}
