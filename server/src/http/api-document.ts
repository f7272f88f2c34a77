import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.js";
import { documentResponseHeaders } from "./response-headers.js";

// What the OpenAPI document says beside its operations: the credentials, the tags in the order
// the reference shows them, the server, and the headers every response carries.

const TAGS = [
  ["Posts", "Ideas and requests on the boards: list, search, create, edit, change status, merge, delete and restore."],
  ["Votes", "One vote per end user per post; the team may vote on a user's behalf."],
  ["Comments", "Public replies and internal notes on posts, one level of replies deep."],
  ["Boards", "Where posts live; public boards show on the portal, private ones only to the team."],
  ["Statuses", "The workflow a post moves through, each status in a category: open, active, complete or closed."],
  ["Tags", "Labels the team puts on posts."],
  ["Changelog", "Announcements of what shipped: drafts, scheduled and published entries linked to posts."],
  ["End users", "The customer's users who post, vote and comment, identified by the customer's own user id."],
  ["Companies", "The end users' companies, with monthly spend, so posts can be ranked by revenue."],
  ["Workspace", "The workspace's settings, its public key and its identity secret."],
  ["Members", "The team: members of the workspace and their roles."],
  ["API keys", "Secret keys for servers, each limited to the scopes it needs."],
  ["Webhooks", "Endpoints that receive signed events (Standard Webhooks), their deliveries, replays and recoveries."],
  ["Audit log", "Every change, who made it and through which request."],
  ["Moderation", "Approving or rejecting what end users post and comment while it waits (the workspace's `moderation`)."],
  ["Exports", "The whole workspace as a zip archive (JSON lines and CSV), written by a background job and downloaded for a day."],
  [
    "Imports",
    "Posts, votes, comments, people and companies from Canny (through its API), UserVoice's export or any CSV: background jobs with a dry run, a report by row, re-runs that change nothing, and an undo.",
  ],
  [
    "Integrations",
    "Slack channels told of new posts, status changes and comments; GitHub and Linear issues created from or linked to posts, whose state moves the post's status.",
  ],
  ["Analytics", "The numbers of a period: activity per week, top posts, time to first response, status changes, top companies."],
  ["Notifications", "Closing the loop: who follows a post, what end users chose to hear, who was told what, and a member's own notifications."],
  ["Sessions", "Team sign-in for the dashboard: email and password, the session cookie and its CSRF token, the account's sessions and invites."],
  ["Customer side", "Called from the customer's app with the public key: identify end users and track their events."],
  ["Portal", "The public portal's routes: what end users may see and do, with the public key and an end-user token."],
] as const satisfies readonly (readonly [name: string, description: string])[];

/** The reference's sections; every operation names one. */
export type ApiTag = (typeof TAGS)[number][0];

/** The credentials the document's security requirements name. */
export function registerSecuritySchemes(v1: OpenAPIHono<AppEnv>): void {
  const register = (name: string, scheme: Parameters<typeof v1.openAPIRegistry.registerComponent<"securitySchemes">>[2]) =>
    v1.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  register("apiKey", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "heed_sk_…",
    description: "A secret API key (Settings → API keys, or `heed keys create`). The route's scopes list the permission it needs.",
  });
  register("session", {
    type: "apiKey",
    in: "cookie",
    name: "heed_session",
    description:
      "The dashboard's session (`POST /auth/sign-in`), `__Host-heed_session` under https. It opens the routes an API key does, as far as the member's role allows (owner and admin: every scope; member: posts, comments, votes and changelog, boards, users, analytics and integrations read). Writes also need `x-csrf-token` (from `GET /auth/session`) and a same-origin `Origin`; `x-heed-workspace` (id or slug) picks one of the account's workspaces.",
  });
  register("publicKey", {
    type: "apiKey",
    in: "header",
    name: "x-service-public-key",
    description: "The workspace's public key (`heed_pk_…`): opens only `/identify`, `/track` and `/portal/…`, and is safe to ship in web pages.",
  });
  register("userToken", {
    type: "apiKey",
    in: "header",
    name: "x-service-user-token",
    description: "The end-user token from `POST /identify`: who acts on portal writes (and reads a private portal).",
  });
  register("webhookSignature", {
    type: "apiKey",
    in: "header",
    name: "webhook-signature",
    description:
      "How a receiver knows a delivery comes from Heed: `webhook-signature` holds `v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>` under the endpoint's secret (Standard Webhooks).",
  });
  registerProviderSignatures(register);
}

/** The trackers' signatures over the webhooks they send (route-security.ts, `providerSignature`). */
function registerProviderSignatures(register: (name: string, scheme: { type: "apiKey"; in: "header"; name: string; description: string }) => void): void {
  register("githubSignature", {
    type: "apiKey",
    in: "header",
    name: "X-Hub-Signature-256",
    description: "GitHub's signature of a webhook delivery: `sha256=<hex HMAC-SHA256 of the raw body>` under the integration's signing secret.",
  });
  register("linearSignature", {
    type: "apiKey",
    in: "header",
    name: "Linear-Signature",
    description:
      "Linear's signature of a webhook delivery: the hex HMAC-SHA256 of the raw body under the integration's signing secret; the body's `webhookTimestamp` must be within a minute.",
  });
}

export function apiDocumentOf(v1: OpenAPIHono<AppEnv>, publicUrl: string) {
  const document = v1.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Heed API",
      version: "1.0.0",
      description:
        "Everything the Heed dashboard can do, over HTTP. Errors are RFC 9457 problem+json with a stable `code`; " +
        "lists answer `{data, nextCursor}` with keyset cursors; `limit` is 1–100 (default 20).",
      contact: { name: "API reference of this server", url: `${publicUrl}/docs` },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    servers: [{ url: `${publicUrl}/v1`, description: "This Heed instance, as its PUBLIC_URL names it (production, staging or local).", "x-internal": false }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
  });
  return documentResponseHeaders(document);
}
