import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { identityJwt } from "../../server/test/support/jwt.js";

// A person's data requests in Chromium: the team downloads an end user's data from their page and
// erases it with the keyboard; the person downloads their own from the portal's "My ideas" page.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("a person's data", () => {
  it("downloads and erases an end user's data from their page, and the person downloads theirs on the portal", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;

    // Ada signs in to the portal through the customer's app, posts an idea and finds her data.
    const base = `${h.url}/p/${ws.slug}`;
    const portal = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const reader = await portal.newPage();
    await reader.goto(
      `${base}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada Lovelace", email: "ada@example.com" })}&redirect=${encodeURIComponent(`/p/${ws.slug}/me`)}`,
    );
    const ada = (await h.call("GET", "/v1/users?email=ada%40example.com", { key })).body.data[0].id as string;
    await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Offline drafts", authorId: ada } });
    await reader.reload();
    const own = reader.getByRole("link", { name: "Download my data" });
    await expect.poll(() => own.isVisible()).toBe(true);
    await everyView(reader, "portal-my-data");
    const [ownFile] = await Promise.all([reader.waitForEvent("download"), own.click()]);
    expect(ownFile.suggestedFilename()).toBe(`${ws.slug}-my-data.json`);
    const mine = JSON.parse(await readFile((await ownFile.path())!, "utf8"));
    expect(mine.user).toMatchObject({ id: ada, email: "ada@example.com" });
    expect(mine.posts.map((p: { title: string }) => p.title)).toEqual(["Offline drafts"]);

    // The team: her page, a download, then the erasure, confirmed by keyboard.
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", `/app/users/${ada}`);
    await expect.poll(() => page.getByRole("heading", { name: "Ada Lovelace", level: 1 }).isVisible()).toBe(true);
    const panel = page.getByRole("region", { name: "Their data" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await everyView(page, "user-data");
    const [file] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Download their data" }).click()]);
    expect(file.suggestedFilename()).toBe(`${ada}.json`);
    expect(JSON.parse(await readFile((await file.path())!, "utf8")).user.id).toBe(ada);

    await panel.getByRole("button", { name: "Erase…" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Erase Ada Lovelace?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await everyView(page, "user-erase-confirm");
    // The safe choice has the focus; the erasure is one Tab away.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: "Their data was erased" }).isVisible()).toBe(true);
    // The page's own status, not the frame's (empty) Undo notice.
    expect(await page.getByRole("status").filter({ hasText: "Removed" }).textContent()).toContain("Their votes, posts and comments stay, without a name.");
    await everyView(page, "user-erased");
    expect((await h.call("GET", `/v1/users/${ada}`, { key })).status).toBe(404);

    // Signed out everywhere: her portal page is gone with her session.
    await reader.goto(`${base}/me`);
    expect(await reader.getByRole("link", { name: "Download my data" }).count()).toBe(0);
    await page.getByRole("link", { name: "Back to end users" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "No end users yet" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await Promise.all([context.close(), portal.close()]);
  });
});
