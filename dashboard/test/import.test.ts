import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importPass } from "../../server/src/features/imports/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Settings → Import in Chromium: an admin picks UserVoice's two export files, previews the import
// (a dry run with its report and the first rows), imports them for real, sees what landed, and
// undoes it, by keyboard where a person would; other columns get a mapping offered from the file's
// header. A member never reaches the page. A file whose dates read two ways asks how they are
// written, and imports only once the person has said.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
const FIXTURES = join(import.meta.dirname, "../../server/src/features/imports/test/fixtures");

describe("importing from the dashboard", () => {
  it("previews, imports and undoes UserVoice's export; maps other columns; a member may not", { timeout: 180_000 }, async () => {
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
    expect(await list.getByRole("row", { name: /Export to PDF Product ideas Planned 2019-03-04/ }).count()).toBe(1);
    await list.getByText(/kinds? of problem/).click();
    await everyView(page, "settings-import-preview");
    await page.setViewportSize({ width: 375, height: 800 });
    await list.screenshot({ path: "test-results/settings-import-preview-375.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await list.getByRole("button", { name: "Import these 4 posts" }).click();
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

  it("asks how a sheet's day-first dates are written, and imports them as the person says", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/import");
    page.setDefaultTimeout(15_000);
    const csv = page.getByRole("region", { name: "From CSV files" });
    await expect.poll(() => csv.isVisible()).toBe(true);

    // A feedback form's responses, downloaded from a British spreadsheet: every date day first, none past the 12th.
    await csv.getByLabel("What the files are").selectOption("mapped");
    await csv.getByLabel("Posts file", { exact: true }).setInputFiles(join(FIXTURES, "google-forms-feedback.csv"));
    const mapping = csv.getByRole("group", { name: "Columns of the posts file" });
    await expect.poll(() => mapping.getByLabel("Created").inputValue()).toBe("Timestamp");
    await mapping.getByLabel("Title (needed)").selectOption("What would you like us to build?");
    await mapping.getByLabel("Description").selectOption("Why does it matter to you?");
    expect(await mapping.getByLabel("Author's email").inputValue()).toBe("Email Address");
    // Left to the file: its dates are the ones to say how they read.
    expect(await mapping.getByLabel("Its dates are written as").inputValue()).toBe("");
    await csv.getByRole("button", { name: "Preview the import" }).click();
    const list = page.getByRole("list", { name: "Imports" });
    await expect.poll(() => list.getByText("Waiting to start…").isVisible()).toBe(true);
    await importPass(h.services);

    const question = list.getByRole("group", { name: "How are the dates in google-forms-feedback.csv, column “Timestamp” written?" });
    await expect.poll(() => question.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await question.textContent()).toMatch(/“01\/05\/2024 10:12:33” is (1 May 2024|May 1, 2024).* or (5 January 2024|January 5, 2024)/);
    // Nothing imports with a guessed date: the preview shows none, and the import is not offered.
    expect(await list.getByRole("row", { name: /Export to Excel Imported default date not read/ }).count()).toBe(1);
    expect(await list.getByRole("button", { name: /^Import these/ }).count()).toBe(0);
    await expect.poll(() => list.getByText("The import runs once every date reads").isVisible()).toBe(true);
    const again = list.getByRole("button", { name: "Preview with these dates" });
    expect(await again.isDisabled()).toBe(true);
    await list.getByText(/kinds? of problem/).click();
    await everyView(page, "settings-import-dates-question");

    await question.getByRole("radio", { name: /^Day\/month\/year/ }).check();
    await again.click();
    await expect.poll(() => list.locator(":scope > li").count()).toBe(2);
    await importPass(h.services);
    const answered = list.locator(":scope > li").first();
    await expect
      .poll(() => answered.getByText(/Dates in google-forms-feedback\.csv, column “Timestamp”: read as day\/month\/year\./).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await answered.getByRole("row", { name: /Export to Excel Imported default 2024-05-01/ }).count()).toBe(1);
    expect(await answered.getByRole("row", { name: /Slack alerts, per board Imported default 2024-06-11/ }).count()).toBe(1);
    await everyView(page, "settings-import-dates-read");

    await answered.getByRole("button", { name: "Import these 3 posts" }).click();
    await expect.poll(() => list.locator(":scope > li").count()).toBe(3);
    await importPass(h.services);
    await expect.poll(() => list.getByRole("button", { name: "Undo the import from csv" }).isVisible(), { timeout: 10_000 }).toBe(true);
    const posts = (await h.call("GET", "/v1/posts?limit=10", { key })).body.data as { title: string; createdAt: string }[];
    expect(posts.map((p) => [p.title, p.createdAt]).sort()).toEqual([
      ["Dark mode", "2024-05-03T16:45:02.000Z"],
      ["Export to Excel", "2024-05-01T10:12:33.000Z"],
      ["Slack alerts, per board", "2024-06-11T08:03:51.000Z"],
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
  it("maps another tool's export once: statuses by name, the mapping kept for the next file, and a dry run done once imported", {
    timeout: 180_000,
  }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const statuses = (await h.call("GET", "/v1/statuses?limit=100", { key })).body.data as { id: string; name: string }[];
    const complete = statuses.find((s) => s.name === "Complete")!.id;
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/import");
    page.setDefaultTimeout(15_000);
    const csv = page.getByRole("region", { name: "From CSV files" });
    const list = page.getByRole("list", { name: "Imports" });
    const items = list.locator(":scope > li");
    await expect.poll(() => csv.isVisible()).toBe(true);

    // UserVoice: the columns it reads are listed where it is chosen, from the server's definition.
    await csv.getByLabel("What the files are").selectOption("uservoice");
    const read = csv.getByRole("region", { name: "The columns it reads" });
    await expect.poll(() => read.isVisible()).toBe(true);
    for (const column of ["suggestion.title", "suggestion.status.name", "suggestion.labels.name", "user.email_address"])
      expect(await read.getByText(column, { exact: true }).count(), column).toBe(1);
    await everyView(page, "settings-import-uservoice-columns");

    // Another tool's export: its columns mapped by hand, once.
    const sheet = (rows: string[]) => ({
      name: "feature-requests.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["Ticket,Subject,Details,State,Area,Labels", ...rows].join("\n")),
    });
    await csv.getByLabel("What the files are").selectOption("mapped");
    await csv
      .getByLabel("Posts file", { exact: true })
      .setInputFiles(
        sheet([
          'FR-1,Offline mode,Work on the train,Shipped,Mobile,"sync, ios"',
          "FR-2,Bulk edit,Many rows at once,planned,Web,sync",
          "FR-3,Widget themes,Match our brand,Shipped,Mobile,",
        ]),
      );
    const mapping = csv.getByRole("group", { name: "Columns of the posts file" });
    await expect.poll(() => mapping.getByLabel("Title (needed)").inputValue()).toBe("Subject");
    expect(await mapping.getByText(/Filled in as your last import/).count()).toBe(0);
    await mapping.getByLabel("Its id in the source").selectOption("Ticket");
    await mapping.getByLabel("Status").selectOption("State");
    await mapping.getByLabel("Board").selectOption("Area");
    await mapping.getByLabel("Tags (comma-separated)").selectOption("Labels");
    await csv.getByRole("button", { name: "Preview the import" }).click();
    await expect.poll(() => items.count()).toBe(1);
    await importPass(h.services);

    // The preview says what it would make, and asks what "Shipped" becomes ("planned" is Planned already).
    const first = items.first();
    await expect.poll(() => first.getByRole("region", { name: "Statuses in the file" }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await first.getByText("“planned” is Planned (1 post)").count()).toBe(1);
    expect(await first.getByText("New boards: Mobile (2 posts), Web (1 post)").count()).toBe(1);
    expect(await first.getByText("New statuses: Shipped (2 posts)").count()).toBe(1);
    expect(await first.getByText("New tags: sync (2 posts), ios (1 post)").count()).toBe(1);
    const shipped = first.getByLabel("“Shipped” (2 posts) becomes");
    expect(await shipped.inputValue()).toBe("");
    expect(await first.getByRole("button", { name: "Import these 3 posts" }).count()).toBe(1);
    await everyView(page, "settings-import-statuses-asked");

    await shipped.selectOption({ label: "Complete" });
    await first.getByRole("button", { name: "Preview with these statuses" }).click();
    await expect.poll(() => items.count()).toBe(2);
    await importPass(h.services);
    const mapped = items.first();
    await expect.poll(() => mapped.getByText("New statuses:").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => mapped.getByLabel("“Shipped” (2 posts) becomes").inputValue()).toBe(complete);
    // The first posts show the status they land with.
    expect(await mapped.getByRole("row", { name: "Offline mode Mobile Complete" }).count()).toBe(1);

    // Imported: neither dry run invites importing the same files again; a new import is offered.
    await mapped.getByRole("button", { name: "Import these 3 posts" }).click();
    await expect.poll(() => items.count()).toBe(3);
    await importPass(h.services);
    await expect.poll(() => list.getByRole("button", { name: "Undo the import from csv" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => list.getByText("These files were imported: the import is listed above.").count()).toBe(2);
    expect(await list.getByRole("button", { name: /^Import these/ }).count()).toBe(0);
    const posts = (await h.call("GET", "/v1/posts?limit=10", { key })).body.data as { title: string; status: { name: string } }[];
    expect(Object.fromEntries(posts.map((p) => [p.title, p.status.name]))).toEqual({
      "Offline mode": "Complete",
      "Bulk edit": "Planned",
      "Widget themes": "Complete",
    });
    await everyView(page, "settings-import-imported");
    await list.getByRole("button", { name: "Start a new import" }).first().click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest("label")?.textContent)).toMatch(/What the files are/);

    // Next month's export, same columns: the mapping and the status choice are there already.
    await csv
      .getByLabel("Posts file", { exact: true })
      .setInputFiles(sheet(["FR-4,Dark mode,Easier at night,Shipped,Web,", "FR-5,SAML sign-in,For our IT team,Needs triage,Web,security"]));
    await expect.poll(() => mapping.getByText(/Filled in as your last import of a file with these columns/).isVisible()).toBe(true);
    expect(await mapping.getByLabel("Its id in the source").inputValue()).toBe("Ticket");
    expect(await mapping.getByLabel("Status").inputValue()).toBe("State");
    expect(await mapping.getByLabel("Board").inputValue()).toBe("Area");
    expect(await mapping.getByLabel("Tags (comma-separated)").inputValue()).toBe("Labels");
    await everyView(page, "settings-import-mapping-saved");
    await csv.getByRole("button", { name: "Preview the import" }).click();
    await expect.poll(() => items.count()).toBe(4);
    await importPass(h.services);
    const next = items.first();
    await expect.poll(() => next.getByLabel("“Shipped” (1 post) becomes").inputValue(), { timeout: 10_000 }).toBe(complete);
    expect(await next.getByLabel("“Needs triage” (1 post) becomes").inputValue()).toBe("");
    expect(await next.getByText("New statuses: Needs triage (1 post)").count()).toBe(1);
    expect(await next.getByRole("button", { name: "Import these 2 posts" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
