import { describe, expect, it } from "vitest";
import { useChromium } from "../support/browser.js";
import { everyView } from "../support/dashboard.js";
import { useHarness } from "../support/harness.js";

// The public portal read in Chromium with JavaScript switched off, as a search engine or a
// cautious visitor reads it: every page shows its content, links and the board's GET form work,
// and each page passes axe-core at desktop and 375 px, light and dark.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the portal with JavaScript off", () => {
  it("reads every page, sorts, filters and searches a board, and follows links", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string; category: string }[];
    const planned = statuses.find((s) => s.name === "Planned")!;
    const shipped = statuses.find((s) => s.category === "complete")!;
    const post = async (title: string, body: string, statusId?: string) =>
      (await h.call("POST", "/v1/posts", { key, json: { boardId, title, body, ...(statusId ? { statusId } : {}) } })).body.id as string;
    const dark = await post("Dark mode", "Easier on the eyes at night.\n\n- settings\n- **automatic** switch", planned.id);
    await post("Export to CSV", "For the finance team.");
    const sso = await post("Single sign-on with Okta", "We use Okta everywhere.", shipped.id);
    const { token } = await ws.identify("reader");
    await h.call("POST", `/v1/portal/posts/${dark}/vote`, { headers: ws.customer(token) });
    const top = (await h.call("POST", `/v1/posts/${dark}/comments`, { key, json: { body: "Planned for spring." } })).body.id;
    await h.call("POST", `/v1/portal/posts/${dark}/comments`, { headers: ws.customer(token), json: { body: "Thank you!", parentId: top } });
    const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "Okta sign-in", type: "new", body: "Sign in with **Okta**.", postIds: [sso] } }))
      .body.id;
    await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });

    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const base = `${h.url}/p/${ws.slug}`;
    // axe-core runs as a script in the page, which the JavaScript-off context refuses: each page
    // is checked and photographed again in a context of its own (the pages have no script anyway).
    const checker = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const checked = await checker.newPage();
    const everyViewOf = async (name: string) => {
      await checked.goto(page.url());
      await everyView(checked, name);
    };

    await page.goto(base);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Test ${ws.slug} feedback`);
    await everyViewOf("portal-home");
    await page.getByRole("link", { name: "Feature requests" }).click();
    const titles = () => page.locator(".posts h2").allTextContents();
    expect(await titles()).toHaveLength(3);
    await everyViewOf("portal-board");
    await page.getByRole("link", { name: "Top" }).click();
    expect((await titles())[0]).toBe("Dark mode");
    await page.getByLabel("Status").selectOption({ label: "Shipped" });
    await page.getByRole("button", { name: "Search" }).click();
    expect(await titles()).toEqual(["Single sign-on with Okta"]);
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Search ideas").fill("finance");
    await page.getByRole("button", { name: "Search" }).click();
    expect(await titles()).toEqual(["Export to CSV"]);
    await page.getByLabel("Search ideas").fill("nothing like this");
    await page.getByRole("button", { name: "Search" }).click();
    expect(await page.getByText("No idea matches.").isVisible()).toBe(true);
    await everyViewOf("portal-board-no-match");

    await page.goto(`${base}/posts/${dark}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dark mode");
    expect(await page.locator(".markdown strong").first().textContent()).toBe("automatic");
    expect(await page.locator(".count strong").first().textContent()).toBe("1");
    expect(await page.locator(".replies").textContent()).toContain("Thank you!");
    await everyViewOf("portal-post");

    await page.goto(`${base}/roadmap`);
    expect(await page.getByRole("region", { name: "In progress" }).textContent()).toContain("Dark mode");
    expect(await page.getByRole("region", { name: "Shipped" }).textContent()).toContain("Single sign-on with Okta");
    await everyViewOf("portal-roadmap");

    await page.goto(`${base}/posts/${sso}`);
    await page.getByRole("link", { name: "Okta sign-in" }).click();
    expect(page.url()).toContain("/changelog#entry-");
    expect(await page.locator(".entry strong").textContent()).toBe("Okta");
    await everyViewOf("portal-changelog");

    await page.goto(`${base}/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Not found");
    await everyViewOf("portal-not-found");
    await context.close();
    await checker.close();
  });
});
