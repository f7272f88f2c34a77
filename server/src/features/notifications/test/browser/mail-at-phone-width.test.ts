import { describe, expect, it } from "vitest";
import { notificationPass } from "../../index.js";
import { expectMailReadable, useChromium } from "../../../../../test/support/browser.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// The notification mail as a phone's mail app shows it: the HTML that the SMTP server received,
// laid out by Chromium as a 375 px phone (which, without a viewport, lays a page out 980 px wide
// and shrinks it), and at a desktop's width. Photographed for a person to look at.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });
const chromium = useChromium();

describe("a notification mail", () => {
  it("reads at 375 px as on a desktop, the team's markdown rendered", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const call = async (method: string, path: string, json: unknown) => (await h.call(method, `/v1${path}`, { key, json })).body;
    const voter = (await call("POST", "/users", { externalId: "ada", email: `ada-${ws.slug}@people.test`, name: "Ada" })).id;
    const idea = (await call("POST", "/posts", { boardId: await ws.boardId(), title: "Export every report to Excel with the filters as they are" })).id;
    await call("POST", `/posts/${idea}/votes`, { userId: voter });
    const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
    await call("POST", `/posts/${idea}/status`, {
      statusId: planned.id,
      comment: {
        body: "**Planned for May.** The export keeps your filters; see [the plan](https://example.com/roadmap/exports-with-filters-kept).\n\n- CSV\n- XLSX",
      },
    });
    await notificationPass(h.services, { windowSeconds: 0, concurrency: 1, pollMs: 0 });
    const mail = await smtp.mailTo(`ada-${ws.slug}@people.test`);

    await expectMailReadable(chromium.browser, mail.html, "status-changed", async (page) => {
      expect(await page.locator("strong").first().textContent()).toBe("Planned for May.");
    });
  });
});
