import { createApiKey } from "../../features/api-keys/create.js";
import { SYSTEM_ACTOR, type Services } from "../../platform/context.js";
import { userHash } from "../../features/customers/identity-proof.js";
import { HeedError } from "../../platform/errors.js";
import { createOwnerSetupInvite } from "../../features/invites/invites.js";
import { createWorkspace } from "../../features/workspace/create.js";
import { seedWorkspace } from "./bulk.js";

/**
 * First start on an empty database: a `demo` workspace with some data, and, printed once, a
 * full-access key, the public key, the owner's one-time dashboard link, a curl line to try, and a
 * signed identify (the workspace verifies identities, as every new one does). Later starts find a
 * workspace and do nothing.
 */
export async function bootstrapDemo(services: Services): Promise<void> {
  const any = await services.db.selectFrom("workspaces").select("id").limit(1).executeTakeFirst();
  if (any) return;
  let workspace: Awaited<ReturnType<typeof createWorkspace>>;
  try {
    workspace = await createWorkspace(services.db, { slug: "demo", name: "Demo" });
  } catch (error) {
    // Another instance starting on the same database got there first.
    if (error instanceof HeedError && error.code === "conflict") return;
    throw error;
  }
  const ref = { id: workspace.id, slug: workspace.slug };
  await seedWorkspace(services.db, ref, { posts: 40, votes: 400, boards: 3, seed: 42, followers: true });
  const ctx = { services, workspace: ref, actor: SYSTEM_ACTOR, requestId: null };
  const { key } = await createApiKey({ ctx, input: { name: "Demo full access", scopes: ["*"] } });
  const ownerLink = await createOwnerSetupInvite(ctx);
  const lines = [
    "",
    "Heed created the workspace 'demo'. These keys are shown this once:",
    `  secret API key (full access): ${key}`,
    `  public key (customer-facing): ${workspace.public_key}`,
    "",
    "Become its owner (the link works once, for 7 days):",
    `  ${ownerLink}`,
    "",
    "Try it:",
    `  curl -H "Authorization: Bearer ${key}" '${services.publicUrl}/v1/posts?sort=votes&limit=10'`,
    "",
    ...signedIdentifyExample(services.publicUrl, workspace.public_key, workspace.identity_secret),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

/**
 * How a customer's server signs `identify`, with the demo's own secret so that the line works as
 * printed: the secret itself is not printed (`GET /v1/workspace/identity-secret` reads it).
 */
function signedIdentifyExample(publicUrl: string, publicKey: string, identitySecret: string): string[] {
  const userId = "demo-user";
  const body = JSON.stringify({ userId, name: "Demo User", userHash: userHash(identitySecret, userId) });
  return [
    "Identify an end user (identity verification is on: your server signs the user id):",
    "  userHash = hex HMAC-SHA256 of the user id, keyed with the identity secret (GET /v1/workspace/identity-secret):",
    `  printf %s ${userId} | openssl dgst -sha256 -hmac "$HEED_IDENTITY_SECRET"`,
    `  curl -H "x-service-public-key: ${publicKey}" -H 'content-type: application/json' -d '${body}' '${publicUrl}/v1/identify'`,
    "",
  ];
}
