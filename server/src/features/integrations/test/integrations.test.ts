import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationsPass } from "../index.js";
import { notificationsFollower } from "../../notifications/index.js";
import { followOnce } from "../../../platform/changes/follow.js";
import { startFakeGitHub, type FakeGitHub } from "../../../../test/support/providers/github.js";
import { startFakeLinear, type FakeLinear } from "../../../../test/support/providers/linear.js";
import { startFakeSlack, type FakeSlack } from "../../../../test/support/providers/slack.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// Slack, GitHub and Linear through /v1 and the integrations' worker, each provider a local server
// speaking its documented wire format (support/providers/); Heed's code is the real client.

const h = useHarness();
let github: FakeGitHub;
let linear: FakeLinear;
let slack: FakeSlack;
beforeAll(async () => {
  [github, linear, slack] = await Promise.all([startFakeGitHub(), startFakeLinear(), startFakeSlack()]);
  Object.assign(h.services.integrations!, {
    githubApiUrl: github.url,
    linearApiUrl: linear.apiUrl,
    slackApiUrl: slack.apiUrl,
    slackHooksUrl: `${slack.url}/services/`,
    timeoutMs: 500,
  });
});
afterAll(() => Promise.all([github.close(), linear.close(), slack.close()]));

const pass = () => integrationsPass(h.services, { retryScale: 0 });

async function statusId(key: string, name: string): Promise<string> {
  const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
  return statuses.find((s) => s.name === name)!.id;
}

async function newPost(ws: TestWorkspace, key: string, title = "Dark mode") {
  const post = await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title, body: "Please add a dark theme." } });
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  return post.body as { id: string; status: { id: string; name: string } };
}

async function connectGitHub(key: string, mapping: Record<string, string> = {}) {
  const res = await h.call("POST", "/v1/integrations", {
    key,
    json: { provider: "github", token: github.token, repositories: ["acme/widgets"], statusMapping: mapping },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; signingSecret: string; receiveUrl: string };
}

const log = async (key: string, id: string) =>
  (await h.call("GET", `/v1/integrations/${id}/log?limit=100`, { key })).body.data as { outcome: string; summary: string; kind: string; direction: string }[];

describe("GitHub", () => {
  it("connects with a secret shown once, tests the token, creates an issue from a post and follows its state", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const complete = await statusId(key, "Complete");
    const gh = await connectGitHub(key, { closed: complete });
    expect(gh.signingSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(gh.receiveUrl).toBe(`http://heed.test/v1/integrations/github/${gh.id}/webhook`);
    const read = (await h.call("GET", `/v1/integrations/${gh.id}`, { key })).body;
    expect(read).toMatchObject({
      provider: "github",
      credential: "token",
      hasSigningSecret: true,
      repositories: ["acme/widgets"],
      statusMapping: { closed: complete },
    });
    expect(JSON.stringify(read)).not.toContain(github.token);
    expect(read.signingSecret).toBeUndefined();
    const stored = await h.services.db.selectFrom("integrations").select(["credentials", "signing_secret"]).where("id", "=", gh.id).executeTakeFirstOrThrow();
    expect(stored.credentials).not.toContain(github.token);
    expect(stored.signing_secret).not.toContain(gh.signingSecret);

    expect((await h.call("POST", `/v1/integrations/${gh.id}/test`, { key })).status).toBe(202);
    await pass();
    expect((await h.call("GET", `/v1/integrations/${gh.id}`, { key })).body.account).toBe("heed-bot");
    expect((await log(key, gh.id))[0]).toMatchObject({ direction: "out", kind: "test", outcome: "sent", summary: "Connected as heed-bot" });

    const post = await newPost(ws, key);
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: (await ws.identify()).userId } });
    const link = await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: gh.id, create: { target: "acme/widgets" } } });
    expect(link.status, JSON.stringify(link.body)).toBe(202);
    expect(link.body).toMatchObject({ state: "pending", issue: null, provider: "github" });
    await pass();
    const issue = [...github.issues.values()].at(-1)!;
    expect(issue).toMatchObject({ repository: "acme/widgets", title: "Dark mode", state: "open" });
    expect(issue.body).toContain("Please add a dark theme.");
    expect(issue.body).toContain("1 vote");
    expect(issue.body).toContain(`http://heed.test/app/posts/${post.id}`);
    const links = (await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data;
    expect(links).toEqual([
      expect.objectContaining({ state: "linked", issue: expect.objectContaining({ key: `acme/widgets#${issue.number}`, state: "open", title: "Dark mode" }) }),
    ]);

    // The portal says the work is tracked and in what state, never the issue's key or address.
    const portal = await fetch(`${h.url}/p/${ws.slug}/posts/${post.id}`);
    const portalPage = await portal.text();
    expect(portal.status).toBe(200);
    expect(portalPage).toContain("Tracked in GitHub: open");
    expect(portalPage).not.toContain("acme/widgets");

    // A forged delivery changes nothing.
    const key2 = `acme/widgets#${issue.number}`;
    github.setIssueState(key2, "closed");
    const forged = await github.sendWebhook(gh.receiveUrl.replace("http://heed.test", h.url), {
      event: "issues",
      action: "closed",
      issueKey: key2,
      secret: gh.signingSecret,
      signature: "bad",
    });
    expect(forged.status).toBe(401);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).body.status.name).not.toBe("Complete");
    expect((await log(key, gh.id))[0]).toMatchObject({ direction: "in", outcome: "refused" });

    // The real one moves the post once, even delivered twice; voters are told; nothing goes back to GitHub.
    const callsBefore = github.calls.length;
    const target = gh.receiveUrl.replace("http://heed.test", h.url);
    const first = await github.sendWebhook(target, { event: "issues", action: "closed", issueKey: key2, secret: gh.signingSecret, deliveryId: "d-1" });
    expect(first.status).toBe(200);
    const again = await github.sendWebhook(target, { event: "issues", action: "closed", issueKey: key2, secret: gh.signingSecret, deliveryId: "d-1" });
    expect(again.status).toBe(200);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).body.status.id).toBe(complete);
    const changes = await h.services.db
      .selectFrom("audit_log")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "post.status_changed")
      .execute();
    expect(changes).toHaveLength(1);
    expect(JSON.parse(changes[0]!.data)).toMatchObject({ via: gh.id });
    // The post's followers are told, as the notifications' follower reads the change.
    while ((await followOnce(h.services, notificationsFollower)) > 0);
    const told = await h.services.db
      .selectFrom("notification_events")
      .select("kind")
      .where("workspace_id", "=", ws.id)
      .where("post_id", "=", post.id)
      .execute();
    expect(told.map((e) => e.kind)).toContain("post_status");
    expect((await log(key, gh.id)).slice(0, 2).map((l) => l.outcome)).toEqual(["duplicate", "applied"]);
    expect((await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data[0].issue.state).toBe("closed");
    await pass();
    expect(github.calls.length).toBe(callsBefore);

    // An integration that does not exist (or is another provider's) is a 404, whatever is signed.
    const unknown = target.replace(gh.id, "intg_01aaaaaaaaaaaaaaaaaaaaaaaa");
    expect((await github.sendWebhook(unknown, { event: "ping", secret: gh.signingSecret })).status).toBe(404);
    expect((await github.sendWebhook(target.replace("/github/", "/linear/"), { event: "ping", secret: gh.signingSecret })).status).toBe(404);

    // A ping is acknowledged and changes nothing.
    expect((await github.sendWebhook(target, { event: "ping", secret: gh.signingSecret })).status).toBe(200);
  });

  it("links an existing issue, fails a reference that names none, and posts a synced comment once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const gh = await connectGitHub(key);
    const post = await newPost(ws, key, "Export to PDF");
    const made = await h.call("POST", `/v1/posts/${post.id}/issues`, {
      key,
      json: { integrationId: gh.id, create: { target: "acme/widgets", title: "PDF export" } },
    });
    await pass();
    const existing = (await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data[0].issue;
    const other = await newPost(ws, key, "PDF please");
    const linked = await h.call("POST", `/v1/posts/${other.id}/issues`, { key, json: { integrationId: gh.id, reference: existing.url } });
    const missing = await h.call("POST", `/v1/posts/${other.id}/issues`, { key, json: { integrationId: gh.id, reference: "acme/widgets#999" } });
    await pass();
    const links = (await h.call("GET", `/v1/posts/${other.id}/issues`, { key })).body.data;
    expect(links.find((l: { id: string }) => l.id === linked.body.id)).toMatchObject({ state: "linked", issue: { key: existing.key } });
    expect(links.find((l: { id: string }) => l.id === missing.body.id)).toMatchObject({ state: "failed", error: expect.stringContaining("acme/widgets#999") });

    const comment = await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "We started on this." } });
    const sync = await h.call("POST", `/v1/posts/${post.id}/issues/comments`, { key, json: { commentId: comment.body.id } });
    expect(sync.body).toEqual({ queued: 1 });
    expect((await h.call("POST", `/v1/posts/${post.id}/issues/comments`, { key, json: { commentId: comment.body.id } })).body).toEqual({ queued: 0 });
    await pass();
    const issue = github.issues.get(existing.key)!;
    expect(issue.comments.map((c) => c.body)).toEqual([expect.stringContaining("We started on this.")]);

    // Refusals: a repository outside the integration's, neither or both of create/reference, another workspace's integration.
    expect((await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: gh.id, create: { target: "evil/repo" } } })).status).toBe(400);
    expect((await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: gh.id } })).status).toBe(400);
    const stranger = await h.workspace();
    const strangerKey = await stranger.key();
    const strangerPost = await newPost(stranger, strangerKey);
    const cross = await h.call("POST", `/v1/posts/${strangerPost.id}/issues`, {
      key: strangerKey,
      json: { integrationId: gh.id, reference: "acme/widgets#1" },
    });
    expect(cross.status).toBe(400);
    expect(cross.body.errors[0]).toMatchObject({ pointer: "/integrationId", code: "unknown_reference" });
    expect((await h.call("GET", `/v1/integrations/${gh.id}`, { key: strangerKey })).status).toBe(404);
    expect(made.status).toBe(202);
    expect((await h.call("DELETE", `/v1/posts/${post.id}/issues/${made.body.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data).toEqual([]);
  });

  it("retries a 429 after its Retry-After, a 500 and a timeout, logging each", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const gh = await connectGitHub(key);
    const post = await newPost(ws, key);
    await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: gh.id, create: { target: "acme/widgets" } } });
    const made = github.issues.size;
    github.failNext("429", 1, 30);
    await pass();
    const waiting = await h.services.db.selectFrom("integration_deliveries").selectAll().where("integration_id", "=", gh.id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    expect(Date.parse(waiting.next_attempt_at!) - Date.now()).toBeGreaterThan(25_000);
    const due = () =>
      h.services.db
        .updateTable("integration_deliveries")
        .set({ next_attempt_at: new Date(0).toISOString() })
        .where("integration_id", "=", gh.id)
        .execute();
    // With the production schedule, so each failure waits and the next pass starts from a due row.
    const slow = () => integrationsPass(h.services, { retryScale: 1 });
    await due();
    github.failNext("500");
    await slow();
    await due();
    github.failNext("timeout");
    await slow();
    await due();
    await slow();
    expect(github.issues.size).toBe(made + 1);
    const lines = (await log(key, gh.id)).reverse();
    expect(lines.map((l) => [l.outcome, l.summary])).toEqual([
      ["retrying", expect.stringContaining("retry in 30 s")],
      ["retrying", expect.stringContaining("500")],
      ["retrying", expect.stringContaining("retry in 300 s")],
      ["sent", expect.stringMatching(/^Created acme\/widgets#/)],
    ]);
  });
});

describe("Linear", () => {
  it("creates an issue in a team and moves the post when the issue reaches a mapped state", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const planned = await statusId(key, "Planned");
    const conn = await h.call("POST", "/v1/integrations", {
      key,
      json: { provider: "linear", token: linear.apiKey, signingSecret: "lin_wh_secret_0123456789", statusMapping: { "In Progress": planned } },
    });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    expect(conn.body.signingSecret).toBeNull();
    const targets = await h.call("GET", `/v1/integrations/${conn.body.id}/targets`, { key });
    expect(targets.status, JSON.stringify(targets.body)).toBe(200);
    const team = targets.body.data[0];
    const post = await newPost(ws, key, "Keyboard shortcuts");
    await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: conn.body.id, create: { target: team.id } } });
    await pass();
    const link = (await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data[0];
    expect(link).toMatchObject({ state: "linked", provider: "linear", issue: { key: expect.stringMatching(/^[A-Z]+-\d+$/), title: "Keyboard shortcuts" } });
    linear.setIssueState(link.issue.key, "In Progress");
    const target = conn.body.receiveUrl.replace("http://heed.test", h.url);
    expect((await linear.sendWebhook(target, { identifier: link.issue.key, secret: "wrong-secret-0000" })).status).toBe(401);
    expect(
      (await linear.sendWebhook(target, { identifier: link.issue.key, secret: "lin_wh_secret_0123456789", timestamp: Date.now() - 10 * 60_000 })).status,
    ).toBe(401);
    expect((await linear.sendWebhook(target, { identifier: link.issue.key, secret: "lin_wh_secret_0123456789" })).status).toBe(200);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).body.status.id).toBe(planned);
  });

  it("creates the issue once when Linear made it but its answer was lost", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const conn = await h.call("POST", "/v1/integrations", { key, json: { provider: "linear", token: linear.apiKey } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const post = await newPost(ws, key, "Offline mode");
    await h.call("POST", `/v1/posts/${post.id}/issues`, { key, json: { integrationId: conn.body.id, create: { target: linear.teams[0]!.id } } });
    const made = () => [...linear.issues.values()].filter((issue) => issue.title === "Offline mode");
    // The create's call lands in Linear, its answer never comes back: Heed times out and retries
    // (at once: the schedule is shrunk to nothing here), and the retry finds the issue by its id.
    linear.failNextMatching("lost", (call) => String(call.body.query).includes("issueCreate"));
    await pass();
    expect(made()).toHaveLength(1);
    const delivery = await h.services.db.selectFrom("integration_deliveries").selectAll().where("integration_id", "=", conn.body.id).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ state: "sent", attempts: 2 });
    expect((await log(key, conn.body.id)).map((line) => line.outcome)).toEqual(["sent", "retrying"]);
    const link = (await h.call("GET", `/v1/posts/${post.id}/issues`, { key })).body.data[0];
    expect(link).toMatchObject({ state: "linked", issue: { key: made()[0]!.identifier, title: "Offline mode" } });
  });
});

describe("Slack", () => {
  it("tells a channel of new posts, status changes and comments once each, for its boards only", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const conn = await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", token: slack.botToken, channel: "#feedback" } });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    expect(conn.body).toMatchObject({ name: "Slack #feedback", events: ["post.created", "post.status_changed", "comment.created"], receiveUrl: null });
    const hook = await h.call("POST", "/v1/integrations", {
      key,
      json: { provider: "slack", webhookUrl: slack.webhookUrl, events: ["post.created"], boardIds: [await ws.boardId()] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const before = slack.messages.length;
    const post = await newPost(ws, key, "Dark <mode> & more");
    await h.call("POST", `/v1/posts/${post.id}/status`, { key, json: { statusId: await statusId(key, "Planned") } });
    await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "On it" } });
    await pass();
    await pass();
    const sent = slack.messages.slice(before);
    expect(sent).toHaveLength(4);
    const toChannel = sent.filter((m) => m.channel);
    expect(toChannel.map((m) => m.text)).toEqual([
      expect.stringContaining("New post"),
      expect.stringContaining("moved from"),
      expect.stringContaining("New comment"),
    ]);
    expect(JSON.stringify(toChannel[0]!.blocks)).toContain("Dark &lt;mode&gt; &amp; more");
    expect(JSON.stringify(toChannel[0]!.blocks)).toContain(`http://heed.test/app/posts/${post.id}`);
    expect(sent.filter((m) => !m.channel).map((m) => m.text)).toEqual([expect.stringContaining("New post")]);
  });

  it("refuses a webhook URL outside Slack's, fields of another provider, and connecting without INTEGRATIONS_KEY", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const outside = await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", webhookUrl: "http://169.254.169.254/latest" } });
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0]).toMatchObject({ pointer: "/webhookUrl", code: "invalid_format" });
    const mixed = await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", token: "xoxb-1", channel: "#x", repositories: ["a/b"] } });
    expect(mixed.body.errors[0]).toMatchObject({ pointer: "/repositories", code: "not_allowed" });
    const noChannel = await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", token: "xoxb-1" } });
    expect(noChannel.body.errors[0]).toMatchObject({ pointer: "/channel", code: "required" });
    const saved = h.services.integrations!.key;
    h.services.integrations!.key = undefined;
    try {
      expect((await h.call("POST", "/v1/integrations", { key, json: { provider: "github", token: "t" } })).status).toBe(503);
    } finally {
      h.services.integrations!.key = saved;
    }
  });
});

describe("sealed credentials", () => {
  it("open only in their own row and under the key that sealed them", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const a = await connectGitHub(key);
    const b = await connectGitHub(key);
    const sealed = await h.services.db.selectFrom("integrations").select("credentials").where("id", "=", a.id).executeTakeFirstOrThrow();
    // A's sealed token copied into B's row does not open there: B's targets answer 503, not A's token at work.
    await h.services.db.updateTable("integrations").set({ credentials: sealed.credentials }).where("id", "=", b.id).execute();
    await h.services.db.updateTable("integrations").set({ provider: "linear" }).where("id", "=", b.id).execute();
    const moved = await h.call("GET", `/v1/integrations/${b.id}/targets`, { key });
    expect(moved.status).toBe(503);
    expect(moved.body.detail).toContain("INTEGRATIONS_KEY");
    // Under another key, nothing opens: a webhook for A is refused with 503, not read with the wrong secret.
    const saved = h.services.integrations!.key!;
    h.services.integrations!.key = Buffer.alloc(32, 7);
    try {
      const res = await github.sendWebhook(a.receiveUrl.replace("http://heed.test", h.url), { event: "ping", secret: a.signingSecret });
      expect(res.status).toBe(503);
    } finally {
      h.services.integrations!.key = saved;
    }
  });
});
