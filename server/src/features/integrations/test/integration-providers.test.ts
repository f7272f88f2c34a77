import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { githubClient } from "../providers/github.js";
import { readGitHubDelivery } from "../providers/github-webhook.js";
import { linearClient, linearIdFor } from "../providers/linear.js";
import { readLinearDelivery } from "../providers/linear-webhook.js";
import { slackSender } from "../providers/slack.js";
import { ProviderError, type TrackerDelivery } from "../providers/types.js";
import { type FakeGitHub, startFakeGitHub } from "../../../../test/support/providers/github.js";
import { type FakeLinear, startFakeLinear } from "../../../../test/support/providers/linear.js";
import { type FakeSlack, startFakeSlack } from "../../../../test/support/providers/slack.js";

// Each production client (over its provider's official SDK) against a fake speaking that
// provider's documented wire format: what it answers, what it sends, and how every kind of failure
// is told apart for the outbox (retry later, or give up). Then the inbound webhooks, delivered over
// HTTP by the fakes as the providers deliver them.

const SHORT = 150; // ms: the timeout the "no answer" cases use

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** A port nothing listens on: a connection that fails. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("GitHub client", () => {
  let fake: FakeGitHub;
  const settings = () => ({ token: fake.token, baseUrl: fake.url, repositories: ["acme/widgets"] });
  beforeAll(async () => {
    fake = await startFakeGitHub();
  });
  afterAll(() => fake.close());

  it("checks the token, lists the configured repositories, creates, finds and comments", async () => {
    const github = githubClient(settings());
    expect(await github.check()).toEqual({ account: "heed-bot" });
    expect(await github.targets()).toEqual([{ id: "acme/widgets", name: "acme/widgets" }]);

    const issue = await github.createIssue({ target: "acme/widgets", title: "Dark mode", body: "12 customers asked.", requestKey: "dlv_1" });
    expect(issue).toEqual({
      id: expect.stringMatching(/^I_/),
      key: "acme/widgets#1",
      url: "https://github.com/acme/widgets/issues/1",
      title: "Dark mode",
      state: "open",
    });
    const create = fake.calls.find((call) => call.method === "POST" && call.path === "/repos/acme/widgets/issues")!;
    expect(create.headers.authorization).toBe(`token ${fake.token}`);
    expect(create.body).toMatchObject({ title: "Dark mode", body: "12 customers asked." });

    expect(await github.findIssue("acme/widgets#1")).toEqual(issue);
    expect(await github.findIssue("https://github.com/acme/widgets/issues/1")).toEqual(issue);
    expect(await github.findIssue("https://ghe.example.com/acme/widgets/issues/1/")).toEqual(issue);
    expect(await github.findIssue("acme/widgets#99")).toBeNull();
    const before = fake.calls.length;
    expect(await github.findIssue("not an issue")).toBeNull();
    expect(fake.calls.length).toBe(before);

    fake.setIssueState("acme/widgets#1", "closed", "not_planned");
    expect((await github.findIssue("acme/widgets#1"))?.state).toBe("not_planned");
    fake.setIssueState("acme/widgets#1", "closed");
    expect((await github.findIssue("acme/widgets#1"))?.state).toBe("closed");

    await github.comment(issue, "Shipped in 2.0.", "dlv_c1");
    expect(fake.issues.get("acme/widgets#1")?.comments.map((c) => c.body)).toEqual(["Shipped in 2.0."]);
  });

  it("refuses a repository the integration was not set up with, without calling GitHub", async () => {
    const before = fake.calls.length;
    const error = await failure(githubClient(settings()).createIssue({ target: "acme/secret", title: "x", body: "", requestKey: "dlv_2" }));
    expect(error.options.retryable).toBe(false);
    expect(fake.calls.length).toBe(before);
  });

  it("tells a retry from a refusal", async () => {
    const github = githubClient(settings(), SHORT);
    fake.failNext("429", 1, 7);
    expect((await failure(github.check())).options).toEqual({ status: 429, retryable: true, retryAfterMs: 7000 });
    fake.failNext("500");
    expect((await failure(github.check())).options).toMatchObject({ status: 500, retryable: true });
    fake.failNext("timeout");
    const timeout = await failure(github.check());
    expect(timeout.options).toEqual({ retryable: true });
    expect(timeout.message).toMatch(/in time/);

    const bad = await failure(githubClient({ ...settings(), token: "ghp_wrong_token" }).check());
    expect(bad.options).toMatchObject({ status: 401, retryable: false });
    expect(bad.message).toBe("GitHub answered 401: Bad credentials");
    expect(bad.message).not.toContain("ghp_wrong_token");

    const invalid = await failure(github.createIssue({ target: "acme/widgets", title: "", body: "", requestKey: "dlv_3" }));
    expect(invalid.options).toMatchObject({ status: 422, retryable: false });

    const unreachable = await failure(githubClient({ ...settings(), baseUrl: await deadUrl() }).check());
    expect(unreachable.options).toEqual({ retryable: true });
  });
});

describe("Linear client", () => {
  let fake: FakeLinear;
  const settings = () => ({ apiKey: fake.apiKey, apiUrl: fake.apiUrl });
  beforeAll(async () => {
    fake = await startFakeLinear();
  });
  afterAll(() => fake.close());

  it("checks the key, lists teams, creates, finds and comments", async () => {
    const linear = linearClient(settings());
    expect(await linear.check()).toEqual({ account: "Acme" });
    const [eng, des] = fake.teams;
    expect(await linear.targets()).toEqual([
      { id: eng!.id, name: "ENG — Engineering" },
      { id: des!.id, name: "DES — Design" },
    ]);
    expect(fake.calls.at(-1)?.headers.authorization).toBe(fake.apiKey);

    const issue = await linear.createIssue({ target: eng!.id, title: "Dark mode", body: "12 customers asked.", requestKey: "dlv_1" });
    expect(issue).toEqual({
      id: fake.issues.get("ENG-1")!.id,
      key: "ENG-1",
      url: "https://linear.app/acme/issue/ENG-1/dark-mode",
      title: "Dark mode",
      state: "Todo",
    });
    expect(fake.issues.get("ENG-1")?.description).toBe("12 customers asked.");
    // The same request again (a retry) finds the issue it made: Linear was asked for the same id.
    expect(issue.id).toBe(linearIdFor("issue", "dlv_1"));
    expect(await linear.createIssue({ target: eng!.id, title: "Dark mode", body: "12 customers asked.", requestKey: "dlv_1" })).toEqual(issue);
    expect(fake.issues.size).toBe(1);

    expect(await linear.findIssue("ENG-1")).toEqual(issue);
    expect(await linear.findIssue("eng-1")).toEqual(issue);
    expect(await linear.findIssue("https://linear.app/acme/issue/ENG-1/dark-mode")).toEqual(issue);
    expect(await linear.findIssue("ENG-99")).toBeNull();
    expect(await linear.findIssue("https://example.com/nothing")).toBeNull();
    fake.setIssueState("ENG-1", "In Progress");
    expect((await linear.findIssue("ENG-1"))?.state).toBe("In Progress");

    await linear.comment(issue, "Shipped in 2.0.", "dlv_c1");
    // Sent again (a retry after a lost answer): found by its id, not posted twice.
    await linear.comment(issue, "Shipped in 2.0.", "dlv_c1");
    expect(fake.issues.get("ENG-1")?.comments).toEqual([{ id: linearIdFor("comment", "dlv_c1"), body: "Shipped in 2.0." }]);
  });

  it("tells a retry from a refusal", async () => {
    const linear = linearClient(settings(), SHORT);
    fake.failNext("429", 1, 7);
    expect((await failure(linear.check())).options).toEqual({ status: 429, retryable: true, retryAfterMs: 7000 });
    // The typed path (teams) reads the same answers the same way.
    fake.failNext("429", 1, 3);
    expect((await failure(linear.targets())).options).toEqual({ status: 429, retryable: true, retryAfterMs: 3000 });
    fake.failNext("500");
    expect((await failure(linear.check())).options).toMatchObject({ status: 500, retryable: true });
    fake.failNext("timeout");
    expect((await failure(linear.check())).options).toEqual({ retryable: true });
    fake.failNext("timeout");
    expect((await failure(linear.targets())).options).toEqual({ retryable: true });

    const bad = await failure(linearClient({ ...settings(), apiKey: "lin_api_wrong_key" }).check());
    expect(bad.options).toMatchObject({ retryable: false });
    expect(bad.message).not.toContain("lin_api_wrong_key");

    const noTeam = await failure(linear.createIssue({ target: "no-such-team", title: "x", body: "", requestKey: "dlv_4" }));
    expect(noTeam.options.retryable).toBe(false);

    const unreachable = await failure(linearClient({ ...settings(), apiUrl: `${await deadUrl()}/graphql` }).check());
    expect(unreachable.options).toEqual({ retryable: true });
  });
});

describe("Slack sender", () => {
  let fake: FakeSlack;
  const bot = (timeoutMs?: number, channel = "C0FEEDBACK") => slackSender({ botToken: fake.botToken, channel, apiUrl: fake.apiUrl }, timeoutMs);
  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(() => fake.close());

  it("posts with a bot token to the configured channel or another", async () => {
    expect(await bot().check()).toEqual({ account: "Acme" });
    const blocks = [{ type: "section", text: { type: "mrkdwn", text: "*Dark mode* got its 12th vote" } }];
    await bot().post({ text: "Dark mode got its 12th vote", blocks });
    await bot().post({ channel: "#feedback", text: "Plain text", blocks: [] });
    expect(fake.messages.slice(-2)).toEqual([
      { channel: "C0FEEDBACK", text: "Dark mode got its 12th vote", blocks },
      { channel: "#feedback", text: "Plain text", blocks: [] },
    ]);
    expect(fake.calls.at(-1)?.headers.authorization).toBe(`Bearer ${fake.botToken}`);
  });

  it("posts through an incoming webhook, and checks one without posting", async () => {
    const webhook = slackSender({ webhookUrl: fake.webhookUrl });
    const before = fake.calls.length;
    expect(await webhook.check()).toEqual({ account: "incoming webhook" });
    expect(fake.calls.length).toBe(before);
    await webhook.post({ text: "Dark mode shipped", blocks: [{ type: "divider" }] });
    expect(fake.messages.at(-1)).toEqual({ text: "Dark mode shipped", blocks: [{ type: "divider" }] });
  });

  it("tells a retry from a refusal (bot token)", async () => {
    const sender = bot(SHORT);
    fake.failNext("429", 1, 7);
    expect((await failure(sender.post({ text: "x", blocks: [] }))).options).toEqual({ status: 429, retryable: true, retryAfterMs: 7000 });
    fake.failNext("500");
    expect((await failure(sender.post({ text: "x", blocks: [] }))).options).toMatchObject({ status: 500, retryable: true });
    fake.failNext("timeout");
    expect((await failure(sender.post({ text: "x", blocks: [] }))).options).toEqual({ retryable: true });

    const bad = await failure(slackSender({ botToken: "xoxb-wrong", channel: "C0FEEDBACK", apiUrl: fake.apiUrl }).check());
    expect(bad.options).toEqual({ retryable: false });
    expect(bad.message).toBe("Slack refused the call: invalid_auth.");
    expect((await failure(bot(undefined, "C0NOWHERE").post({ text: "x", blocks: [] }))).options.retryable).toBe(false);
    const unreachable = await failure(slackSender({ botToken: fake.botToken, channel: "C0FEEDBACK", apiUrl: `${await deadUrl()}/api/` }).check());
    expect(unreachable.options).toEqual({ retryable: true });
  });

  it("tells a retry from a refusal (incoming webhook)", async () => {
    const webhook = slackSender({ webhookUrl: fake.webhookUrl }, SHORT);
    fake.failNext("429", 1, 5);
    expect((await failure(webhook.post({ text: "x", blocks: [] }))).options).toEqual({ status: 429, retryable: true, retryAfterMs: 5000 });
    fake.failNext("500");
    expect((await failure(webhook.post({ text: "x", blocks: [] }))).options).toMatchObject({ status: 500, retryable: true });
    fake.failNext("timeout");
    expect((await failure(webhook.post({ text: "x", blocks: [] }))).options).toEqual({ retryable: true });
    const gone = await failure(slackSender({ webhookUrl: `${fake.url}/services/T000/B000/GONE` }).post({ text: "x", blocks: [] }));
    expect(gone.options).toEqual({ status: 404, retryable: false });
    expect(gone.message).not.toContain("GONE");
  });
});

describe("Inbound webhooks", () => {
  // A receiver that reads each delivery from its raw body and headers, as the route will.
  let receiver: Server;
  let target: string;
  let read: (raw: string, headers: Headers) => Promise<TrackerDelivery | "bad-signature">;
  const received: (TrackerDelivery | "bad-signature")[] = [];
  let github: FakeGitHub;
  let linear: FakeLinear;

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const result = await read(raw, headers);
      received.push(result);
      res.writeHead(result === "bad-signature" ? 401 : 200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    github = await startFakeGitHub();
    linear = await startFakeLinear();
  });
  afterAll(async () => {
    await Promise.all([github.close(), linear.close(), new Promise((resolve) => receiver.close(resolve))]);
  });

  it("reads GitHub's issue deliveries and refuses a bad signature", async () => {
    read = (raw, headers) => readGitHubDelivery("gh-secret", raw, headers);
    const issue = await githubClient({ token: github.token, baseUrl: github.url, repositories: ["acme/widgets"] }).createIssue({
      target: "acme/widgets",
      title: "Dark mode",
      body: "",
      requestKey: "dlv_gh",
    });
    github.setIssueState(issue.key, "closed", "not_planned");

    expect((await github.sendWebhook(target, { event: "issues", issueKey: issue.key, secret: "gh-secret", deliveryId: "d-1" })).status).toBe(200);
    expect(received.at(-1)).toEqual({ deliveryId: "d-1", issue: { ...issue, state: "not_planned" } });

    github.setIssueState(issue.key, "open");
    await github.sendWebhook(target, { event: "issues", action: "reopened", issueKey: issue.key, secret: "gh-secret", deliveryId: "d-2" });
    expect(received.at(-1)).toEqual({ deliveryId: "d-2", issue: { ...issue, state: "open" } });

    await github.sendWebhook(target, { event: "issues", action: "labeled", issueKey: issue.key, secret: "gh-secret", deliveryId: "d-3" });
    expect(received.at(-1)).toEqual({ deliveryId: "d-3", issue: null });
    await github.sendWebhook(target, { event: "ping", secret: "gh-secret", deliveryId: "d-4" });
    expect(received.at(-1)).toEqual({ deliveryId: "d-4", issue: null });

    expect((await github.sendWebhook(target, { event: "issues", issueKey: issue.key, secret: "gh-secret", signature: "bad" })).status).toBe(401);
    expect(received.at(-1)).toBe("bad-signature");
    expect(await readGitHubDelivery("gh-secret", "{}", new Headers({ "x-github-delivery": "d-5", "x-github-event": "ping" }))).toBe("bad-signature");
  });

  it("reads Linear's issue deliveries and refuses a bad signature or a stale one", async () => {
    read = (raw, headers) => readLinearDelivery("lin-secret", raw, headers);
    const issue = await linearClient({ apiKey: linear.apiKey, apiUrl: linear.apiUrl }).createIssue({
      target: linear.teams[0]!.id,
      title: "Dark mode",
      body: "",
      requestKey: "dlv_lin",
    });
    linear.setIssueState(issue.key, "Done");

    expect((await linear.sendWebhook(target, { identifier: issue.key, secret: "lin-secret", deliveryId: "l-1" })).status).toBe(200);
    expect(received.at(-1)).toEqual({ deliveryId: "l-1", issue: { ...issue, state: "Done" } });

    await linear.sendWebhook(target, { identifier: issue.key, secret: "lin-secret", signature: "bad" });
    expect(received.at(-1)).toBe("bad-signature");
    await linear.sendWebhook(target, { identifier: issue.key, secret: "lin-secret", timestamp: Date.now() - 120_000 });
    expect(received.at(-1)).toBe("bad-signature");

    // The window is checked against the `now` given, not the clock.
    const sentAt = Date.now() - 10 * 60_000;
    const body = JSON.stringify({
      action: "update",
      type: "Issue",
      data: { id: "x", identifier: "ENG-9", title: "t", url: "u", state: { name: "Done" } },
      webhookTimestamp: sentAt,
    });
    const signed = (raw: string) => new Headers({ "linear-delivery": "l-2", "linear-signature": createHmac("sha256", "lin-secret").update(raw).digest("hex") });
    expect(await readLinearDelivery("lin-secret", body, signed(body), sentAt + 1_000)).toEqual({
      deliveryId: "l-2",
      issue: { id: "x", key: "ENG-9", title: "t", url: "u", state: "Done" },
    });
    expect(await readLinearDelivery("lin-secret", body, signed(body))).toBe("bad-signature");

    // Other entities, other actions and a state-less issue are acknowledged with no issue.
    const now = Date.now();
    for (const payload of [
      { action: "create", type: "Comment", data: { id: "c", body: "hi" }, webhookTimestamp: now },
      { action: "remove", type: "Issue", data: { id: "x", identifier: "ENG-9", title: "t", url: "u", state: { name: "Done" } }, webhookTimestamp: now },
      { action: "update", type: "Issue", data: { id: "x", identifier: "ENG-9", title: "t", url: "u" }, webhookTimestamp: now },
    ]) {
      const raw = JSON.stringify(payload);
      expect(await readLinearDelivery("lin-secret", raw, signed(raw), now)).toEqual({ deliveryId: "l-2", issue: null });
    }
  });
});
