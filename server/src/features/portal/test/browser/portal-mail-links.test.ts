import { describe, expect, it } from "vitest";
import { notificationPass } from "../../../notifications/index.js";
import { useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// The portal's mailed links as a reader meets them: the address typed into the portal's form in
// Chromium, the mail really sent, and its link opened in a browser that sends the headers a real
// one does (a link opened from a mail carries no referrer; the confirming form's POST carries
// whatever Origin the page's referrer policy allows).

const smtp = useSmtp();

const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe("the portal's mailed links in Chromium", () => {
  it("signs in by the link in the mail, from the sign-in form to the idea it started on", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Export to PDF" } })).body;
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${ws.slug}/sign-in?redirect=/p/${ws.slug}/posts/${post.id}`);
    const byEmail = page.getByRole("region", { name: "Sign in by email" });
    await byEmail.getByLabel("Your email").fill("grace@people.test");
    await byEmail.getByRole("button", { name: "Mail me a link" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).isVisible()).toBe(true);

    const link = linkIn((await smtp.mailTo("grace@people.test")).text);
    await page.goto(link);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in as grace@people.test?" }).isVisible()).toBe(true);
    await everyView(page, "portal-email-sign-in-confirm");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.url()).toBe(`${h.url}/p/${ws.slug}/posts/${post.id}`);
    await expect.poll(() => page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("grace@people.test", { exact: true }).isVisible()).toBe(true);

    // The link was used: opening it again says so, and signs nobody in.
    const other = await chromium.browser.newContext();
    const again = await other.newPage();
    await again.goto(link);
    await expect.poll(() => again.getByText("This sign-in link was used already").isVisible()).toBe(true);
    await other.close();
    await context.close();
  });

  it("subscribes to the changelog by the link in the confirmation mail", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${ws.slug}/changelog`);
    await page.getByLabel("Get each new entry by email").fill("lin@people.test");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).isVisible()).toBe(true);

    const mail = await smtp.mailTo("lin@people.test");
    await page.goto(linkIn(mail.text));
    // The page says what the click does: it confirms the subscription, not a sign-in.
    await expect.poll(() => page.getByRole("heading", { name: "Mail each new changelog entry to lin@people.test?" }).isVisible()).toBe(true);
    await everyView(page, "portal-changelog-subscribe-confirm");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Done: each new entry will be mailed to you.");
    const reader = await h.database.db
      .selectFrom("users")
      .select("follows_changelog")
      .where("workspace_id", "=", ws.id)
      .where("email", "=", "lin@people.test")
      .executeTakeFirstOrThrow();
    expect(reader.follows_changelog).toBe(1);
    await context.close();
  });

  it("opens a merge's mail on the merged idea, which names no private post it went into", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "mo", name: "Mo", email: "mo@people.test" } })).body.id as string;
    const idea = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Offline mode" } })).body.id as string;
    await h.call("POST", `/v1/posts/${idea}/votes`, { key, json: { userId: voter } });
    const hidden = (await h.call("POST", "/v1/boards", { key, json: { name: "Internal", visibility: "private" } })).body.id as string;
    const secret = (await h.call("POST", "/v1/posts", { key, json: { boardId: hidden, title: "Project Nightjar" } })).body.id as string;
    await h.call("POST", `/v1/posts/${idea}/merge`, { key, json: { into: secret } });
    await notificationPass(h.services, { windowSeconds: 0, concurrency: 1, pollMs: 0 });

    const mail = await smtp.mailTo("mo@people.test");
    expect(`${mail.subject} ${mail.text}`).not.toContain("Nightjar");
    const link = mail.text.match(/https?:\/\/\S+/g)!.find((url) => url.includes("/posts/"))!;
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(link);
    await expect.poll(() => page.getByRole("note").textContent()).toBe("This idea was merged into another one: its votes and comments count there.");
    expect(await page.getByRole("link", { name: "See the idea it was merged into" }).count()).toBe(0);
    await everyView(page, "portal-merged-into-private");
    await context.close();
  });
});
