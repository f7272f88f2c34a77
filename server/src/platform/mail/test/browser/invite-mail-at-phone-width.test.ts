import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useChromium } from "../../../../../test/support/browser.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { signedIn } from "../../../../../test/support/sessions.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// The invite as the invitee's phone shows it: the HTML the SMTP server received, laid out by
// Chromium as a 375 px phone and at a desktop's width, photographed for a person to look at.
// Its button is the link that joins.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url });
const chromium = useChromium();

describe("the invite mail", () => {
  it("reads at 375 px as on a desktop, and its button opens the invite", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const created = await h.call("POST", "/v1/members/invites", { json: { email: `phone-${ws.slug}@example.com`, role: "admin" }, headers: owner.headers });
    expect(created.status).toBe(201);
    const mail = await smtp.mailTo(`phone-${ws.slug}@example.com`);

    for (const [label, options] of [
      ["375", { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true }],
      ["desktop", { viewport: { width: 1280, height: 800 } }],
    ] as const) {
      const context = await chromium.browser.newContext(options);
      const page = await context.newPage();
      await page.setContent(mail.html);
      const width = options.viewport.width;
      expect(await page.evaluate(() => window.innerWidth), `${label}: laid out at the screen's width`).toBe(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: nothing wider than the screen`).toBeLessThanOrEqual(width);
      expect(await page.getByRole("link", { name: "Accept the invite" }).getAttribute("href")).toBe(created.body.inviteUrl);
      await expectAccessible(page, `invite mail, ${label}`);
      await screenshot(page, `mail-invite-${label}`);
      await context.close();
    }
  });
});
