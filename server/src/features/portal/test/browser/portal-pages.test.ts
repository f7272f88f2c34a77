import { describe, expect, it } from "vitest";
import { useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { identityJwt } from "../../../../../test/support/jwt.js";

// The public portal read in Chromium with JavaScript switched off, as a search engine or a
// cautious visitor reads it: every page shows its content, links and the board's GET form work,
// and each page passes axe-core at desktop and 375 px, light and dark.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the portal with JavaScript off", () => {
  it("reads every page, sorts, filters and searches a board, and follows links", { timeout: 180_000 }, async () => {
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
    await page.getByLabel("Status").selectOption({ label: shipped.name });
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
    // Each status its own column: the planned idea under Planned, not under In progress.
    expect(await page.getByRole("region", { name: "Planned" }).textContent()).toContain("Dark mode");
    expect(await page.getByRole("region", { name: "In progress" }).textContent()).not.toContain("Dark mode");
    expect(await page.getByRole("region", { name: shipped.name }).textContent()).toContain("Single sign-on with Okta");
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

  it("signs in from the customer's app, then votes, comments, replies and posts an idea with JavaScript off", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode", body: "Please." } })).body.id as string;
    const base = `${h.url}/p/${ws.slug}`;
    const sso = (path: string) =>
      `${base}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada Lovelace" })}&redirect=${encodeURIComponent(`/p/${ws.slug}${path}`)}`;
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const checker = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const checked = await checker.newPage();
    const everyViewOf = async (name: string) => {
      await checked.goto(sso(new URL(page.url()).pathname.slice(`/p/${ws.slug}`.length)));
      await everyView(checked, name);
    };

    await page.goto(sso(`/posts/${postId}`));
    expect(new URL(page.url()).pathname).toBe(`/p/${ws.slug}/posts/${postId}`);
    expect(await page.locator(".account").textContent()).toContain("Ada Lovelace");
    await page.getByRole("button", { name: /Vote/ }).click();
    expect(await page.getByRole("button", { name: /Voted/ }).getAttribute("aria-pressed")).toBe("true");
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(1);

    await page.getByLabel("Add a comment").fill("Yes, for the night shift.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    expect(await page.locator(".comments").textContent()).toContain("Yes, for the night shift.");
    await page.locator("details.reply summary").first().click();
    await page.getByLabel("Your reply").fill("Me too.");
    await page.getByRole("button", { name: "Send the reply" }).click();
    expect(await page.locator(".replies").textContent()).toContain("Me too.");
    await everyViewOf("portal-post-signed-in");

    await page.getByRole("link", { name: "Feature requests" }).click();
    await page.getByRole("link", { name: "Post an idea" }).click();
    await page.getByLabel("Your idea, in a few words").fill("Export to CSV");
    await page.getByLabel("Details (optional)").fill("For the finance team.");
    await everyViewOf("portal-submit");
    await page.getByRole("button", { name: "Post the idea" }).click();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Export to CSV");

    await page.getByRole("link", { name: "My ideas and votes" }).click();
    // Polled: on a loaded machine the page may still be arriving when its first section is there
    // (CI once read "Ideas I posted" with its list not yet parsed).
    await expect.poll(() => page.getByRole("region", { name: "Ideas I posted" }).textContent()).toContain("Export to CSV");
    await expect.poll(() => page.getByRole("region", { name: "Ideas I voted for" }).textContent()).toContain("Dark mode");
    await everyViewOf("portal-me");
    await page.getByRole("button", { name: "Sign out" }).click();
    // Signed out: the header offers the way in again.
    expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    await context.close();
    await checker.close();
  });

  it("votes in place and lists similar ideas while one is typed, with JavaScript on", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode for reports" } })).body.id as string;
    const base = `${h.url}/p/${ws.slug}`;
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${base}/sso?token=${identityJwt(secret, { sub: "ada", name: "Ada" })}&redirect=/p/${ws.slug}/posts/${postId}`);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await page.getByRole("button", { name: /Vote/ }).click();
    await expect.poll(() => page.getByRole("button", { name: /Voted/ }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(1);
    await page.getByRole("button", { name: /Voted/ }).click();
    await expect.poll(() => page.getByRole("button", { name: /Vote/ }).getAttribute("aria-pressed")).toBe("false");
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(0);
    await page.getByLabel("Add a comment").fill("Signed in from the app, with JavaScript on.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => page.locator(".comments").textContent()).toContain("Signed in from the app, with JavaScript on.");

    await page.goto(`${base}/b/feature-requests/new`);
    await page.getByLabel("Your idea, in a few words").pressSequentially("dark mode", { delay: 20 });
    const similar = page.getByRole("link", { name: "Dark mode for reports" });
    await expect.poll(() => similar.isVisible()).toBe(true);
    // One click votes for the similar idea instead of posting another.
    const voteInstead = page.locator(".similar").getByRole("button", { name: /Vote/ });
    await voteInstead.click();
    await expect.poll(() => page.locator(".similar").getByRole("button", { name: /Voted/ }).getAttribute("aria-pressed")).toBe("true");
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(1);
    await everyView(page, "portal-submit-similar");
    await similar.click();
    expect(new URL(page.url()).pathname).toBe(`/p/${ws.slug}/posts/${postId}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lets a guest of a private portal in by keyboard alone, at phone width", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await h.call("PATCH", "/v1/workspace", { key, json: { portalVisibility: "private", portalGuestAccess: true, portalAccentColor: "#0f766e" } });
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id as string;
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${ws.slug}/posts/${postId}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Sign in to Test ${ws.slug}`);
    await everyView(page, "portal-private");
    await page.getByRole("link", { name: "Other ways to sign in" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Your name").waitFor();
    await everyView(page, "portal-sign-in");
    await page.getByLabel("Your name").focus();
    await page.keyboard.type("Gus Guest");
    await page.keyboard.press("Tab");
    await page.keyboard.type("gus@example.com");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dark mode");
    await page.getByLabel("Add a comment").fill("A guest's comment.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => page.locator(".comments").textContent()).toContain("Gus Guest");
    // Voting from the board's list, in place.
    await page.goto(`${h.url}/p/${ws.slug}/b/feature-requests`);
    await page.getByRole("button", { name: /Vote/ }).first().click();
    await expect.poll(() => page.getByRole("button", { name: /Voted/ }).count()).toBe(1);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(1);
    await everyView(page, "portal-board-guest");
    await context.close();
  });

  it("takes a visitor from any page to a new idea: sign in on the form's page, then back to it", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await h.call("PATCH", "/v1/workspace", { key, json: { portalGuestAccess: true } });
    await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } });
    await h.call("POST", "/v1/boards", { key, json: { name: "Integrations" } });
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${ws.slug}/roadmap`);
    await everyView(page, "portal-header-visitor");
    await page.getByRole("link", { name: "Post an idea" }).click();
    // Two boards: which one first.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Post an idea");
    await everyView(page, "portal-new-choose-board");
    await page.getByRole("link", { name: "Feature requests" }).click();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Post an idea to Feature requests");
    expect(await page.getByLabel("Your idea, in a few words").count()).toBe(0);
    await everyView(page, "portal-new-visitor");
    await page.getByLabel("Your name").fill("Gus Guest");
    await page.getByLabel("Your email").fill("gus@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Your idea, in a few words").fill("Export to CSV");
    await page.getByRole("button", { name: "Post the idea" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Export to CSV");
    await everyView(page, "portal-header-reader");
    await context.close();
  });
});
