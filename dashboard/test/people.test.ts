import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// End users and companies (/app/users, /app/companies) in Chromium: found by search, a person's
// votes, posts and tracked events, and a company's people and asks ranked by revenue.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("end users and companies", () => {
  it("finds a person, shows what they voted for, posted and did, and their company's asks by revenue", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/users");
    await expect.poll(() => page.getByRole("heading", { name: "No end users yet" }).isVisible()).toBe(true);
    await everyView(page, "users-empty");

    const company = async (externalId: string, name: string, monthlySpend: number) =>
      (await h.call("POST", "/v1/companies", { key, json: { externalId, name, monthlySpend } })).body.id as string;
    const user = async (externalId: string, name: string, companyId: string, traits = {}) =>
      (await h.call("POST", "/v1/users", { key, json: { externalId, name, email: `${externalId}@example.com`, companyId, traits } })).body.id as string;
    // Ada signs in through the customer's app first (identify names her "Person ada"); the API's
    // upsert below gives her real name and company.
    const { token } = await ws.identify("ada");
    const acme = await company("acme", "Acme", 1200);
    const globex = await company("globex", "Globex", 300);
    const ada = await user("ada", "Ada Lovelace", acme, { plan: "enterprise" });
    const grace = await user("grace", "Grace Hopper", globex);
    const post = async (title: string, authorId: string | null = null) =>
      (await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...(authorId ? { authorId } : {}) } })).body.id as string;
    const [sso, csv] = [await post("Single sign-on", ada), await post("CSV export")];
    for (const [p, u] of [
      [sso, ada],
      [csv, ada],
      [csv, grace],
    ] as const)
      await h.call("POST", `/v1/posts/${p}/votes`, { key, json: { userId: u } });
    await h.call("POST", `/v1/posts/${csv}/comments`, { key, json: { body: "Finance needs this monthly.", authorId: ada } });
    const tracked = await h.call("POST", "/v1/track", {
      headers: ws.customer(token),
      json: { batch: [{ event: "report.exported" }, { event: "report.exported" }, { event: "signed_in" }] },
    });
    expect(tracked.status).toBeLessThan(300);

    await page.reload();
    await page.getByLabel("Find an end user").fill("lovel");
    await page.getByLabel("Find an end user").press("Enter");
    const rows = page.getByRole("table", { name: "End users" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(new URL(page.url()).searchParams.get("q")).toBe("lovel");
    await everyView(page, "users");
    await page.getByRole("link", { name: "Ada Lovelace" }).click();

    await expect.poll(() => page.getByRole("heading", { name: "Ada Lovelace", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("list", { name: "Posts they voted for" }).getByRole("listitem").count()).toBe(2);
    expect(await page.getByRole("list", { name: "Posts they wrote" }).textContent()).toContain("Single sign-on");
    await expect.poll(() => page.getByRole("list", { name: "Comments they wrote" }).textContent()).toContain("Finance needs this monthly.");
    await expect.poll(() => page.getByRole("list", { name: "Tracked events" }).textContent()).toContain("report.exported2 ×");
    expect(await page.locator(".facts").textContent()).toContain("planenterprise");
    await everyView(page, "user");

    await page.getByRole("link", { name: "Acme" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Acme", level: 1 }).isVisible()).toBe(true);
    expect(await page.getByTestId("spend").textContent()).toBe("$1,200");
    // Acme's people asked for both; CSV export has Globex's spend too, so it ranks first.
    await expect
      .poll(() => page.getByRole("list", { name: "Posts its people voted for" }).getByRole("link").allTextContents())
      .toEqual(["CSV export", "Single sign-on"]);
    expect(await page.getByRole("list", { name: "People of the company" }).textContent()).toContain("Ada Lovelace");
    await everyView(page, "company");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Companies" }).click();
    const companyNames = () => page.getByRole("table", { name: "Companies" }).getByRole("link").allTextContents();
    // Newest first, then by monthly spend, highest first (Acme 1,200 over Globex 300).
    await expect.poll(companyNames).toEqual(["Globex", "Acme"]);
    await page.getByLabel("Sort").selectOption("spend");
    await expect.poll(companyNames).toEqual(["Acme", "Globex"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("spend");
    // The same view from a pasted address, and after a reload.
    await page.goto(`${h.url}/app/companies?sort=spend`);
    await expect.poll(companyNames).toEqual(["Acme", "Globex"]);
    await page.reload();
    await expect.poll(companyNames).toEqual(["Acme", "Globex"]);
    expect(await page.getByLabel("Sort").inputValue()).toBe("spend");
    await page.getByLabel("Sort").selectOption("newest");
    await expect.poll(companyNames).toEqual(["Globex", "Acme"]);
    await page.getByLabel("Find a company").fill("glob");
    await page.getByLabel("Find a company").press("Enter");
    await expect.poll(() => page.getByRole("table", { name: "Companies" }).getByRole("row").count()).toBe(2);
    await everyView(page, "companies");
    await page.getByLabel("Find a company").fill("nothing like it");
    await page.getByLabel("Find a company").press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: "No company matches" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
