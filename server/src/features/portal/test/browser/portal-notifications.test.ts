import { describe, expect, it } from "vitest";
import { preferencesToken } from "../../../notifications/tokens.js";
import { useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { identityJwt } from "../../../../../test/support/jwt.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// Following an idea on the portal, and the pages a notification mail's links open, in Chromium:
// the follow button works with JavaScript off, the choices page saves, and unsubscribing asks for
// a click before it does anything.

const smtp = useSmtp();

const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();

describe("following and mail choices on the portal", () => {
  it("follows and unfollows an idea with JavaScript off", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode for reports" } })).body.id as string;
    // Each sign-in takes a fresh JWT: one is used once.
    const signIn = () =>
      `${h.url}/p/${ws.slug}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada", email: "ada@people.test" })}&redirect=/p/${ws.slug}/posts/${postId}`;

    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(signIn());
    const follow = page.getByRole("button", { name: "Follow", exact: true });
    expect(await follow.getAttribute("aria-pressed")).toBe("false");
    await follow.click();
    await expect.poll(() => page.getByRole("button", { name: "Following" }).getAttribute("aria-pressed")).toBe("true");
    const followers = await h.call("GET", `/v1/posts/${postId}/followers`, { key });
    expect(followers.body.data.map((f: { name: string; reason: string }) => [f.name, f.reason])).toEqual([["Ada", "followed"]]);
    await page.getByRole("button", { name: "Following" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Follow", exact: true }).isVisible()).toBe(true);
    expect((await h.call("GET", `/v1/posts/${postId}/followers`, { key })).body.data).toEqual([]);
    await context.close();

    // The same page as most readers see it, photographed and checked.
    const checker = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const seen = await checker.newPage();
    await seen.goto(signIn());
    await seen.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(() => seen.getByRole("button", { name: "Following" }).isVisible()).toBe(true);
    await everyView(seen, "portal-post-following");
    await checker.close();
  });

  it("saves the reader's choices from a mail's link, and unsubscribes only on the button", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const { userId } = await ws.identify("reader");
    const token = preferencesToken(h.services.notificationSecret, { workspaceId: ws.id, recipientId: userId });
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const choices = () =>
      h.database.db.selectFrom("users").select(["email_notifications", "follows_changelog"]).where("id", "=", userId).executeTakeFirstOrThrow();

    const key = await ws.key();
    const idea = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Keyboard shortcuts everywhere" } })).body;
    await h.call("POST", `/v1/posts/${idea.id}/followers`, { key, json: { userId } });
    await page.goto(`${h.url}/p/${ws.slug}/notifications?token=${token}`);
    await everyView(page, "portal-mail-choices");
    await page.getByRole("button", { name: "Unfollow Keyboard shortcuts everywhere" }).click();
    await expect.poll(() => page.getByText("None: you follow an idea").isVisible()).toBe(true);
    await page.getByLabel("A weekly digest, on Mondays").check();
    await page.getByLabel("Mail me each new changelog entry").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Saved.");
    expect(await choices()).toEqual({ email_notifications: "weekly", follows_changelog: 1 });

    await page.goto(`${h.url}/p/${ws.slug}/unsubscribe?token=${token}`);
    await everyView(page, "portal-unsubscribe");
    expect((await choices()).email_notifications).toBe("weekly");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("You are unsubscribed");
    await everyView(page, "portal-unsubscribed");
    expect((await choices()).email_notifications).toBe("off");

    await page.goto(`${h.url}/p/${ws.slug}/unsubscribe?token=${token.slice(0, -4)}abcd`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("This link does not work");
    await context.close();
  });

  it("offers the changelog by email: an address for a visitor, one click for a signed-in reader", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${ws.slug}/changelog`);
    await everyView(page, "portal-changelog-subscribe");
    await page.getByLabel("Get each new entry by email").fill(`visitor-${ws.slug}@people.test`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/inbox/i);
    expect((await smtp.mailTo(`visitor-${ws.slug}@people.test`)).subject).toMatch(/^Confirm:/);

    await page.goto(`${h.url}/p/${ws.slug}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada" })}&redirect=/p/${ws.slug}/changelog`);
    await page.getByRole("button", { name: "Mail me each new entry" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Done: each new entry will be mailed to you.");
    await everyView(page, "portal-changelog-following");
    await page.getByRole("button", { name: "Stop mailing me new entries" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Mail me each new entry" }).isVisible()).toBe(true);
    await context.close();
  });
});
