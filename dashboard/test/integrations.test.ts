import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationsPass } from "../../server/src/features/integrations/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { type FakeGitHub, startFakeGitHub } from "../../server/test/support/providers/github.js";
import { type FakeSlack, startFakeSlack } from "../../server/test/support/providers/slack.js";

// Settings → Integrations and a post's linked issues in Chromium: an admin connects GitHub (its
// webhook secret shown once), maps "closed" to Complete, sends a test and sees it in the log;
// connects Slack; then on a post creates an issue by keyboard, watches it become linked, sends a
// comment to it, and sees the post move when GitHub reports the issue closed. A member may link
// issues but not reach the settings page.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
let github: FakeGitHub;
let slack: FakeSlack;
beforeAll(async () => {
  [github, slack] = await Promise.all([startFakeGitHub(), startFakeSlack()]);
  Object.assign(h.services.integrations!, { githubApiUrl: github.url, slackApiUrl: slack.apiUrl, slackHooksUrl: `${slack.url}/services/`, timeoutMs: 2_000 });
});
afterAll(() => Promise.all([github.close(), slack.close()]));

describe("integrations in the dashboard", () => {
  it("connects GitHub and Slack, links an issue from a post and follows it", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/integrations");
    page.setDefaultTimeout(15_000);
    await expect.poll(() => page.getByRole("heading", { name: "Integrations", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Nothing connected yet").isVisible()).toBe(true);
    await everyView(page, "settings-integrations-empty");

    // GitHub: a form refused on its fields first, then connected.
    await page.getByRole("button", { name: "Connect GitHub" }).click();
    const form = page.getByRole("form", { name: "Connect GitHub" });
    await form.getByRole("button", { name: "Connect GitHub" }).click();
    await expect.poll(() => form.getByText("Name at least one repository, owner/name.").isVisible()).toBe(true);
    await form.getByLabel("Token").fill(github.token);
    await form.getByLabel("Repositories").fill("acme/widgets");
    await everyView(page, "settings-integrations-connect-github");
    await form.getByRole("button", { name: "Connect GitHub" }).click();
    const secret = page.getByRole("region", { name: "The webhook's signing secret" });
    await expect.poll(() => secret.isVisible()).toBe(true);
    const signingSecret = (await secret.getByTestId("secret").textContent())!;
    expect(signingSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const receiveUrl = (await page.getByRole("region", { name: "Receiving" }).locator("code").textContent())!;
    expect(receiveUrl).toMatch(/\/v1\/integrations\/github\/intg_\w+\/webhook$/);
    await everyView(page, "settings-integrations-github-created");
    await secret.getByRole("button", { name: "I have copied it" }).click();

    // Map "Closed as completed" to Complete; test; the log shows the answer.
    const mapping = page.getByRole("form", { name: "Status mapping" });
    await mapping.getByLabel("Closed as completed").selectOption({ label: "Complete" });
    await mapping.getByRole("button", { name: "Save mapping" }).click();
    await expect.poll(() => mapping.getByText("Saved.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Send a test" }).click();
    await expect.poll(() => page.getByText("Test sent: its outcome appears in the log below.").isVisible()).toBe(true);
    await integrationsPass(h.services, { retryScale: 0 });
    await expect.poll(() => page.getByRole("cell", { name: "Connected as heed-bot" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await everyView(page, "settings-integrations-github");
    // Reloaded from its address, the page comes back as it was, without the secret.
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "GitHub", level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText(signingSecret).count()).toBe(0);

    // Slack, with a bot token and a channel.
    await page.getByRole("button", { name: "← All integrations" }).click();
    await page.getByRole("button", { name: "Connect Slack" }).click();
    const slackForm = page.getByRole("form", { name: "Connect Slack" });
    await slackForm.getByLabel("Bot token", { exact: true }).fill(slack.botToken);
    await slackForm.getByRole("textbox", { name: "Channel" }).fill("#feedback");
    await everyView(page, "settings-integrations-connect-slack");
    await slackForm.getByRole("button", { name: "Connect Slack" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Slack #feedback", level: 1 }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "← All integrations" }).click();
    await expect.poll(() => page.getByRole("table", { name: "Integrations" }).getByRole("row").count()).toBe(3);
    await everyView(page, "settings-integrations-list");

    // A post: create an issue from it, by keyboard.
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode", body: "Please." } })).body;
    await page.goto(`${h.url}/app/posts/${post.id}`);
    const panel = page.getByRole("region", { name: "Linked issues" });
    await expect.poll(() => panel.getByText("None yet.", { exact: false }).isVisible()).toBe(true);
    await panel.getByRole("button", { name: "Create or link an issue" }).focus();
    await page.keyboard.press("Enter");
    await panel.getByLabel("Repository or team").selectOption("acme/widgets");
    await panel.getByRole("button", { name: "Create issue" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => panel.getByText("being made…").isVisible()).toBe(true);
    await integrationsPass(h.services, { retryScale: 0 });
    const issueKey = `acme/widgets#${github.issues.size}`;
    await expect.poll(() => panel.getByRole("link", { name: issueKey }).isVisible(), { timeout: 10_000 }).toBe(true);
    await everyView(page, "post-linked-issues");

    // A comment sent to the issue.
    await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "We are on it." } });
    await page.reload();
    await page.getByRole("button", { name: "Send to linked issue" }).click();
    await expect.poll(() => page.getByText("Sent to 1 issue.").isVisible()).toBe(true);
    await integrationsPass(h.services, { retryScale: 0 });
    expect(github.issues.get(issueKey)!.comments).toHaveLength(1);

    // GitHub reports it closed: the post moves to Complete.
    github.setIssueState(issueKey, "closed");
    const delivered = await github.sendWebhook(receiveUrl, { event: "issues", action: "closed", issueKey, secret: signingSecret });
    expect(delivered.status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Linked issues" }).getByText("closed", { exact: true }).isVisible()).toBe(true);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key })).body.status.name).toBe("Complete");
    await everyView(page, "post-linked-issue-closed");
    expect(problems).toEqual([]);
    await context.close();

    // A member: links issues from a post, but the settings page is closed to them.
    const member = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${post.id}`);
    await expect.poll(() => member.page.getByRole("link", { name: issueKey }).isVisible()).toBe(true);
    await member.page.goto(`${h.url}/app/settings/integrations`);
    await expect.poll(() => member.page.getByRole("heading", { name: "Owners and admins only" }).isVisible()).toBe(true);
    await member.context.close();
  });

  it("says what a server without INTEGRATIONS_KEY needs before any form is filled in", async () => {
    const settings = h.services.integrations!;
    const key = settings.key;
    settings.key = undefined;
    try {
      const ws = await h.workspace();
      expect((await h.call("GET", "/v1/workspace", { key: await ws.key() })).body.capabilities).toEqual({
        integrations: false,
        mail: false,
        singleSignOn: false,
      });
      const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/integrations");
      await expect.poll(() => page.getByRole("heading", { name: "This server needs a key before anything can be connected" }).isVisible()).toBe(true);
      expect(await page.getByRole("note").textContent()).toContain("openssl rand -base64 32");
      expect(await page.getByRole("button", { name: /^Connect / }).count()).toBe(0);
      await everyView(page, "settings-integrations-needs-key");
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      settings.key = key;
    }
  });
});
