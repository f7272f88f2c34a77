import createClient from "openapi-fetch";
import { retrying, type RetryOptions, type Transport } from "./retry.js";
import type { paths } from "./schema.js";
import type { TypedClient } from "./typed-client.js";

/** The customer-facing routes: they take the public key, never a secret one. */
type CustomerPath = "/identify" | "/track" | `/portal/${string}`;

/** The routes a secret API key opens: everything the dashboard can do. */
export type ApiPaths = { [K in keyof paths as K extends CustomerPath ? never : K]: paths[K] };
/** The routes a public key opens: identify, track and the portal's. */
export type PortalPaths = { [K in keyof paths as K extends CustomerPath ? K : never]: paths[K] };

export type HeedClient = TypedClient<ApiPaths>;

export interface PortalClient extends TypedClient<PortalPaths> {
  /** The end-user token sent as `x-service-user-token`; `POST /identify` sets it by itself. */
  setUserToken(token: string | null): void;
  getUserToken(): string | null;
}

export interface ClientOptions extends RetryOptions {
  /** Where Heed runs, e.g. `https://feedback.example.com` (`/v1` is added when missing). */
  baseUrl: string;
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: Transport;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}

function transportOf(options: ClientOptions): Transport {
  return retrying(options.fetch ?? ((request) => globalThis.fetch(request)), options);
}

/** A client for everything a secret API key (`heed_sk_…`) may do. Keep the key on a server. */
export function createHeedClient(options: ClientOptions & { apiKey: string }): HeedClient {
  return createClient<ApiPaths>({
    baseUrl: apiBase(options.baseUrl),
    headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
    fetch: transportOf(options),
  }) as unknown as HeedClient;
}

/**
 * A client for the customer-facing routes with the workspace's public key (`heed_pk_…`), safe in a
 * browser. It remembers the end-user token of its last successful `POST /identify`.
 */
export function createPortalClient(options: ClientOptions & { publicKey: string; userToken?: string | null }): PortalClient {
  let token = options.userToken ?? null;
  const client = createClient<PortalPaths>({
    baseUrl: apiBase(options.baseUrl),
    headers: { ...options.headers, "x-service-public-key": options.publicKey },
    fetch: transportOf(options),
  });
  client.use({
    onRequest({ request, schemaPath }) {
      if (token !== null && schemaPath !== "/identify" && !request.headers.has("x-service-user-token")) request.headers.set("x-service-user-token", token);
    },
    async onResponse({ response, schemaPath }) {
      if (schemaPath === "/identify" && response.ok) {
        const body = (await response.clone().json()) as { token?: string };
        if (typeof body.token === "string") token = body.token;
      }
    },
  });
  return Object.assign(client as unknown as TypedClient<PortalPaths>, {
    setUserToken(next: string | null) {
      token = next;
    },
    getUserToken: () => token,
  });
}

export interface SessionClient extends HeedClient {
  /** The session's CSRF token (sign-in answer, `GET /auth/session`), sent as `x-csrf-token` on writes. */
  setCsrfToken(token: string | null): void;
  /** The workspace requests act in (`x-heed-workspace`, id or slug); null: the session's current one. */
  setWorkspace(workspace: string | null): void;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A client for Heed's own pages, on the dashboard session cookie (same origin): it opens the same
 * routes an API key does, as far as the member's role allows, and carries the CSRF token on writes.
 */
export function createSessionClient(options: Omit<ClientOptions, "headers"> & { csrfToken?: string | null }): SessionClient {
  let csrfToken = options.csrfToken ?? null;
  let workspace: string | null = null;
  const client = createClient<ApiPaths>({ baseUrl: apiBase(options.baseUrl), credentials: "same-origin", fetch: transportOf(options) });
  client.use({
    onRequest({ request }) {
      if (csrfToken !== null && !SAFE_METHODS.has(request.method)) request.headers.set("x-csrf-token", csrfToken);
      if (workspace !== null) request.headers.set("x-heed-workspace", workspace);
    },
    async onResponse({ response, schemaPath }) {
      // Signing in, accepting an invite and reading the session answer the token to use next.
      if (response.ok && ["/auth/sign-in", "/auth/session", "/auth/invites/{token}/accept", "/auth/password-reset/{token}"].includes(schemaPath)) {
        const body = (await response.clone().json()) as { csrfToken?: string };
        if (typeof body.csrfToken === "string") csrfToken = body.csrfToken;
      }
    },
  });
  return Object.assign(client as unknown as HeedClient, {
    setCsrfToken(token: string | null) {
      csrfToken = token;
    },
    setWorkspace(next: string | null) {
      workspace = next;
    },
  });
}
