import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { useWebhookWork } from "../../server/test/support/webhooks.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { type Received, startReceiver } from "../../server/test/support/receiver.js";

// Settings → Webhooks in Chromium, with the real webhook worker running and real receivers on
// loopback: an endpoint made in the page gets a signed test event, its delivery shows up in the
// log, is replayed, and a failed one is recovered once the receiver is back.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
useWebhookWork(h);

const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string };

describe("Settings → Webhooks", () => {
  it("creates an endpoint with chosen events, sends a test event, shows its delivery, and replays it", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const receiver = await startReceiver();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/webhooks");
    await expect.poll(() => page.getByRole("heading", { name: "No endpoints yet" }).isVisible()).toBe(true);
    await everyView(page, "settings-webhooks-empty");

    await page.getByRole("button", { name: "New endpoint" }).click();
    await page.getByLabel("URL").fill("not a url");
    // No event ticked yet: said in words, before anything is sent.
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await expect.poll(() => page.getByText("Choose at least one event.").isVisible()).toBe(true);
    await page.getByRole("checkbox", { name: /post\.created/ }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("checkbox", { name: /post\.status_changed/ }).check();
    await page.getByText("Payload schema of post.created").click();
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await expect.poll(() => page.getByLabel("URL").getAttribute("aria-invalid")).toBe("true");
    // The refusal's field code, in words: never the validator's English.
    expect(await page.getByText("Enter a whole address, such as https://example.com/heed.").isVisible()).toBe(true);
    await everyView(page, "settings-webhooks-form-error");

    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("CRM bridge");
    await page.getByRole("button", { name: "Create endpoint" }).click();
    const secretText = page.getByTestId("secret");
    await expect.poll(() => secretText.isVisible()).toBe(true);
    const secret = (await secretText.textContent())!;
    expect(secret).toMatch(/^whsec_/);
    // Heed keeps a signing secret to sign with it: the panel does not claim a hash.
    expect(await page.getByRole("region", { name: "Signing secret" }).textContent()).toContain("Heed keeps it to sign");
    const endpointId = new URL(page.url()).searchParams.get("endpoint")!;
    const stored = await h.call("GET", `/v1/webhooks/endpoints/${endpointId}`, { key: await ws.key(["webhooks:read"]) });
    expect(stored.body.events.sort()).toEqual(["post.created", "post.status_changed"]);
    await everyView(page, "settings-webhooks-secret-once");
    await page.getByRole("button", { name: "I have copied it" }).click();
    expect(await page.content()).not.toContain(secret);

    // A test event: it reaches the receiver, signed with the secret, and shows up in the log.
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(verified(secret, receiver.received[0]!).type).toBe("webhook.test");
    const row = page.getByRole("row", { name: /webhook\.test/ });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/succeeded/);
    await page.getByRole("button", { name: /^Attempts of webhook\.test/ }).click();
    await expect.poll(() => page.getByText(/Attempt 1, .*: HTTP 200 in \d+ ms/).isVisible()).toBe(true);
    await everyView(page, "settings-webhooks-deliveries");

    // Replayed: the same event, the same webhook-id, a second time.
    await page.getByRole("button", { name: /^Replay webhook\.test/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);

    // Rotated: the new secret signs from now on.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate" }).click();
    await expect.poll(() => page.getByRole("region", { name: "New signing secret" }).isVisible()).toBe(true);
    const rotated = (await page.getByTestId("secret").textContent())!;
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "I have copied it" }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(3);
    expect(verified(rotated, receiver.received[2]!).type).toBe("webhook.test");

    // Disabled, then enabled again.
    await page.getByRole("button", { name: "Disable" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Enable" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Send test event" }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await receiver.close();
    await context.close();
  });

  it("shows a failing delivery's attempts, and recovers it once the receiver is back", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    let down = true;
    const receiver = await startReceiver(() => (down ? 500 : 200));
    const key = await ws.key(["webhooks:write"]);
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["*"] } })).body;
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/webhooks", { width: 375, dark: true });
    await expect.poll(() => page.getByRole("button", { name: `Deliveries and settings of ${receiver.url}` }).isVisible()).toBe(true);
    await everyView(page, "settings-webhooks-list");
    await page.getByRole("button", { name: `Deliveries and settings of ${receiver.url}` }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    const row = page.getByRole("row", { name: /webhook\.test/ });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/HTTP 500/);
    await page.getByRole("button", { name: /^Attempts of webhook\.test/ }).click();
    await expect.poll(() => page.getByText("not now").first().isVisible()).toBe(true);
    await everyView(page, "settings-webhooks-failing");

    // Its retries run out (as after the last of seven attempts), then the receiver comes back.
    await h.database.db.updateTable("webhook_deliveries").set({ state: "failed", next_attempt_at: null }).where("endpoint_id", "=", endpoint.id).execute();
    down = false;
    await page.reload();
    await expect.poll(() => row.textContent()).toMatch(/failed/);
    await page.getByRole("button", { name: "Recover failed deliveries" }).click();
    await page.getByRole("dialog", { name: "Send failed deliveries again?" }).getByRole("button", { name: "Send them again" }).click();
    await expect.poll(() => page.getByText("1 delivery queued again.").isVisible()).toBe(true);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    // Sent again as a new delivery of the same event (the same webhook-id); the failed one stays in the log.
    await expect.poll(() => page.getByRole("row").filter({ hasText: "webhook.test" }).filter({ hasText: "succeeded" }).count(), { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
    await receiver.close();
    await context.close();
  });

  it("is refused to a member's session", async () => {
    const ws = await h.workspace();
    const member = await signedInPage(chromium.browser, h, ws, "member");
    expect((await member.context.request.get(`${h.url}/v1/webhooks/endpoints`)).status()).toBe(403);
    await member.context.close();
  });
});
