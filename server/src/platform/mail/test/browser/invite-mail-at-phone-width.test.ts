import { describe, expect, it } from "vitest";
import { expectMailReadable, useChromium } from "../../../../../test/support/browser.js";
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

    await expectMailReadable(chromium.browser, mail.html, "invite", async (page) => {
      expect(await page.getByRole("link", { name: "Accept the invite" }).getAttribute("href")).toBe(created.body.inviteUrl);
    });
  });
});
