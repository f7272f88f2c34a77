import { readFileSync } from "node:fs";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../server/src/platform/lib/clock.js";
import { screenshot, useChromium } from "../../server/test/support/browser.js";
import { everyView, newPage, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { PASSWORD } from "../../server/test/support/sessions.js";

// Two-factor sign-in as a person uses it: confirm it is them with the password, enrol by reading
// the key off the page into an authenticator (otpauth here), sign their other browser out while
// turning it on, keep the recovery codes, sign out, sign in with a code, then with a recovery code,
// which then stops working. The clock moves on by whole 30-second steps.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

const codeOf = (secret: string) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: nowMs() });

describe("Settings → Your sessions → Two-factor sign-in", () => {
  it("enrols after the password, signs the other browser out, then signs in with a code and with a recovery code, which works once", {
    timeout: 180_000,
  }, async () => {
    const ws = await h.workspace();
    const { page, email, problems, context } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/sessions");
    // The same person on another computer (or someone holding a copy of a session of theirs).
    const laptop = await newPage(chromium.browser);
    expect((await laptop.context.request.post(`${h.url}/v1/auth/sign-in`, { data: { email, password: PASSWORD }, headers: { origin: h.url } })).status()).toBe(
      200,
    );
    await laptop.page.goto(`${h.url}/app/settings/sessions`);
    await expect.poll(() => laptop.page.getByRole("heading", { name: "Your sessions" }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("table", { name: "Your sessions" }).getByRole("row").count()).toBe(3);

    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const password = page.getByRole("form", { name: "Confirm it is you" }).getByLabel("Your password");
    await password.fill("not the password at all");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => password.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.getByText("The password is wrong.").isVisible()).toBe(true);
    await everyView(page, "settings-two-factor-password");
    await password.fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    const signOutOthers = page.getByRole("checkbox", { name: /Sign out my other sessions/ });
    await expect.poll(() => signOutOthers.isChecked()).toBe(true);
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await expect.poll(() => page.getByRole("img", { name: "QR code of the two-factor secret" }).isVisible()).toBe(true);
    await everyView(page, "settings-two-factor-enrol");
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect.poll(() => page.getByLabel("Code from the app").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Code from the app").fill(codeOf(secret));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!;
    const shown = await codes.allTextContents();
    // Kept in one click: copied (the clipboard holds the ten, a line each) or downloaded as a file.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.url });
    await page.getByRole("button", { name: "Copy the codes" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Copied the 10 codes." }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join("\n"));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the codes" }).click()]);
    expect(download.suggestedFilename()).toBe("heed-recovery-codes.txt");
    const file = readFileSync((await download.path())!, "utf8");
    expect(file).toContain(`Heed recovery codes for ${new URL(h.url).host}`);
    expect(file.trim().split("\n").slice(-10)).toEqual(shown);
    await everyView(page, "settings-two-factor-codes");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect.poll(() => page.getByText("10 of 10 recovery codes left").isVisible()).toBe(true);
    // This browser alone is left in the list of sessions; the other one is back at the sign-in page.
    await expect.poll(() => page.getByRole("table", { name: "Your sessions" }).getByRole("row").count()).toBe(2);
    await everyView(page, "settings-two-factor-on");
    await laptop.page.reload();
    await laptop.page.waitForURL(/\/app\/sign-in/);
    expect(laptop.problems).toEqual([]);
    await laptop.context.close();

    const signInWith = async (fill: () => Promise<void>) => {
      await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
      await page.waitForURL(/\/app\/sign-in/);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect.poll(() => page.getByLabel("Authentication code").isVisible()).toBe(true);
      await fill();
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
    };

    shiftClock(30_000);
    await signInWith(async () => {
      await screenshot(page, "sign-in-two-factor-code");
      await page.getByLabel("Authentication code").fill(codeOf(secret));
    });
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);

    const withRecovery = async () => {
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCode);
    };
    await signInWith(withRecovery);
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    await signInWith(withRecovery);
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/two-factor code is wrong, expired or used already/);
    await everyView(page, "sign-in-two-factor-used-recovery-code");
    expect(new URL(page.url()).pathname).toBe("/app/sign-in");
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });
});
