import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { duplicateCheckPass } from "../../server/src/features/posts/index.js";
import { useWebhookWork } from "../../server/test/support/webhooks.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { type TestWorkspace, useHarness } from "../../server/test/support/harness.js";
import { startReceiver } from "../../server/test/support/receiver.js";

// The post page (/app/posts/{id}) in Chromium, as a team member triages: a portal submission
// reached from the inbox, answered with a status change and a public comment (the webhook
// receiver and the portal both see it), notes, merges and votes on a customer's behalf.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
useWebhookWork(h);

async function api(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  return {
    key,
    post: async (title: string, body = "") => (await h.call("POST", "/v1/posts", { key, json: { boardId, title, body } })).body.id as string,
    user: async (externalId: string, name: string, companyId: string | null = null) =>
      (await h.call("POST", "/v1/users", { key, json: { externalId, name, email: `${externalId}@example.com`, companyId } })).body.id as string,
    vote: (postId: string, userId: string) => h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } }),
    read: async (postId: string) => (await h.call("GET", `/v1/posts/${postId}`, { key })).body as { voteCount: number; revenue: number; title: string },
  };
}

describe("the post page", () => {
  it("answers a portal submission with a status change and a public comment, seen by the webhook receiver and the portal", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const receiver = await startReceiver();
    const { key } = await api(ws);
    const endpoint = await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.status_changed"] } });
    expect(endpoint.status).toBe(201);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/posts");
    await expect.poll(() => page.getByRole("heading", { name: "No posts yet" }).isVisible()).toBe(true);

    // Submitted through the portal's API while the inbox is open: it appears without a reload.
    const { token } = await ws.identify("portal-user");
    const submitted = await h.call("POST", "/v1/portal/posts", {
      headers: ws.customer(token),
      json: { boardId: await ws.boardId(), title: "Export to CSV", body: "We need **CSV** exports for finance." },
    });
    expect(submitted.status).toBe(201);
    const link = page.getByRole("link", { name: "Export to CSV" });
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    await link.click();
    await expect.poll(() => page.getByRole("heading", { name: "Export to CSV", level: 1 }).isVisible()).toBe(true);
    expect(await page.locator(".markdown strong").textContent()).toBe("CSV");
    await everyView(page, "post");

    // Status with a public comment: one request.
    const statusPanel = page.getByRole("form", { name: "Status" });
    await statusPanel.getByLabel("Status", { exact: true }).selectOption({ label: "Planned" });
    await statusPanel.getByLabel("Comment (optional)").fill("Planned for the spring release.");
    await statusPanel.getByRole("button", { name: "Preview" }).click();
    await expect
      .poll(() => statusPanel.getByRole("region", { name: "Comment (optional), preview" }).textContent())
      .toContain("Planned for the spring release.");
    await statusPanel.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => statusPanel.getByRole("status").textContent()).toBe("Status changed to Planned. Nobody is mailed.");
    await expect.poll(() => page.locator(".breadcrumb .badge").textContent()).toBe("Planned");
    await expect.poll(() => page.getByRole("article", { name: /^Comment by/ }).count()).toBe(1);

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const event = new Webhook(endpoint.body.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as {
      type: string;
      data: { post: { id: string; status: { name: string } } };
    };
    expect(event.type).toBe("post.status_changed");
    expect(event.data.post.status.name).toBe("Planned");
    const portalComments = await h.call("GET", `/v1/portal/posts/${submitted.body.id}/comments`, { headers: ws.customer() });
    expect(portalComments.body.data.map((c: { body: string }) => c.body)).toEqual(["Planned for the spring release."]);

    // An internal note is told apart, and never reaches the portal.
    await page.getByRole("form", { name: "Comment" }).getByLabel("Comment", { exact: true }).fill("Finance asked twice on calls.");
    await page.getByRole("checkbox", { name: /Internal note: only the team sees it/ }).check();
    await page.getByRole("form", { name: "Comment" }).getByRole("button", { name: "Comment" }).click();
    const note = page.getByRole("article", { name: /^Internal note by/ });
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.getByText("Internal note", { exact: true }).isVisible()).toBe(true);
    const portalAfter = await h.call("GET", `/v1/portal/posts/${submitted.body.id}/comments`, { headers: ws.customer() });
    expect(portalAfter.body.data).toHaveLength(1);

    // Edit the note, then hide it with confirmation.
    await note.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("form", { name: "Edit the comment" }).getByLabel("Comment", { exact: true }).fill("Finance asked three times.");
    await page.getByRole("form", { name: "Edit the comment" }).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => note.textContent()).toContain("Finance asked three times.");
    await note.getByRole("button", { name: "Hide" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Hide the comment" }).click();
    await expect.poll(() => note.count()).toBe(0);

    // Edit the title with a preview of the description.
    await page.getByRole("button", { name: "Edit the title and description" }).click();
    await page.getByLabel("Title").fill("Export posts to CSV");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Export posts to CSV", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("region", { name: "Activity" }).textContent()).toContain("changed the status to Planned");
    // Who acted, by name: the customer who posted and voted, as they are called.
    expect((await h.call("POST", `/v1/portal/posts/${submitted.body.id}/vote`, { headers: ws.customer(token) })).status).toBeLessThan(300);
    await page.reload();
    const activity = page.getByRole("region", { name: "Activity" });
    await expect.poll(() => activity.textContent()).toContain("Person portal-user voted");
    expect(await activity.textContent()).toContain("Person portal-user posted it");
    expect(await activity.textContent()).not.toContain("An end user");
    await everyView(page, "post-triaged");
    expect(problems).toEqual([]);
    await context.close();
    await receiver.close();
  });

  it("merges two posts that share voters, shows the pooled count, and unmerges", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const a = await api(ws);
    const [sso, login] = [await a.post("Single sign-on"), await a.post("Log in with Okta")];
    const [ann, bob, cid] = [await a.user("ann", "Ann"), await a.user("bob", "Bob"), await a.user("cid", "Cid")];
    for (const u of [ann, bob]) await a.vote(sso, u);
    for (const u of [bob, cid]) await a.vote(login, u);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${login}`);
    const count = page.getByTestId("vote-count");
    await expect.poll(() => count.textContent()).toBe("2");

    await page.getByLabel("Merge into another post").fill("single");
    // Each found post says where it is and how it stands, so two of one name are told apart.
    await expect
      .poll(() => page.getByRole("list", { name: "Posts to merge into" }).textContent())
      .toMatch(/Single sign-on\s*· Feature requests · Open · 2 votes/);
    await page.getByRole("button", { name: "Merge into Single sign-on" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Merge", exact: true }).click();
    const canonical = page.locator(".merged-notice").getByRole("link", { name: "Single sign-on" });
    await expect.poll(() => canonical.isVisible()).toBe(true);
    await expect.poll(() => page.locator(".merged-notice").textContent()).toContain("(3 votes)");
    // Its own count is none now (Bob's vote on both stays a row here, counted there), and it says where they went.
    await expect.poll(() => count.textContent()).toBe("0");
    expect(await page.getByRole("region", { name: "Voters" }).textContent()).toContain("Its votes moved to Single sign-on.");
    await everyView(page, "post-merged");
    await canonical.click();
    await expect.poll(() => page.getByRole("heading", { name: "Single sign-on", level: 1 }).isVisible()).toBe(true);
    // Bob voted on both: three people, not four votes.
    await expect.poll(() => count.textContent()).toBe("3");
    // The survivor names what was merged into it, each a link to its page.
    const absorbed = page.getByRole("region", { name: "Merge" }).getByRole("list", { name: "Merged into this post" });
    await expect.poll(() => absorbed.getByRole("listitem").allTextContents()).toEqual(["Log in with Okta"]);
    await everyView(page, "post-survivor");
    await absorbed.getByRole("link", { name: "Log in with Okta" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Log in with Okta", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => count.textContent()).toBe("0");
    expect(await page.getByRole("region", { name: "Voters" }).textContent()).toContain("Its votes moved to Single sign-on.");
    await page.getByRole("button", { name: "Unmerge" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unmerge" }).click();
    await expect.poll(() => page.getByLabel("Merge into another post").isVisible()).toBe(true);
    await expect.poll(() => count.textContent()).toBe("2");
    // Unmerged, it is no longer listed on the survivor.
    await page.goto(`${h.url}/app/posts/${sso}`);
    await expect.poll(() => page.getByLabel("Merge into another post").isVisible()).toBe(true);
    expect(await absorbed.count()).toBe(0);
    expect((await a.read(sso)).voteCount).toBe(2);
    expect((await a.read(login)).voteCount).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("marks a possible duplicate in the inbox; the post page merges it in one click or dismisses it for good", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const a = await api(ws);
    const original = await a.post("Dark mode in the iOS app");
    const repeat = await a.post("iOS app dark mode");
    const csv = await a.post("Export invoices to CSV");
    const csvAgain = await a.post("CSV export of invoices");
    await duplicateCheckPass(h.services);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    const row = page.locator(`[data-post-id="${repeat}"]`);
    await expect.poll(() => row.textContent()).toContain("possible duplicate of Dark mode in the iOS app");
    await everyView(page, "inbox-duplicates");

    await row.getByRole("link", { name: "iOS app dark mode" }).click();
    const notice = page.getByRole("region", { name: "Possible duplicate" });
    await expect.poll(() => notice.textContent()).toContain("Possible duplicate of Dark mode in the iOS app");
    await everyView(page, "post-possible-duplicate");
    await notice.getByRole("button", { name: "Merge into it" }).click();
    await expect.poll(() => page.locator(".merged-notice").textContent()).toContain("Merged into Dark mode in the iOS app");
    expect(await notice.count()).toBe(0);
    expect((await h.call("GET", `/v1/posts/${repeat}`, { key: a.key })).body.mergedInto).toBe(original);

    await page.goto(`${h.url}/app/posts/${csvAgain}`);
    await expect.poll(() => notice.textContent()).toContain("Export invoices to CSV");
    await notice.getByRole("button", { name: "Not a duplicate" }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "CSV export of invoices", level: 1 }).isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);
    expect((await h.call("GET", `/v1/posts/${csvAgain}`, { key: a.key })).body.possibleDuplicateOf).toBeNull();
    expect((await h.call("GET", `/v1/posts/${csv}`, { key: a.key })).body.mergedInto).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("adds a vote on a customer's behalf, found by name, and the company's spend raises the revenue", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const a = await api(ws);
    const acme = (await h.call("POST", "/v1/companies", { key: a.key, json: { externalId: "acme", name: "Acme", monthlySpend: 900 } })).body.id;
    await a.user("ada", "Ada Lovelace", acme);
    const post = await a.post("Audit log export");
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${post}`);
    await expect.poll(() => page.getByText("No votes yet.").isVisible()).toBe(true);
    expect(await page.getByTestId("revenue").textContent()).toBe("$0");
    await page.getByLabel("Add a vote for an end user").fill("lovel");
    const add = page.getByRole("button", { name: "Add vote for Ada Lovelace" });
    await expect.poll(() => add.isVisible()).toBe(true);
    await everyView(page, "post-vote-on-behalf");
    await add.click();
    await expect.poll(() => page.getByTestId("revenue").textContent()).toBe("$900");
    expect(await page.getByRole("list", { name: "Voters" }).textContent()).toContain("Acme, $900/mo");
    expect((await a.read(post)).revenue).toBe(900);

    // Removing it, with confirmation, takes the spend away again.
    await page.getByRole("button", { name: "Remove Ada Lovelace's vote" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove the vote" }).click();
    await expect.poll(() => page.getByTestId("revenue").textContent()).toBe("$0");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says so when the post does not exist, or the address is cut short", async () => {
    const ws = await h.workspace();
    const { context, page } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa");
    const notFound = page.getByRole("heading", { name: "Post not found" });
    await expect.poll(() => notFound.isVisible()).toBe(true);
    expect(await page.getByRole("alert").textContent()).toContain("This workspace has no post at this address.");
    await everyView(page, "post-not-found");
    // An id the server refuses as malformed (a link cut short when pasted) names no post either.
    await page.goto(`${h.url}/app/posts/post_01aaaa`);
    await expect.poll(() => notFound.isVisible()).toBe(true);
    expect(await page.getByRole("alert").textContent()).not.toContain("invalid field");
    await page.getByRole("link", { name: "Back to the inbox" }).click();
    await page.waitForURL(/\/app\/posts$/);
    await context.close();
  });
});
