import { createHmac, randomUUID } from "node:crypto";
import { credential, type FakeProvider, type Reply, startFakeServer } from "./server.js";

// A stand-in for GitHub's REST API (at its root, as api.github.com serves it) and its webhooks, in
// their documented wire format: `Authorization: token <t>` or `Bearer <t>` (401 `{"message":"Bad
// credentials"}` otherwise); GET /user; POST /repos/{o}/{r}/issues (201, 422 "Validation Failed"
// without a title); GET /repos/{o}/{r}/issues/{n} (404 `{"message":"Not Found"}` for what is not
// there); POST /repos/{o}/{r}/issues/{n}/comments (201). Issues live in memory with GitHub's fields
// (node_id, number, html_url, state, state_reason). `sendWebhook` POSTs a delivery as GitHub does:
// X-GitHub-Event, X-GitHub-Delivery, X-Hub-Signature-256 ("sha256=" + HMAC-SHA256 hex of the body).

const DOCS = "https://docs.github.com/rest";

export interface FakeGitHubIssue {
  id: number;
  node_id: string;
  number: number;
  repository: string;
  title: string;
  body: string | null;
  state: "open" | "closed";
  state_reason: "completed" | "not_planned" | "reopened" | "duplicate" | null;
  comments: { id: number; body: string }[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface FakeGitHub extends FakeProvider {
  token: string;
  login: string;
  repositories: string[];
  /** Issues by key ("owner/repo#12"). */
  issues: Map<string, FakeGitHubIssue>;
  setIssueState(key: string, state: "open" | "closed", reason?: "completed" | "not_planned" | "duplicate"): void;
  sendWebhook(
    targetUrl: string,
    delivery: { event: "issues" | "ping"; action?: string; issueKey?: string; secret: string; deliveryId?: string; signature?: "bad" },
  ): Promise<Response>;
}

export async function startFakeGitHub(options: { token?: string; login?: string; repositories?: string[] } = {}): Promise<FakeGitHub> {
  const token = options.token ?? "ghp_fake0123456789";
  const login = options.login ?? "heed-bot";
  const repositories = options.repositories ?? ["acme/widgets"];
  const issues = new Map<string, FakeGitHubIssue>();
  let nextId = 1;
  let apiUrl = "";

  const user = { login, id: 1001, node_id: "MDQ6VXNlcjEwMDE=", type: "User", site_admin: false, html_url: `https://github.com/${login}` };
  const repositoryJson = (fullName: string) => {
    const [owner, name] = fullName.split("/") as [string, string];
    return {
      id: 5000 + repositories.indexOf(fullName),
      node_id: `R_kgDO${Buffer.from(fullName).toString("base64url")}`,
      name,
      full_name: fullName,
      private: false,
      owner: { login: owner, id: 2001, type: "Organization" },
      html_url: `https://github.com/${fullName}`,
      url: `${apiUrl}/repos/${fullName}`,
    };
  };
  const issueJson = (issue: FakeGitHubIssue) => ({
    id: issue.id,
    node_id: issue.node_id,
    url: `${apiUrl}/repos/${issue.repository}/issues/${issue.number}`,
    repository_url: `${apiUrl}/repos/${issue.repository}`,
    comments_url: `${apiUrl}/repos/${issue.repository}/issues/${issue.number}/comments`,
    html_url: `https://github.com/${issue.repository}/issues/${issue.number}`,
    number: issue.number,
    state: issue.state,
    state_reason: issue.state_reason,
    title: issue.title,
    body: issue.body,
    user,
    labels: [],
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    comments: issue.comments.length,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    author_association: "MEMBER",
  });
  const notFound = (reply: Reply) => reply.json(404, { message: "Not Found", documentation_url: DOCS, status: "404" });

  const fake = await startFakeServer(
    (call, reply) => {
      const auth = credential(call.headers);
      if (!auth || (auth.scheme !== "token" && auth.scheme !== "bearer") || auth.value !== token)
        return reply.json(401, { message: "Bad credentials", documentation_url: DOCS, status: "401" });
      const path = call.path.split("?")[0]!;
      if (call.method === "GET" && path === "/user") return reply.json(200, user);
      const match = /^\/repos\/([^/]+\/[^/]+)\/issues(?:\/(\d+)(\/comments)?)?$/.exec(path);
      const repository = match && repositories.find((name) => name.toLowerCase() === match[1]!.toLowerCase());
      if (!match || !repository) return notFound(reply);
      const number = match[2] === undefined ? undefined : Number(match[2]);
      const now = new Date().toISOString();
      if (call.method === "POST" && number === undefined) {
        const { title, body } = call.body as { title?: unknown; body?: unknown };
        if (typeof title !== "string" || title === "")
          return reply.json(422, {
            message: "Validation Failed",
            errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
            documentation_url: DOCS,
          });
        const numbered = [...issues.values()].filter((issue) => issue.repository === repository).length + 1;
        const id = nextId++;
        const issue: FakeGitHubIssue = {
          id,
          node_id: `I_kwDO${Buffer.from(`${repository}#${numbered}`).toString("base64url")}`,
          number: numbered,
          repository,
          title,
          body: typeof body === "string" ? body : null,
          state: "open",
          state_reason: null,
          comments: [],
          created_at: now,
          updated_at: now,
          closed_at: null,
        };
        issues.set(`${repository}#${numbered}`, issue);
        return reply.json(201, issueJson(issue), { location: `${apiUrl}/repos/${repository}/issues/${numbered}` });
      }
      const issue = number === undefined ? undefined : issues.get(`${repository}#${number}`);
      if (!issue) return notFound(reply);
      if (call.method === "GET" && !match[3]) return reply.json(200, issueJson(issue));
      if (call.method === "POST" && match[3]) {
        const { body } = call.body as { body?: unknown };
        if (typeof body !== "string" || body === "")
          return reply.json(422, {
            message: "Validation Failed",
            errors: [{ resource: "IssueComment", code: "missing_field", field: "body" }],
            documentation_url: DOCS,
          });
        const comment = { id: nextId++, body };
        issue.comments.push(comment);
        issue.updated_at = now;
        return reply.json(201, {
          id: comment.id,
          node_id: `IC_kwDO${comment.id}`,
          url: `${apiUrl}/repos/${repository}/issues/comments/${comment.id}`,
          html_url: `https://github.com/${repository}/issues/${issue.number}#issuecomment-${comment.id}`,
          issue_url: `${apiUrl}/repos/${repository}/issues/${issue.number}`,
          body,
          user,
          created_at: now,
          updated_at: now,
          author_association: "MEMBER",
        });
      }
      return notFound(reply);
    },
    {
      // A secondary rate limit: 429 with Retry-After, as GitHub documents it.
      rateLimited: (reply, seconds) =>
        reply.json(
          429,
          { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: DOCS },
          { "retry-after": String(seconds), "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + seconds) },
        ),
      serverError: (reply) => reply.json(500, { message: "Server Error" }),
    },
  );
  apiUrl = fake.url;

  const issueOf = (key: string) => {
    const issue = issues.get(key);
    if (!issue) throw new Error(`The fake GitHub has no issue ${key}`);
    return issue;
  };

  return {
    ...fake,
    token,
    login,
    repositories,
    issues,
    setIssueState: (key, state, reason) => {
      const issue = issueOf(key);
      issue.state = state;
      issue.state_reason = state === "closed" ? (reason ?? "completed") : "reopened";
      issue.closed_at = state === "closed" ? new Date().toISOString() : null;
      issue.updated_at = new Date().toISOString();
    },
    sendWebhook: async (targetUrl, delivery) => {
      const issue = delivery.issueKey ? issueOf(delivery.issueKey) : undefined;
      const repository = repositoryJson(issue?.repository ?? repositories[0]!);
      const sender = { login: "octocat", id: 583231, node_id: "MDQ6VXNlcjU4MzIzMQ==", type: "User" };
      const hookId = 424242;
      let payload: Record<string, unknown>;
      if (delivery.event === "ping") {
        payload = {
          zen: "Keep it logically awesome.",
          hook_id: hookId,
          hook: {
            type: "Repository",
            id: hookId,
            name: "web",
            active: true,
            events: ["issues"],
            config: { content_type: "json", insecure_ssl: "0", url: targetUrl },
          },
          repository,
          sender,
        };
      } else {
        if (!issue) throw new Error("An issues delivery needs issueKey");
        const action = delivery.action ?? (issue.state === "closed" ? "closed" : issue.state_reason === "reopened" ? "reopened" : "opened");
        payload = { action, issue: issueJson(issue), repository, sender };
      }
      const body = JSON.stringify(payload);
      const secret = delivery.signature === "bad" ? `not-${delivery.secret}` : delivery.secret;
      const hmac = (algorithm: "sha1" | "sha256") => `${algorithm}=${createHmac(algorithm, secret).update(body).digest("hex")}`;
      return fetch(targetUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "GitHub-Hookshot/fake",
          "x-github-event": delivery.event,
          "x-github-delivery": delivery.deliveryId ?? randomUUID(),
          "x-github-hook-id": String(hookId),
          "x-github-hook-installation-target-type": "repository",
          "x-github-hook-installation-target-id": String(repository.id),
          "x-hub-signature": hmac("sha1"),
          "x-hub-signature-256": hmac("sha256"),
        },
        body,
      });
    },
  };
}
