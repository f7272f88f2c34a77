import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Settings → Boards → Statuses in Chromium: a status taken off the portal's roadmap and named in
// German, saved through the API, shown so in the list and on the portal, while the dashboard keeps
// the team's name.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

type Status = { id: string; name: string; onRoadmap: boolean; translations: Record<string, string> };

describe("Settings → Boards → Statuses", () => {
  it("takes a status off the roadmap and names another in German, as the portal then shows", { timeout: 150_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key(["boards:read"]);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/boards");
    const statuses = async (): Promise<Status[]> => (await h.call("GET", "/v1/statuses", { key })).body.data;
    const named = async (name: string) => (await statuses()).find((s) => s.name === name)!;
    await expect.poll(() => page.getByRole("button", { name: "Edit Under review" }).isVisible()).toBe(true);
    const row = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("button", { name: `Edit ${name}`, exact: true }) });
    expect(await row("Open").textContent()).toContain("not on the roadmap");
    expect(await row("Under review").textContent()).toContain("on the roadmap");

    // Off the roadmap.
    await page.getByRole("button", { name: "Edit Under review" }).click();
    const review = page.getByRole("form", { name: "Edit Under review" });
    expect(await review.getByLabel("Show as a column of the public roadmap").isChecked()).toBe(true);
    expect(await review.getByLabel("Deutsch").inputValue()).toBe("In Prüfung");
    await review.getByLabel("Show as a column of the public roadmap").uncheck();
    await review.getByRole("button", { name: "Save status" }).click();
    await expect.poll(async () => (await named("Under review")).onRoadmap).toBe(false);
    await expect.poll(() => row("Under review").textContent()).toContain("not on the roadmap");

    // A German name of its own, and one language cleared (it then reads the team's name).
    await page.getByRole("button", { name: "Edit Planned" }).click();
    const planned = page.getByRole("form", { name: "Edit Planned" });
    await planned.getByLabel("Deutsch").fill("In Planung");
    await planned.getByLabel("日本語").fill("");
    await everyView(page, "settings-status-names");
    await planned.getByRole("button", { name: "Save status" }).click();
    await expect.poll(async () => (await named("Planned")).translations.de).toBe("In Planung");
    const saved = await named("Planned");
    expect(saved.translations.ja).toBeUndefined();
    expect(saved.translations.ar).toBe("مخطط له");
    expect(saved.onRoadmap).toBe(true);

    // After a reload the form holds what was saved; the list keeps the team's name.
    await page.reload();
    await page.getByRole("button", { name: "Edit Planned" }).click();
    expect(await page.getByRole("form", { name: "Edit Planned" }).getByLabel("Deutsch").inputValue()).toBe("In Planung");
    expect(await page.getByRole("form", { name: "Edit Planned" }).getByLabel("日本語").inputValue()).toBe("");
    await page.getByRole("form", { name: "Edit Planned" }).getByRole("button", { name: "Cancel" }).click();
    await everyView(page, "settings-statuses");

    // A language the portal does not speak is refused by the server (the form offers none).
    const refused = await h.call("PATCH", `/v1/statuses/${saved.id}`, { key: await ws.key(), json: { translations: { tlh: "x" } } });
    expect(refused.status).toBe(400);

    // The portal reads what was set: German names, and no "Under review" column.
    const portal = await context.newPage();
    await portal.goto(`${h.url}/p/${ws.slug}/roadmap?lang=de`);
    const headings = await portal.locator(".column h2").allTextContents();
    expect(headings).toEqual(["In Planung", "In Arbeit", "Erledigt"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
