import { createHmac } from "node:crypto";
import { lookup } from "node:dns/promises";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import type { SignInProvider } from "./single-sign-on.js";
import type { ProvenIdentity } from "./identity-links.js";
import type { OidcSettings } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { isBlockedAddress } from "../webhooks/index.js";
import { openPayload, signPayload } from "../../platform/lib/signed-payload.js";
import { processCache } from "../../platform/cache/registry.js";
import type { AppEnv } from "../../http/env.js";

// The relying party, with openid-client (a certified implementation): discovery, the authorization
// code flow with PKCE, state and nonce, and the ID token's checks. Between the redirect to the
// provider and its answer, the flow's secrets wait in a short-lived, signed, HttpOnly cookie.

const FLOW_COOKIE = "heed_oidc";
const FLOW_LIFETIME_SECONDS = 600;

/**
 * A workspace's admins choose its provider's URL, and the provider's metadata names the other
 * URLs Heed then calls: each call checks where its host resolves first, so no document of theirs
 * turns Heed towards its own network. (The server's provider, named by the operator, is trusted.)
 */
const guardedFetch: oidc.CustomFetch = async (url, options) => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = await lookup(host, { all: true });
  const blocked = addresses.find((a) => isBlockedAddress(a.address));
  if (blocked || isBlockedAddress(host)) throw new HeedError("invalid_credential", `The identity provider's ${host} is a private address.`);
  return fetch(url, options as RequestInit);
};

// One discovery per provider and process; a failed one is tried again on the next sign-in. The key
// holds the secret too, so a workspace that changes its provider's settings discovers afresh.
const configurations = processCache("oidcDiscovery", () => new Map<string, Promise<oidc.Configuration>>());

/** The discovery cache's key: everything a discovery is made from, so changed settings never meet a stale one. */
export function discoveryKey(settings: OidcSettings, guarded: boolean): string {
  return JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret, guarded]);
}

function configurationOf(settings: OidcSettings, guarded: boolean): Promise<oidc.Configuration> {
  const key = discoveryKey(settings, guarded);
  let configuration = configurations.get(key);
  if (!configuration) {
    // Plain http only for an issuer named with http (a provider on the same host; a workspace's
    // only where private addresses are allowed, which its URL's check enforced).
    const options = {
      ...(new URL(settings.issuer).protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(guarded ? { [oidc.customFetch]: guardedFetch } : {}),
    };
    configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, options).then(
      (found) => {
        if (guarded) found[oidc.customFetch] = guardedFetch;
        return found;
      },
      (error: unknown) => {
        // The provider is down, misnamed or answers nonsense: not the person's fault, nor a bug here.
        if (error instanceof HeedError) throw error;
        throw new HeedError(
          "provider_unavailable",
          `Single sign-on is unavailable: the identity provider ${settings.issuer} did not answer its discovery document (${(error as Error).message.slice(0, 200)}). Sign in with your email and password, or try again later.`,
        );
      },
    );
    configuration.catch(() => configurations.delete(key));
    configurations.set(key, configuration);
  }
  return configuration;
}

export function callbackUrl(c: Context<AppEnv>): string {
  return `${c.get("services").publicUrl}/v1/auth/oidc/callback`;
}

export interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  provider: SignInProvider["owner"];
  workspace: { id: string; slug: string } | null;
  redirect: string;
  /** The account that started linking this provider from Settings, while signed in; null for a sign-in. */
  link: string | null;
  expiresAt: number;
}

function flowMac(c: Context<AppEnv>) {
  const secret = c.get("services").cursorSecret;
  return (payload: string) => createHmac("sha256", secret).update(`oidc-flow:${payload}`).digest("base64url");
}

/** The provider's authorization URL for a new flow, whose secrets go into the flow cookie. */
export async function startAuthorization(c: Context<AppEnv>, provider: SignInProvider, flow: Pick<Flow, "workspace" | "redirect" | "link">): Promise<string> {
  const configuration = await configurationOf(provider.settings, provider.guarded);
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
  const value: Flow = { ...flow, provider: provider.owner, state, nonce, verifier, expiresAt: Date.now() + FLOW_LIFETIME_SECONDS * 1000 };
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

/** The flow this browser started (from its signed cookie, used once), or a refusal. */
export function takeFlow(c: Context<AppEnv>): Flow {
  const cookie = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: "/v1/auth/oidc" });
  const flow = cookie ? (openPayload(cookie, flowMac(c)) as Flow | undefined) : undefined;
  if (!flow || flow.expiresAt < Date.now()) throw new HeedError("invalid_credential", "The sign-in took too long or began elsewhere: start it again.");
  return flow;
}

/** The provider's answer checked (state, PKCE, ID token signature, issuer, audience, nonce), as an identity. */
export async function finishAuthorization(c: Context<AppEnv>, provider: SignInProvider, flow: Flow): Promise<ProvenIdentity> {
  const configuration = await configurationOf(provider.settings, provider.guarded);
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
    issuer: claims.iss,
    subject: claims.sub,
    email: typeof claims.email === "string" ? claims.email : null,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === "string" ? claims.name : null,
  };
}
