import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { identityJwt } from "../../server/test/support/jwt.js";

// Moderation in Chromium, as an admin and an end user live it: the admin turns it on in Settings;
// a customer posts an idea and a comment on the portal (JavaScript off) and is told they wait;
// the admin finds both in the inbox's Held view, approves the post from its page and the comment
// from the thread, and the portal shows them, while a second held post is rejected from the inbox.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("moderation", () => {
  it("holds what an end user posts until an admin approves it", { timeout: 150_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const published = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Calendar sync", body: "With Outlook." } })).body
      .id as string;
    const { page, context } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings");

    // The admin turns moderation on.
    await page.getByLabel("Moderation").selectOption("all");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Settings saved.").isVisible()).toBe(true);
    expect((await h.call("GET", "/v1/workspace", { key })).body.moderation).toBe("all");

    // A customer posts on the portal, with JavaScript off, and is told it waits.
    const base = `${h.url}/p/${ws.slug}`;
    const sso = (path: string) =>
      `${base}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada Lovelace" })}&redirect=${encodeURIComponent(`/p/${ws.slug}${path}`)}`;
    const portal = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const reader = await portal.newPage();
    await reader.goto(sso("/b/feature-requests/new"));
    await reader.getByLabel("Your idea, in a few words").fill("Export every report to CSV");
    await reader.getByLabel("Details (optional)").fill("Weekly, for the finance team.");
    await reader.getByRole("button", { name: "Post the idea" }).click();
    await expect.poll(() => reader.getByRole("status").textContent()).toContain("the team reads each idea before it appears");
    expect(await reader.getByRole("link", { name: "Export every report to CSV" }).count()).toBe(0);
    // axe needs JavaScript: the same page, seen by a reader with it on.
    const checker = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const checked = await checker.newPage();
    await checked.goto(sso(new URL(reader.url()).pathname.slice(`/p/${ws.slug}`.length) + new URL(reader.url()).search));
    await everyView(checked, "portal-post-held");
    await checker.close();
    await reader.goto(sso(`/posts/${published}`));
    await reader.getByLabel("Add a comment").fill("We would use this every day.");
    await reader.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => reader.locator("#comment-held").textContent()).toContain("the team reads each comment");
    expect(await reader.locator(".comment").count()).toBe(0);
    const bea = { "x-service-public-key": (await h.call("GET", "/v1/workspace", { key })).body.publicKey as string };
    const { token } = await ws.identify("bea");
    const spam = await h.call("POST", "/v1/portal/posts", {
      headers: { ...bea, "x-service-user-token": token },
      json: { boardId: await ws.boardId(), title: "Cheap watches", body: "https://a.example https://b.example https://c.example" },
    });
    expect(spam.body.heldForApproval).toBe(true);

    // The admin's Held view has both posts, and the published one with its held comment.
    await page.goto(`${h.url}/app/posts`);
    const views = page.getByRole("navigation", { name: "Views" });
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(1);
    await views.getByRole("button", { name: "Held for approval" }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.filter({ hasText: "Cheap watches" }).locator(".badge.signal").textContent()).toBe("many links");
    expect(await rows.filter({ hasText: "Calendar sync" }).locator(".badge.held").textContent()).toBe("1 comment held");
    await everyView(page, "inbox-held");

    // Rejected from the inbox's selection.
    await rows.filter({ hasText: "Cheap watches" }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reject 1 held post" }).click();
    await page.getByRole("dialog", { name: "Reject 1 held post?" }).getByRole("button", { name: "Reject 1 held post" }).click();
    await expect.poll(() => rows.count()).toBe(2);

    // Approved from its page, with the keyboard.
    await rows.getByRole("link", { name: "Export every report to CSV" }).click();
    const approve = page.getByRole("region", { name: "Held for approval" }).getByRole("button", { name: "Approve" });
    await expect.poll(() => approve.isVisible()).toBe(true);
    await everyView(page, "post-held");
    await approve.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("region", { name: "Held for approval" }).count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Edit the title and description" }).isVisible()).toBe(true);

    // The held comment, approved from the thread.
    await page.goto(`${h.url}/app/posts/${published}`);
    const held = page.getByRole("article", { name: /Comment by Ada Lovelace/ });
    await expect.poll(() => held.locator(".badge.held").isVisible()).toBe(true);
    await everyView(page, "post-held-comment");
    await held.getByRole("button", { name: /^Approve/ }).click();
    await expect.poll(() => held.locator(".badge.held").count()).toBe(0);

    // The portal shows what was approved, and not what was rejected.
    await reader.goto(sso("/b/feature-requests"));
    expect(await reader.getByRole("link", { name: "Export every report to CSV" }).count()).toBe(1);
    expect(await reader.getByRole("link", { name: "Cheap watches" }).count()).toBe(0);
    await reader.goto(sso(`/posts/${published}`));
    expect(await reader.locator(".comment").count()).toBe(1);
    await portal.close();
    await context.close();
  });
});
