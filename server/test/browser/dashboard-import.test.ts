import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importPass } from "../../src/features/imports/index.js";
import { useChromium } from "../support/browser.js";
import { everyView, signedInPage } from "../support/dashboard.js";
import { useHarness } from "../support/harness.js";

// Settings → Import in Chromium: an admin picks UserVoice's two export files, previews the import
// (a dry run with its report and the first rows), imports them for real, sees what landed, and
// undoes it, by keyboard where a person would; other columns get a mapping offered from the file's
// header. A member never reaches the page.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
const FIXTURES = join(import.meta.dirname, "../fixtures/imports");

describe("importing from the dashboard", () => {
  it("previews, imports and undoes UserVoice's export; maps other columns; a member may not", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/import");
    page.setDefaultTimeout(15_000);
    await expect.poll(() => page.getByRole("heading", { name: "Import", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No import yet.").isVisible()).toBe(true);
    await everyView(page, "settings-import-empty");

    const csv = page.getByRole("region", { name: "From CSV files" });
    await csv.getByLabel("What the files are").selectOption("uservoice");
    await csv.getByLabel("Ideas export").setInputFiles(join(FIXTURES, "uservoice-ideas.csv"));
    await csv.getByLabel("Voters export").setInputFiles(join(FIXTURES, "uservoice-voters.csv"));
    await csv.getByRole("button", { name: "Preview the import" }).click();
    const list = page.getByRole("list", { name: "Imports" });
    await expect.poll(() => list.getByText("Waiting to start…").isVisible()).toBe(true);
    await importPass(h.services);
    await expect.poll(() => list.getByRole("table", { name: "The first posts as they would land" }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await list.getByRole("row", { name: /Export to PDF Product ideas planned 2019-03-04/ }).count()).toBe(1);
    await list.getByText(/kinds? of problem/).click();
    await everyView(page, "settings-import-preview");
    await page.setViewportSize({ width: 375, height: 800 });
    await list.screenshot({ path: "test-results/settings-import-preview-375.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await list.getByRole("button", { name: "Import these files" }).click();
    await expect.poll(() => list.getByText("Waiting to start…").isVisible()).toBe(true);
    await importPass(h.services);
    await expect.poll(() => list.getByRole("button", { name: "Undo the import from uservoice" }).isVisible(), { timeout: 10_000 }).toBe(true);
    const key = await ws.key();
    // Four ideas, one merged into another: the list shows three.
    expect((await h.call("GET", "/v1/posts?limit=10", { key })).body.data).toHaveLength(3);
    await everyView(page, "settings-import-done");

    // Undo by keyboard: the dialog opens on its safe button; confirming takes everything out.
    await list.getByRole("button", { name: "Undo the import from uservoice" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Undo this import?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/settings-import-undo-dialog.png" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Undo the import");
    await page.keyboard.press("Enter");
    await expect.poll(() => list.getByText("Being undone…").isVisible()).toBe(true);
    await importPass(h.services);
    await expect.poll(() => list.getByText("Undone", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await h.call("GET", "/v1/posts?limit=10", { key })).body.data).toHaveLength(0);

    // Other columns: the mapping offers the file's own header, a likely column already chosen.
    await csv.getByLabel("What the files are").selectOption("mapped");
    await csv
      .getByLabel("Posts file", { exact: true })
      .setInputFiles({ name: "requests.csv", mimeType: "text/csv", buffer: Buffer.from("Ticket,Subject,Details\nT-1,Bulk edit,Many rows at once\n") });
    const mapping = csv.getByRole("group", { name: "Columns of the posts file" });
    await expect.poll(() => mapping.getByLabel("Title (needed)").inputValue()).toBe("Subject");
    await mapping.getByLabel("Its id in the source").selectOption("Ticket");
    await everyView(page, "settings-import-mapping");
    await csv.getByRole("button", { name: "Preview the import" }).click();
    await expect.poll(() => list.locator(":scope > li").count()).toBe(3);
    await importPass(h.services);
    await expect.poll(() => list.getByRole("row", { name: /Bulk edit Imported default/ }).isVisible(), { timeout: 10_000 }).toBe(true);

    // A Canny key that Canny refuses: the import fails and says why.
    h.services.cannyBaseUrl = "http://127.0.0.1:9";
    const canny = page.getByRole("region", { name: "From Canny" });
    await canny.getByRole("button", { name: "Dry run" }).click();
    await expect.poll(() => canny.getByText("Paste the API key from Canny: Settings → API & Webhooks.").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    const member = await signedInPage(chromium.browser, h, ws, "member", "/app/settings/import");
    await expect.poll(() => member.page.getByRole("heading", { name: "Owners and admins only" }).isVisible()).toBe(true);
    await member.context.close();
  });
});
