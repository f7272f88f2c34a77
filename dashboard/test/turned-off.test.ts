import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { integrationsPass } from "../../server/src/features/integrations/index.js";
import { DAY_MS, resetClock, shiftClock } from "../../server/src/platform/lib/clock.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { type FakeSlack, startFakeSlack } from "../../server/test/support/providers/slack.js";
import { startReceiver } from "../../server/test/support/receiver.js";
import { useWebhookWork } from "../../server/test/support/webhooks.js";

// A receiver Heed turned off, in Chromium: Settings → Webhooks lists the endpoint as turned off by
// Heed with since when and how many deliveries wait, its page says why, and "Turn back on" sends
// every event it missed, in order. Settings → Integrations shows a Slack channel turned off alike.
// The webhook worker runs as the server runs it; the clock is moved, not waited for.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
// One failure a day old turns an endpoint off: the rule's counting is the server tests'.
const RULE = { afterFailures: 1, afterMs: DAY_MS };
useWebhookWork(h, RULE);
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
  Object.assign(h.services.integrations!, { slackApiUrl: slack.apiUrl, slackHooksUrl: `${slack.url}/services/`, timeoutMs: 2_000 });
});
afterAll(() => slack.close());
afterEach(() => resetClock());

describe("a receiver Heed turned off", () => {
  it("is shown with why and since when, and one click turns it back on and delivers what it missed", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    let answer = 500;
    const receiver = await startReceiver(() => answer);
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.created"] } })).body;
    const post = async (title: string) => expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title } })).status).toBe(201);
    const read = async () => (await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body;
    try {
      await post("First");
      await expect.poll(async () => (await read()).consecutiveFailures, { timeout: 10_000 }).toBeGreaterThan(0);
      // A day on, the next failure turns it off; what happens meanwhile is held for it.
      shiftClock(DAY_MS + 60_000);
      await expect.poll(async () => (await read()).disabledReason, { timeout: 10_000 }).toBe("failing");
      await post("Second");
      await post("Third");
      await expect.poll(async () => (await read()).heldDeliveries, { timeout: 10_000 }).toBe(3);

      const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/webhooks");
      const row = page.getByRole("row", { name: new RegExp(receiver.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
      await expect.poll(() => row.getByText("Turned off by Heed").isVisible()).toBe(true);
      expect(await row.textContent()).toContain("3 deliveries waiting");
      await everyView(page, "settings-webhooks-turned-off-list");

      await row.getByRole("button", { name: /Deliveries and settings/ }).click();
      const notice = page.getByRole("region", { name: /Heed turned this endpoint off on/ });
      await expect.poll(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toMatch(/attempts? in a row failed, the first on/);
      expect(await notice.textContent()).toContain("The last error: HTTP 500");
      expect(await notice.textContent()).toContain("3 deliveries wait for it");
      await everyView(page, "settings-webhooks-turned-off");

      // The receiver is fixed; one click turns the endpoint on and sends what it missed, in order.
      answer = 200;
      await notice.getByRole("button", { name: "Turn back on" }).click();
      await expect.poll(() => notice.isVisible()).toBe(false);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
      expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: { title: string } }).data.title)).toEqual(["First", "Second", "Third"]);
      expect(await page.getByRole("button", { name: "Disable" }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await receiver.close();
    }
  });

  it("shows a Slack channel Heed turned off in Settings → Integrations, and turns it back on", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const hook = (await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", webhookUrl: slack.webhookUrl, events: ["post.created"] } })).body;
    const pass = () => integrationsPass(h.services, { retryScale: 0, turnOff: RULE });
    slack.failNext("500", 8);
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Held for Slack" } })).status).toBe(201);
    await pass();
    shiftClock(DAY_MS + 60_000);
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Also held" } })).status).toBe(201);
    await pass();
    expect((await h.call("GET", `/v1/integrations/${hook.id}`, { key })).body).toMatchObject({ disabledReason: "failing", heldDeliveries: 2 });

    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/integrations", { width: 375, dark: true });
    const row = page.getByRole("row", { name: new RegExp(hook.name) });
    await expect.poll(() => row.getByText("Turned off by Heed").isVisible()).toBe(true);
    await everyView(page, "settings-integrations-turned-off-list");
    await row.getByRole("button", { name: hook.name }).click();
    const notice = page.getByRole("region", { name: /Heed turned this integration off on/ });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("2 deliveries wait for it");
    await everyView(page, "settings-integrations-turned-off");

    const before = slack.messages.length;
    await notice.getByRole("button", { name: "Turn back on" }).click();
    await expect.poll(() => notice.isVisible()).toBe(false);
    await pass();
    expect(slack.messages.slice(before).map((m) => m.text)).toEqual([expect.stringContaining("Held for Slack"), expect.stringContaining("Also held")]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
