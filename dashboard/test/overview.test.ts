import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// The overview (/app) in Chromium: the period's numbers, empty and then with data, and the period
// chosen from the keyboard, kept in the address.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the overview", () => {
  it("says a new workspace has no numbers yet, then shows a period's activity, top posts and first response", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app");
    const numbers = page.getByRole("region", { name: "The numbers" });
    await expect.poll(() => numbers.getByRole("heading", { name: "Nothing in this period yet" }).isVisible()).toBe(true);
    await everyView(page, "overview-empty");

    const key = await ws.key();
    const boardId = await ws.boardId();
    const acme = (await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme", monthlySpend: 1200 } })).body.id;
    const ann = (await h.call("POST", "/v1/users", { key, json: { externalId: "ann", name: "Ann", companyId: acme } })).body.id;
    const bob = (await h.call("POST", "/v1/users", { key, json: { externalId: "bob", name: "Bob" } })).body.id;
    const sso = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Single sign-on with Okta", authorId: ann } })).body.id;
    const csv = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "CSV export", authorId: bob } })).body.id;
    for (const userId of [ann, bob]) await h.call("POST", `/v1/posts/${sso}/votes`, { key, json: { userId } });
    await h.call("POST", `/v1/posts/${csv}/votes`, { key, json: { userId: bob } });
    await h.call("POST", `/v1/posts/${sso}/comments`, { key, json: { body: "On our list." } });

    await page.reload();
    const weeks = numbers.getByRole("table", { name: "Per week" });
    await expect.poll(() => weeks.isVisible()).toBe(true);
    expect(await weeks.getByRole("row").count()).toBeGreaterThan(12);
    const mostVoted = numbers.getByRole("region", { name: "Most voted" });
    await expect.poll(() => mostVoted.getByRole("listitem").allTextContents()).toEqual(["Single sign-on with Okta 2 votes", "CSV export 1 vote"]);
    expect(await numbers.getByRole("region", { name: "Time to first response" }).textContent()).toContain("1 of 2 end users' posts answered publicly.");
    expect(await numbers.getByRole("region", { name: "Companies asking most" }).textContent()).toContain("Acme 1 post · $1,200/mo");
    await everyView(page, "overview");

    // The period from the keyboard; it stays in the address.
    await numbers.getByLabel("Period").focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => new URL(page.url()).searchParams.get("period")).toBe("26w");
    await mostVoted.getByRole("link", { name: "Single sign-on with Okta" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Single sign-on with Okta", level: 1 }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
