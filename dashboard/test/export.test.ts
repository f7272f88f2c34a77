import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { exportPass } from "../../server/src/features/exports/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { unzipText } from "../../server/test/support/unzip.js";

// Settings → Workspace → Export in Chromium: an admin asks for the export, sees it wait and then
// finish, and downloads the archive; a member never reaches it.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("exporting the workspace", () => {
  it("asks for the export, follows it to done and downloads the zip; a member may not", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/workspace");
    const section = page.getByRole("region", { name: "Export" });
    await expect.poll(() => section.getByRole("button", { name: "Export the workspace" }).isVisible()).toBe(true);
    await section.getByRole("button", { name: "Export the workspace" }).click();
    await expect.poll(() => section.getByText("Waiting to start…").isVisible()).toBe(true);
    await everyView(page, "settings-export-waiting");
    // The section alone, at a phone's width, where the long page's photographs make it small.
    await page.setViewportSize({ width: 375, height: 800 });
    await section.screenshot({ path: "test-results/settings-export-section-waiting-375.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The server's background runner, run here: the page follows it on its own.
    await exportPass(h.services);
    const download = section.getByRole("button", { name: "Download" });
    await expect.poll(() => download.isVisible(), { timeout: 10_000 }).toBe(true);
    await everyView(page, "settings-export-done");
    await page.setViewportSize({ width: 375, height: 800 });
    await section.screenshot({ path: "test-results/settings-export-section-done-375.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${ws.slug}-exp_[0-9a-z]{26}\\.zip$`));
    const files = await unzipText(await readFile((await file.path())!));
    expect(files.get("posts.csv")).toContain("Dark mode");
    expect(problems).toEqual([]);
    await context.close();

    const member = await signedInPage(chromium.browser, h, ws, "member", "/app/settings/workspace");
    // Settings → Workspace is the owners' and admins' page: a member is told so, and sees no export.
    await expect.poll(() => member.page.getByRole("heading", { name: "Owners and admins only" }).isVisible()).toBe(true);
    expect(await member.page.getByRole("button", { name: "Export the workspace" }).count()).toBe(0);
    await member.context.close();
  });
});
