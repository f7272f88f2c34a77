import type { z } from "@hono/zod-openapi";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import type { IdentifyResultSchema, IdentifySchema, IdentityFields } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { storeCompany } from "../companies/index.js";
import { storeUser } from "../users/index.js";
import { findUser, toUserView } from "../users/index.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { checkUserHash, verifyIdentityJwt } from "./identity-proof.js";
import { useJwtId } from "./jwt-ids.js";
import { startPortalSession } from "../../http/credentials/portal-sessions.js";
import { DEFAULT_TOKEN_TTL_MS, mintUserToken } from "../../http/credentials/user-token.js";

type IdentifyBody = z.output<typeof IdentifySchema>;

/** Either the fields (with `userHash` when verification is on), or a JWT whose claims are the fields. */
export type IdentifyInput = { fields: IdentityFields; userHash?: IdentifyBody["userHash"] } | { token: string };

/** The person as the portal shows them, and the end-user token sent back as `x-service-user-token`. */
export type IdentifyResult = z.output<typeof IdentifyResultSchema>;

/**
 * The identity the request proves. With identity verification on, nobody holding only the public
 * key can act as another user: a `userHash` or a JWT signed with the identity secret is required.
 * A proof sent while verification is off is checked all the same, so a broken integration shows.
 * `readClaims` validates a JWT's claims with the same rules as the request body.
 */
async function provenIdentity(
  ctx: CustomerCtx,
  input: IdentifyInput,
  readClaims: (claims: unknown) => IdentityFields,
): Promise<{ fields: IdentityFields; claims?: Record<string, unknown> }> {
  const { identitySecret, identityVerification } = ctx.customer.workspace;
  if ("token" in input) {
    const claims = await verifyIdentityJwt(identitySecret, input.token, nowMs());
    return { fields: readClaims(claims), claims };
  }
  if (input.userHash !== undefined) checkUserHash(identitySecret, input.fields.userId, input.userHash);
  else if (identityVerification) {
    throw new HeedError(
      "identity_not_verified",
      "This workspace verifies identities: sign on your server, with the workspace's identity secret (GET /v1/workspace/identity-secret), " +
        "and send `userHash` = hex HMAC-SHA256 of `userId` keyed with the identity secret, or `token` = a JWT (HS256, signed with the identity secret; " +
        "claims `sub` or `id`, `iat`, `exp` at most an hour later). An owner may turn verification off (PATCH /v1/workspace `identityVerification: false`).",
    );
  } else if (input.fields.company !== undefined) {
    // Companies rank posts by revenue, through their spend and through who belongs to them: with
    // only the public key, anyone could join a big customer's company (or rename it) and vote.
    throw new HeedError(
      "identity_not_verified",
      "`company` needs a proven identity (`userHash` or `token`); or set it from your server with POST /v1/companies and POST /v1/users (companyId).",
    );
  }
  return { fields: input.fields };
}

/**
 * Creates or updates the end user by the customer's user id (and their company), marks them seen,
 * emits `user.identified`, and hands out a short-lived end-user token. For the portal's single
 * sign-on (`portalSession`), the JWT's `jti` is used up and the token names a new portal session.
 */
export async function identify({
  ctx,
  input,
  readClaims,
  portalSession,
}: {
  ctx: CustomerCtx;
  input: IdentifyInput;
  readClaims: (claims: unknown) => IdentityFields;
  /** The portal's sign-in: the JWT signs in once, and starts a server-side portal session. */
  portalSession?: boolean;
}): Promise<IdentifyResult> {
  const { fields, claims } = await provenIdentity(ctx, input, readClaims);
  const { workspace } = ctx.customer;
  return inTransaction(ctx, async (tx) => {
    if (portalSession) {
      if (!claims) throw new HeedError("identity_not_verified", "The portal signs in with a JWT.");
      await useJwtId(tx, workspace.id, claims);
    }
    let companyId: string | null | undefined;
    if (fields.company === null) companyId = null;
    else if (fields.company) {
      const { company } = fields;
      companyId = (await storeCompany(tx, ctx, { externalId: company.id, name: company.name, monthlySpend: company.monthlySpend })).row.id;
    }
    const { id, created } = await storeUser(tx, ctx, {
      externalId: fields.userId,
      email: fields.email,
      name: fields.name,
      avatarUrl: fields.avatarUrl,
      companyId,
      traits: fields.traits,
      locale: fields.locale,
      lastSeenAt: nowIso(),
    });
    const user = toUserView((await findUser(tx, ctx, id))!);
    await recordChange(
      tx,
      { ...ctx, actor: { ...ctx.actor, id } },
      {
        action: "user.identified",
        objectType: "user",
        objectId: id,
        audit: { created, verified: !("fields" in input) || input.userHash !== undefined },
        event: { type: "user.identified", data: user },
      },
    );
    const keys = { serverSecret: ctx.services.userTokenSecret, workspaceId: workspace.id, identitySecret: workspace.identitySecret };
    let signedIn: { token: string; expiresAtMs: number };
    if (portalSession) signedIn = await startPortalSession(tx, ctx, id);
    else {
      const expiresAtMs = nowMs() + (ctx.services.userTokenTtlMs ?? DEFAULT_TOKEN_TTL_MS);
      signedIn = { token: mintUserToken(keys, id, expiresAtMs), expiresAtMs };
    }
    return {
      user: { id: user.id, externalId: user.externalId, email: user.email, name: user.name, avatarUrl: user.avatarUrl },
      token: signedIn.token,
      expiresAt: isoAt(Math.floor(signedIn.expiresAtMs / 1000) * 1000),
    };
  });
}
