import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { recordChange } from "../../platform/changes/record.js";
import type { OidcSettings, Services, Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { describeSession, membershipsOf, type SessionView } from "./describe.js";
import { type AuthenticatedSession, type RequestMeta, startSession } from "../../http/credentials/team-sessions.js";
import { currentSlugOf, workspaceProvider } from "../workspace/index.js";
import { linkedAccount, linkedElsewhere, linkIdentity, type ProvenIdentity, requireAccountEmail } from "./identity-links.js";
import { type AccountProof, proveAccount, requireTwoFactorSession } from "./account-proof.js";

// Who an OpenID Connect provider says someone is, turned into a Heed session: the account linked
// to that identity; else, for the server's provider only, the account with that (provider-verified)
// email; else, for an email of an allowed domain, a new account that joins the workspace as a
// member. A workspace's provider links to an existing account only when its owner links it while
// signed in (finishIdentityLink): its admins could make it vouch for any email. The session counts
// as having passed a second factor when the identity's link does (identity-links.ts).

/** A provider a sign-in goes through: the server's (OIDC_ISSUER) or a workspace's own. */
export interface SignInProvider {
  owner: "server" | "workspace";
  settings: OidcSettings;
  /** A workspace's admins chose its URL: Heed refuses to call private addresses for it (unless allowed). */
  guarded: boolean;
}

type WorkspaceRef = { id: string; slug: string };

const refused = (detail: string) => new HeedError("invalid_credential", detail);
const noProvider = () => new HeedError("not_found", "Single sign-on is not set up here: sign in with your email and password.");

/** The workspace a slug names, now or before it changed (a bookmarked sign-in page, OIDC_WORKSPACE). */
async function findWorkspaceBySlug(services: Services, slug: string): Promise<WorkspaceRef | undefined> {
  const named = (s: string) => services.db.selectFrom("workspaces").select(["id", "slug"]).where("slug", "=", s).executeTakeFirst();
  const workspace = await named(slug);
  if (workspace) return workspace;
  const current = await currentSlugOf(services.db, slug);
  return current === undefined ? undefined : named(current);
}

async function workspaceBySlug(services: Services, slug: string): Promise<WorkspaceRef> {
  const workspace = await findWorkspaceBySlug(services, slug);
  if (!workspace) throw new HeedError("not_found", `No workspace with slug '${slug}'.`);
  return workspace;
}

/**
 * The provider for a sign-in that starts from this workspace (or from none): the workspace's own
 * when it has one, else the server's, with OIDC_WORKSPACE as the workspace when none is named.
 */
export async function startSingleSignOn({
  services,
  input: { workspace: slug },
}: {
  services: Services;
  input: { workspace?: string | undefined };
}): Promise<{ provider: SignInProvider; workspace: WorkspaceRef | null }> {
  const workspace = slug ? await workspaceBySlug(services, slug) : null;
  const own = workspace ? await workspaceProvider(services.db, workspace.id) : null;
  if (own) return { provider: { owner: "workspace", settings: own, guarded: !services.webhooksAllowPrivate }, workspace };
  if (!services.oidc) throw noProvider();
  const signUp = services.oidc.signUpWorkspace;
  return {
    provider: { owner: "server", settings: services.oidc, guarded: false },
    workspace: workspace ?? (signUp ? await workspaceBySlug(services, signUp).catch(() => null) : null),
  };
}

/** The same provider again when the browser comes back: the workspace's may have been removed since. */
export async function providerOf(services: Services, owner: SignInProvider["owner"], workspace: WorkspaceRef | null): Promise<SignInProvider> {
  if (owner === "workspace") {
    const own = workspace ? await workspaceProvider(services.db, workspace.id) : null;
    if (!own) throw noProvider();
    return { owner, settings: own, guarded: !services.webhooksAllowPrivate };
  }
  if (!services.oidc) throw noProvider();
  return { owner, settings: services.oidc, guarded: false };
}

/**
 * The provider a signed-in account links from Settings: its current workspace's own when it has
 * one, else the server's. Linking a workspace's provider needs a membership there. The provider's
 * sign-in will count as a second factor, so the account proves itself in full first (the password,
 * and a code when two-factor sign-in is on), from a session that passed its second factor where
 * one is asked: a session alone, perhaps a stolen one, links nothing.
 */
export async function startIdentityLink({
  services,
  session,
  input,
}: {
  services: Services;
  session: AuthenticatedSession;
  input: AccountProof;
}): Promise<{ provider: SignInProvider; workspace: WorkspaceRef | null }> {
  await services.db.transaction().execute(async (tx) => {
    await requireTwoFactorSession(tx, session, "link single sign-on");
    await proveAccount(tx, session, input);
  });
  const { accountId, workspaceId } = session;
  const workspace = workspaceId
    ? await services.db
        .selectFrom("workspaces as w")
        .innerJoin("members as m", "m.workspace_id", "w.id")
        .select(["w.id", "w.slug"])
        .where("w.id", "=", workspaceId)
        .where("m.account_id", "=", accountId)
        .executeTakeFirst()
    : undefined;
  const own = workspace ? await workspaceProvider(services.db, workspace.id) : null;
  if (own && workspace) return { provider: { owner: "workspace", settings: own, guarded: !services.webhooksAllowPrivate }, workspace };
  if (!services.oidc) throw noProvider();
  return { provider: { owner: "server", settings: services.oidc, guarded: false }, workspace: workspace ?? null };
}

/** The buttons a sign-in page offers: the server's provider, and the named workspace's own. */
export async function getSignInOptions({
  services,
  input: { workspace: slug },
}: {
  services: Services;
  input: { workspace?: string | undefined };
}): Promise<{ singleSignOn: { label: string; url: string }[] }> {
  const options: { label: string; url: string }[] = [];
  const workspace = slug ? await findWorkspaceBySlug(services, slug) : undefined;
  const own = workspace ? await workspaceProvider(services.db, workspace.id) : null;
  if (own && workspace) options.push({ label: own.label, url: `/v1/auth/oidc/start?workspace=${encodeURIComponent(workspace.slug)}` });
  else if (services.oidc)
    options.push({ label: services.oidc.label, url: `/v1/auth/oidc/start${workspace ? `?workspace=${encodeURIComponent(workspace.slug)}` : ""}` });
  return { singleSignOn: options };
}

/** The provider's proven identity to a session (see the top of this file for who gets one). */
export async function finishSingleSignOn({
  services,
  identity,
  provider,
  workspace,
  meta,
}: {
  services: Services;
  identity: ProvenIdentity;
  provider: SignInProvider;
  /** The workspace the sign-in started from: where a new account joins. */
  workspace: WorkspaceRef | null;
  meta: RequestMeta;
}): Promise<{ token: string; answer: SessionView }> {
  const { allowedDomains, signUpWorkspace, label } = provider.settings;
  const { db } = services;
  const email = identity.email?.toLowerCase() ?? null;
  const domain = email?.split("@")[1] ?? "";
  const joinsHere = provider.owner === "workspace" || workspace?.slug === signUpWorkspace;
  const mayJoin = workspace !== null && email !== null && identity.emailVerified && allowedDomains.includes(domain) && joinsHere;
  let mail = () => {};
  const { accountId, countsAsSecondFactor } = await db.transaction().execute(async (tx) => {
    const link = await linkedAccount(tx, identity);
    let id = link?.accountId;
    const at = nowIso();
    if (!id) {
      // An email links an identity to an existing account only when the provider has verified it.
      if (!email || !identity.emailVerified) throw refused("The provider did not confirm an email address for this person.");
      const byEmail = await tx.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirst();
      if (byEmail && provider.owner === "workspace") {
        // A workspace's admins could make its provider vouch for anyone's email (an owner's): it
        // opens only accounts that linked it themselves while signed in, or that joined through it.
        throw refused(`An account with this email already exists: sign in with its password, then link ${label} under Settings, Your sessions.`);
      }
      if (!byEmail && !mayJoin) throw refused(`${domain || "This email domain"} may not sign up here through single sign-on: ask for an invite.`);
      id = byEmail?.id ?? newId("account");
      if (!byEmail)
        await tx
          .insertInto("accounts")
          .values({ id, email, name: identity.name ?? email, password_hash: null, created_at: at, updated_at: at })
          .execute();
      mail = await linkIdentity(tx, services, { accountId: id, identity, label, via: byEmail ? "email" : "sign_up" });
    }
    if (provider.owner === "workspace") await requireOnlyThisWorkspace(tx, id, workspace!.id);
    const member = workspace
      ? await tx.selectFrom("members").select("id").where("workspace_id", "=", workspace.id).where("account_id", "=", id).executeTakeFirst()
      : undefined;
    if (workspace && !member && mayJoin) await joinAsMember(tx, id, workspace);
    // A new link is the account's only way in (signed up, or its password ended): it counts.
    return { accountId: id, countsAsSecondFactor: link?.countsAsSecondFactor ?? true };
  });
  mail();
  const memberships = await membershipsOf(db, accountId);
  if (memberships.length === 0) throw refused("This account is a member of no workspace: ask for an invite.");
  const current = memberships.find((m) => m.id === workspace?.id) ?? memberships[0]!;
  // Through an identity linked with the account's full proof, or that is its only way in, the
  // provider's sign-in stands for both factors: a workspace that requires a second one accepts it.
  const { token, session } = await startSession(db, accountId, current.id, meta, countsAsSecondFactor ? "oidc" : null);
  return { token, answer: await describeSession(db, session) };
}

/** An account the provider signed up joins the workspace the sign-in started from, as a member. */
async function joinAsMember(tx: Tx, accountId: string, workspace: WorkspaceRef): Promise<void> {
  const at = nowIso();
  const account = await tx.selectFrom("accounts").select(["email", "name"]).where("id", "=", accountId).executeTakeFirstOrThrow();
  const memberId = newId("member");
  await tx
    .insertInto("members")
    .values({
      id: memberId,
      workspace_id: workspace.id,
      account_id: accountId,
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

/**
 * Links the provider's identity to the account that started the link from Settings while signed
 * in, with its full proof (the flow names it, and the browser must still hold a session of that
 * same account), if the provider vouches for the account's own email. Linked already without that
 * proof, its sign-in counts as a second factor from now on.
 */
export async function finishIdentityLink({
  services,
  identity,
  provider,
  workspace,
  accountId,
}: {
  services: Services;
  identity: ProvenIdentity;
  provider: SignInProvider;
  workspace: WorkspaceRef | null;
  accountId: string;
}): Promise<void> {
  const mail = await services.db.transaction().execute(async (tx) => {
    const linked = await linkedAccount(tx, identity);
    if (linked && linked.accountId !== accountId) throw linkedElsewhere();
    if (linked?.countsAsSecondFactor) return () => {};
    const account = await tx.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow();
    requireAccountEmail(identity, account.email, provider.settings.label);
    if (provider.owner === "workspace") await requireOnlyThisWorkspace(tx, accountId, workspace!.id);
    return linkIdentity(tx, services, { accountId, identity, label: provider.settings.label, via: "signed_in", relink: linked !== undefined });
  });
  mail();
}

/**
 * A workspace's provider is run by that workspace's admins, who could make it vouch for anyone:
 * so it opens only accounts that belong to that workspace alone. An account that is also a member
 * elsewhere signs in with its password or the server's provider instead.
 */
async function requireOnlyThisWorkspace(tx: Tx, accountId: string, workspaceId: string): Promise<void> {
  const elsewhere = await tx.selectFrom("members").select("id").where("account_id", "=", accountId).where("workspace_id", "!=", workspaceId).executeTakeFirst();
  if (elsewhere) throw refused("This account belongs to other workspaces too: sign in with its password, not this workspace's single sign-on.");
}
