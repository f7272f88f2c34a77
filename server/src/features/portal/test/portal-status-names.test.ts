import { describe, expect, it } from "vitest";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";

// The statuses as the portal shows them: the roadmap's columns are the ones the team chose, in its
// order; the board's status filter lists each status once; and a status reads in the page's
// language wherever the portal names it, while the team's API keeps the team's name.

const h = useHarness({ publicUrlIsServed: true });

type Status = { id: string; name: string; category: string; onRoadmap: boolean };

const page = async (path: string) => {
  const res = await h.call("GET", path);
  expect(res.status, path).toBe(200);
  return String(res.body);
};
const columns = (html: string) => [...html.matchAll(/<h2 id="column-[^"]+">([^<]*)<\/h2>/g)].map((m) => m[1]);
const options = (html: string) => {
  const select = html.slice(html.indexOf('<select id="status"'), html.indexOf("</select>", html.indexOf('<select id="status"')));
  return [...select.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)].map((m) => ({ value: m[1], selected: Boolean(m[2]), label: m[3] }));
};
const badges = (html: string) => [...html.matchAll(/<span class="badge [a-z]+">([^<]*)<\/span>/g)].map((m) => m[1]);

async function statusesOf(ws: TestWorkspace) {
  const key = await ws.key();
  const statuses: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
  const named = (name: string) => statuses.find((s) => s.name === name)!;
  return { key, statuses, named };
}

describe("the portal's statuses", () => {
  it("shows as roadmap columns the statuses the team chose, in the team's order", async () => {
    const ws = await h.workspace();
    const { key, statuses, named } = await statusesOf(ws);
    const roadmap = `/p/${ws.slug}/roadmap`;
    expect(columns(await page(roadmap))).toEqual(["Under review", "Planned", "In progress", "Complete"]);

    // An idea whose status is off the roadmap is not on it either.
    const boardId = await ws.boardId();
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Still open", statusId: named("Open").id } });
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Being built", statusId: named("In progress").id } });
    const shown = await page(roadmap);
    expect(shown).not.toContain("Still open");
    expect(shown).toContain("Being built");

    const beta = (await h.call("POST", "/v1/statuses", { key, json: { name: "Beta", category: "active" } })).body as Status;
    await h.call("PATCH", `/v1/statuses/${named("Under review").id}`, { key, json: { onRoadmap: false } });
    await h.call("PATCH", `/v1/statuses/${named("Closed").id}`, { key, json: { onRoadmap: true } });
    const order = [named("Complete"), beta, ...statuses.filter((s) => s.name !== "Complete")].map((s) => s.id);
    expect((await h.call("POST", "/v1/statuses/reorder", { key, json: { ids: order } })).status).toBe(200);
    expect(columns(await page(roadmap))).toEqual(["Complete", "Beta", "Planned", "In progress", "Closed"]);

    // The API's roadmap answers the same columns, each with the posts of its status only.
    const api = await h.call("GET", "/v1/portal/roadmap", { headers: ws.customer() });
    expect(api.status).toBe(200);
    const answered = api.body.columns as { status: Status; posts: { title: string; status: { id: string } }[] }[];
    expect(answered.map((c) => c.status.name)).toEqual(["Complete", "Beta", "Planned", "In progress", "Closed"]);
    for (const column of answered) for (const post of column.posts) expect(post.status.id).toBe(column.status.id);
    expect(answered.find((c) => c.status.name === "In progress")!.posts.map((p) => p.title)).toEqual(["Being built"]);

    // With nothing chosen, the page says so.
    for (const s of answered) await h.call("PATCH", `/v1/statuses/${s.status.id}`, { key, json: { onRoadmap: false } });
    const none = await page(roadmap);
    expect(columns(none)).toEqual([]);
    expect(none).toContain("Nothing is on the roadmap yet.");
  });

  it("lists each status once in the board's filter, and still filters by a stage an older link names", async () => {
    const ws = await h.workspace();
    const { key, statuses, named } = await statusesOf(ws);
    // An import names its finished ideas "Shipped", as the stage of finished ideas was called.
    const shipped = (await h.call("POST", "/v1/statuses", { key, json: { name: "Shipped", category: "complete" } })).body as Status;
    const board = `/p/${ws.slug}/b/feature-requests`;
    const listed = options(await page(board));
    expect(listed.map((o) => o.label)).toEqual(["Any status", ...statuses.map((s) => s.name), "Shipped"]);
    expect(new Set(listed.map((o) => o.label)).size).toBe(listed.length);
    expect(listed.slice(1).map((o) => o.value)).toEqual([...statuses.map((s) => s.id), shipped.id]);

    const boardId = await ws.boardId();
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Done long ago", statusId: named("Complete").id } });
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Not yet", statusId: named("Planned").id } });
    const byStatus = await page(`${board}?status=${named("Complete").id}`);
    expect(options(byStatus).find((o) => o.selected)?.label).toBe("Complete");
    expect(byStatus).toContain("Done long ago");
    expect(byStatus).not.toContain("Not yet");
    const byStage = await page(`${board}?status=complete`);
    expect(options(byStage).filter((o) => o.selected)).toEqual([{ value: "complete", selected: true, label: "Shipped" }]);
    expect(byStage).toContain("Done long ago");
    expect(byStage).not.toContain("Not yet");
  });

  it("names each status in the page's language on the roadmap, the board, its filter and a post, and the team's name elsewhere", async () => {
    const ws = await h.workspace();
    const { key, named } = await statusesOf(ws);
    const boardId = await ws.boardId();
    const idea = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Dark mode", statusId: named("Planned").id } })).body.id as string;
    const custom = (await h.call("POST", "/v1/statuses", { key, json: { name: "Beta", category: "active", translations: { de: "Testphase" } } }))
      .body as Status;
    const base = `/p/${ws.slug}`;
    const expected = {
      de: { planned: "Geplant", progress: "In Arbeit", beta: "Testphase" },
      ja: { planned: "計画済み", progress: "進行中", beta: "Beta" },
      ar: { planned: "مخطط له", progress: "قيد التنفيذ", beta: "Beta" },
    } as const;
    for (const [lang, words] of Object.entries(expected)) {
      const roadmap = await page(`${base}/roadmap?lang=${lang}`);
      expect(columns(roadmap), lang).toEqual(expect.arrayContaining([words.planned, words.progress, words.beta]));
      expect(roadmap, lang).not.toContain(">Planned<");

      const board = await page(`${base}/b/feature-requests?lang=${lang}`);
      expect(badges(board), lang).toEqual([words.planned]);
      const labels = options(board).map((o) => o.label);
      expect(labels, lang).toEqual(expect.arrayContaining([words.planned, words.progress, words.beta]));
      expect(labels, lang).not.toContain("Planned");

      const filtered = await page(`${base}/b/feature-requests?lang=${lang}&status=${named("Planned").id}`);
      expect(options(filtered).find((o) => o.selected)?.label, lang).toBe(words.planned);

      const post = await page(`${base}/posts/${idea}?lang=${lang}`);
      expect(badges(post), lang).toEqual([words.planned]);
    }
    // English reads the team's names; so does the team, and so does the portal's API, which says the rest.
    expect(badges(await page(`${base}/posts/${idea}?lang=en`))).toEqual(["Planned"]);
    expect((await h.call("GET", `/v1/posts/${idea}`, { key })).body.status.name).toBe("Planned");
    const portalPost = await h.call("GET", `/v1/portal/posts/${idea}`, { headers: ws.customer() });
    expect(portalPost.body.status.name).toBe("Planned");
    const workspace = await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() });
    const beta = (workspace.body.statuses as (Status & { translations: Record<string, string> })[]).find((s) => s.id === custom.id)!;
    expect(beta).toMatchObject({ name: "Beta", onRoadmap: true, translations: { de: "Testphase" } });
  });
});
