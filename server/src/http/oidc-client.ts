import { createHmac } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import type { OidcSettings, ProvenIdentity } from "../core/accounts/single-sign-on.js";
import { HeedError } from "../core/errors.js";
import { openPayload, signPayload } from "../lib/signed-payload.js";
import type { AppEnv } from "./env.js";

// The relying party, with openid-client (a certified implementation): discovery, the authorization
// code flow with PKCE, state and nonce, and the ID token's checks. Between the redirect to the
// provider and its answer, the flow's secrets wait in a short-lived, signed, HttpOnly cookie.

const FLOW_COOKIE = "heed_oidc";
const FLOW_LIFETIME_SECONDS = 600;

// One discovery per issuer and process; a failed one is tried again on the next sign-in.
const configurations = new Map<string, Promise<oidc.Configuration>>();

function configurationOf(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    // Plain http only for an issuer the operator named with http (a provider on the same host).
    const options = new URL(settings.issuer).protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
    configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, options);
    configuration.catch(() => configurations.delete(key));
    configurations.set(key, configuration);
  }
  return configuration;
}

export function callbackUrl(c: Context<AppEnv>): string {
  return `${c.get("services").publicUrl}/v1/auth/oidc/callback`;
}

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  workspace: { id: string; slug: string };
  redirect: string;
  expiresAt: number;
}

function flowMac(c: Context<AppEnv>) {
  const secret = c.get("services").cursorSecret;
  return (payload: string) => createHmac("sha256", secret).update(`oidc-flow:${payload}`).digest("base64url");
}

/** The provider's authorization URL for a new flow, whose secrets go into the flow cookie. */
export async function startAuthorization(c: Context<AppEnv>, settings: OidcSettings, flow: Pick<Flow, "workspace" | "redirect">): Promise<string> {
  const configuration = await configurationOf(settings);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(c),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const value: Flow = { ...flow, state, nonce, verifier, expiresAt: Date.now() + FLOW_LIFETIME_SECONDS * 1000 };
  setCookie(c, FLOW_COOKIE, signPayload(value, flowMac(c)), {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
    sameSite: "Lax",
    secure: c.get("services").publicUrl.startsWith("https:"),
    path: "/v1/auth/oidc",
    maxAge: FLOW_LIFETIME_SECONDS,
  });
  return url.href;
}

/** The provider's answer checked (state, PKCE, ID token signature, issuer, audience, nonce), as an identity. */
export async function finishAuthorization(c: Context<AppEnv>, settings: OidcSettings): Promise<{ identity: ProvenIdentity; flow: Flow }> {
  const cookie = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: "/v1/auth/oidc" });
  const flow = cookie ? (openPayload(cookie, flowMac(c)) as Flow | undefined) : undefined;
  if (!flow || flow.expiresAt < Date.now()) throw new HeedError("invalid_credential", "The sign-in took too long or began elsewhere: start it again.");
  const configuration = await configurationOf(settings);
  const current = new URL(callbackUrl(c));
  current.search = new URL(c.req.url).search;
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new HeedError("invalid_credential", `The identity provider's answer was refused: ${(error as Error).message.slice(0, 200)}`);
  }
  let claims: Record<string, unknown> & { iss: string; sub: string } = tokens.claims()!;
  // Many providers put the email in the ID token; others (oidc-provider by default, Entra ID for
  // some claims) only at the UserInfo endpoint, whose answer must name the same subject.
  if (typeof claims.email !== "string" && configuration.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
  }
  return {
    flow,
    identity: {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" ? claims.name : null,
    },
  };
}
