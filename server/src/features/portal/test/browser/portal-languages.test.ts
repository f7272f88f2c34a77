import { describe, expect, it } from "vitest";
import { en } from "../../../../platform/i18n/catalogues/en.js";
import { LANGUAGES } from "../../../../platform/i18n/languages.js";
import { translator } from "../../../../platform/i18n/translator.js";
import { preferencesToken } from "../../../notifications/tokens.js";
import { screenshot, useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { identityJwt } from "../../../../../test/support/jwt.js";

// Every portal page in every language, in Chromium at 375 px as a phone shows it: the page says
// which language it speaks and which way it reads, no message is missing (no key, no unfilled
// `{value}`), nothing is wider than the screen, and Arabic is mirrored (the name of the workspace
// on the right). Then the switch, used by keyboard, and a few pages looked at in full.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
const KEYS = Object.keys(en);

describe("the portal in every language", () => {
  it("renders every page in every language, whole, within 375 px, mirrored in Arabic", { timeout: 300_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string; category: string }[];
    const planned = statuses.find((s) => s.name === "Planned")!;
    const shipped = statuses.find((s) => s.category === "complete")!;
    const post = async (title: string, statusId?: string) =>
      (await h.call("POST", "/v1/posts", { key, json: { boardId, title, body: "Details **here**.", ...(statusId ? { statusId } : {}) } })).body.id as string;
    const dark = await post("Dark mode", planned.id);
    const sso = await post("Single sign-on with Okta", shipped.id);
    await h.call("POST", `/v1/posts/${dark}/comments`, { key, json: { body: "Planned for spring." } });
    const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "Okta sign-in", type: "new", body: "Sign in with **Okta**.", postIds: [sso] } }))
      .body.id;
    await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;

    const base = `${h.url}/p/${ws.slug}`;
    const pages: Record<string, string> = {
      home: "",
      board: "/b/feature-requests",
      ideas: "/ideas?sort=votes",
      post: `/posts/${dark}`,
      roadmap: "/roadmap",
      changelog: "/changelog",
      "choose-board": "/new",
      "new-idea": "/b/feature-requests/new",
      "sign-in": "/sign-in",
      "not-found": "/posts/post_missing",
    };
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // Signed in (from the customer's app), so "My ideas" is there too.
    await page.goto(`${base}/sso?token=${encodeURIComponent(identityJwt(secret, { sub: "ada", name: "Ada Lovelace" }))}`);
    pages.me = "/me";
    // The pages a notification mail links to, with the reader's signed token.
    const ada = (await h.call("GET", "/v1/users?q=ada", { key })).body.data[0].id as string;
    const token = encodeURIComponent(preferencesToken(h.services.notificationSecret, { workspaceId: ws.id, recipientId: ada }));
    pages.notifications = `/notifications?token=${token}`;
    pages.unsubscribe = `/unsubscribe?token=${token}`;

    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const [name, path] of Object.entries(pages)) {
        const label = `${name} in ${language}`;
        await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
        const seen = await page.evaluate(() => {
          const brand = document.querySelector(".brand")!.getBoundingClientRect();
          return {
            lang: document.documentElement.lang,
            dir: document.documentElement.dir,
            text: document.body.innerText,
            width: document.documentElement.scrollWidth,
            brandCentre: brand.left + brand.width / 2,
          };
        });
        expect([seen.lang, seen.dir], label).toEqual([language, t.dir]);
        expect(seen.width, `${label} fits 375 px`).toBeLessThanOrEqual(375);
        expect(seen.text, label).not.toMatch(/\{\w+\}/);
        expect(
          KEYS.filter((k) => seen.text.includes(k)),
          label,
        ).toEqual([]);
        expect(seen.text, label).toContain(t.t("footer.poweredBy"));
        // Mirrored: the workspace's name starts the header on the reading side.
        if (t.dir === "rtl") expect(seen.brandCentre, label).toBeGreaterThan(375 / 2);
        else expect(seen.brandCentre, label).toBeLessThan(375 / 2);
      }
    }

    // A few pages looked at whole (and checked by axe-core) at both widths, light and dark.
    for (const [language, name] of [
      ["ar", "home"],
      ["ar", "post"],
      ["ja", "board"],
      ["de", "roadmap"],
      ["fr", "new-idea"],
      ["pt-BR", "changelog"],
      ["es", "notifications"],
    ] as const) {
      await page.goto(`${base}${pages[name]}${pages[name]!.includes("?") ? "&" : "?"}lang=${language}`);
      await everyView(page, `portal-${language}-${name}`);
    }
    await context.close();
  });

  it("switches language by keyboard, keeps it from page to page, and keeps the page's query", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const page = await context.newPage();
    const base = `${h.url}/p/${ws.slug}`;
    await page.goto(`${base}/ideas?sort=newest`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByLabel("Language").focus();
    await page.keyboard.press("End"); // the last language: Arabic
    expect(await page.getByLabel("Language").inputValue()).toBe("ar");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/lang=ar/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("newest");
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    await screenshot(page, "portal-language-switched-ar");
    // The choice holds without ?lang=, on another page.
    await page
      .getByRole("link", { name: translator("ar").t("nav.roadmap") })
      .first()
      .click();
    await page.waitForURL(/\/roadmap$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    // And changes back the same way.
    await page.getByLabel(translator("ar").t("lang.label")).selectOption("en");
    await page.getByRole("button", { name: translator("ar").t("lang.change") }).click();
    await page.waitForURL(/lang=en/);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["en", "ltr"]);
    await context.close();
  });
});
