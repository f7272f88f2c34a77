import { afterAll, describe, expect, it } from "vitest";
import { seedWorkspace } from "../../server/src/cli/seed/bulk.js";
import { startWorker } from "../../server/src/start/workers.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// "Select all 10,000 matching" in Chromium: the change runs on the server as a job, its progress
// shown as it goes; then undone, every post put back.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
// Started once the page shows the queued job: a quick machine finished all 10,000 posts before the
// page's first look at the job, and its progress bar was never there to see.
let stopJobs: (() => Promise<void>) | undefined;
afterAll(async () => {
  await stopJobs?.();
});

describe("select all matching", () => {
  it("tags all 10,000 posts the filters match, with progress, and undoes it", { timeout: 300_000 }, async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database.db, ws.ctx.workspace, { posts: 10_000, votes: 10_000, seed: 7 });
    const key = await ws.key();
    const tag = (await h.call("POST", "/v1/tags", { key, json: { name: "reviewed" } })).body.id as string;
    const tagged = async () => {
      const counts = await h.call("GET", `/v1/posts/status-counts?tag=${tag}`, { key });
      return (counts.body.data as { count: number }[]).reduce((sum, c) => sum + c.count, 0);
    };
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(25);

    await page.getByLabel("Select all 25 shown").check();
    await page.getByRole("button", { name: "Select all 10,000 matching" }).click();
    await expect.poll(() => page.getByRole("button", { name: /All 10,000 matching are selected/ }).isVisible()).toBe(true);
    await everyView(page, "inbox-select-all-matching");
    const bar = page.getByRole("form", { name: "Change 10000 selected posts" });
    await bar.getByLabel("Action").selectOption("tag");
    await bar.getByLabel("To").selectOption({ label: "reviewed" });
    await bar.getByRole("button", { name: "Apply to 10,000 posts" }).click();

    const job = page.getByRole("region", { name: "Change to every matching post" });
    // Progress, before and as it runs: a bar and a count.
    await expect.poll(() => job.getByRole("progressbar").isVisible()).toBe(true);
    // One quick photograph: the job may be done before the four views of everyView are taken. The
    // page's, not the region's: an element's screenshot waits for it to stop moving, which a
    // progress bar does only when the job ends.
    await page.screenshot({ path: "test-results/inbox-bulk-job-running.png" });
    stopJobs = startWorker("bulk job", { services: h.services, config: {} });
    await expect.poll(() => job.textContent(), { timeout: 180_000 }).toContain("Changed 10,000 posts.");
    expect(await tagged()).toBe(10_000);
    await everyView(page, "inbox-bulk-job-done");

    await job.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => job.textContent(), { timeout: 180_000 }).toContain("Undone: 10,000 posts put back.");
    expect(await tagged()).toBe(0);
    await everyView(page, "inbox-bulk-job-undone");
    await job.getByRole("button", { name: "Dismiss" }).click();
    expect(await job.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
