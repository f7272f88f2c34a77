import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { voteCount } from "../web/fragments.js";
import { translator } from "../../../platform/i18n/translator.js";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";

// The public portal's pages (/p/{workspace}) over real HTTP: what they show, what they never show
// (private boards, internal comments, revenue, owners), what search engines read, the feeds, and
// refusals as pages (404, 400), never a 5xx.

const h = useHarness({ publicUrlIsServed: true });

async function portal(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const secretBoard = (await h.call("POST", "/v1/boards", { key, json: { name: "Secret roadmap", visibility: "private" } })).body;
  const post = async (title: string, json: Record<string, unknown> = {}) =>
    (await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...json } })).body.id as string;
  const acme = (await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme", monthlySpend: 9876543 } })).body.id;
  const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "v1", name: "Vera Voter", companyId: acme } })).body.id;
  const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned").id;
  const dark = await post("Dark mode", { body: "Please, **for the eyes**. <script>alert(1)</script>", statusId: planned });
  await h.call("POST", `/v1/posts/${dark}/votes`, { key, json: { userId: voter } });
  await h.call("POST", `/v1/posts/${dark}/comments`, { key, json: { body: "Public answer from the team" } });
  await h.call("POST", `/v1/posts/${dark}/comments`, { key, json: { body: "INTERNAL: the big customer asked", internal: true } });
  const hidden = (await h.call("POST", "/v1/posts", { key, json: { boardId: secretBoard.id, title: "Acquisition plans" } })).body.id as string;
  const entry = (
    await h.call("POST", "/v1/changelog", { key, json: { title: "Dark mode is here", type: "new", body: "Switch it on in **Settings**.", postIds: [dark] } })
  ).body.id;
  await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });
  await h.call("POST", "/v1/changelog", { key, json: { title: "Unannounced draft", type: "new" } });
  return { key, dark, hidden, secretBoard };
}

const page = (path: string) => h.call("GET", path);
const html = (res: { body: unknown }) => String(res.body);

describe("the portal's pages", () => {
  it("shows the boards, a board, a post and its comments, the roadmap and the changelog, with nothing private", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const base = `/p/${ws.slug}`;
    const pages = {
      home: await page(base),
      board: await page(`${base}/b/feature-requests`),
      post: await page(`${base}/posts/${p.dark}`),
      roadmap: await page(`${base}/roadmap`),
      changelog: await page(`${base}/changelog`),
      ideas: await page(`${base}/ideas?status=open&sort=votes`),
    };
    for (const [name, res] of Object.entries(pages)) {
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type"), name).toContain("text/html");
      expect(res.headers.get("content-security-policy"), name).toContain("script-src 'self'");
      for (const secret of ["Secret roadmap", "Acquisition plans", "INTERNAL", "9876543", "9,876,543", "Unannounced draft", "<script>alert"]) {
        expect(html(res), `${name} shows ${secret}`).not.toContain(secret);
      }
    }
    expect(html(pages.home)).toContain("Feature requests");
    expect(html(pages.board)).toContain("Dark mode");
    expect(html(pages.post)).toContain("<strong>for the eyes</strong>");
    // Raw HTML in a post is shown as text, never run.
    expect(html(pages.post)).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html(pages.post)).toContain("Public answer from the team");
    expect(html(pages.post)).toContain("Dark mode is here");
    expect(html(pages.roadmap)).toContain("Dark mode");
    expect(html(pages.changelog)).toContain("<strong>Settings</strong>");
    expect((await page(`${base}/posts/${p.hidden}`)).status).toBe(404);
    expect((await page(`${base}/b/${p.secretBoard.slug}`)).status).toBe(404);
  });

  it("tells search engines what each page is, and keeps private portals out", async () => {
    const ws = await h.workspace();
    const p = await portal(ws);
    const base = `/p/${ws.slug}`;
    const post = html(await page(`${base}/posts/${p.dark}`));
    expect(post).toContain("<title>Dark mode · ");
    expect(post).toMatch(/<meta name="description" content="Please, for the eyes\./);
    expect(post).toContain(`<link rel="canonical" href="${h.url}${base}/posts/${p.dark}">`);
    expect(post).toContain('<meta property="og:title" content="Dark mode · ');
    expect(post).toContain('<meta name="twitter:card" content="summary">');
    expect(post).not.toContain("noindex");
    const changelog = html(await page(`${base}/changelog`));
    expect(changelog).toContain(`<link rel="alternate" type="application/rss+xml"`);
    // Sorted and filtered lists are one page to a search engine.
    expect(html(await page(`${base}/b/feature-requests?sort=newest`))).toContain("noindex");

    const sitemap = await page(`${base}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    expect(html(sitemap)).toContain(`${base}/posts/${p.dark}</loc>`);
    expect(html(sitemap)).not.toContain(p.hidden);
    expect(html(await page("/robots.txt"))).toContain(`Sitemap: ${h.url}${base}/sitemap.xml`);

    await h.call("PATCH", "/v1/workspace", { key: p.key, json: { portalVisibility: "private" } });
    for (const path of [base, `${base}/posts/${p.dark}`, `${base}/changelog`]) {
      const res = await page(path);
      expect(res.headers.get("x-robots-tag"), path).toContain("noindex");
      expect(html(res), path).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html(res), path).not.toContain("Dark mode");
      // Nothing to navigate to while signed out: the notice, the way in, and the language switch.
      expect(html(res), path).not.toContain("<nav");
      expect(html(res), path).not.toContain(`href="${base}/new"`);
    }
    for (const path of [`${base}/sitemap.xml`, `${base}/changelog.rss`, `${base}/changelog.atom`]) expect((await page(path)).status, path).toBe(404);
    expect(html(await page("/robots.txt"))).not.toContain(`${base}/sitemap.xml`);
  });

  it("serves the changelog as RSS and Atom that a feed parser reads", async () => {
    const ws = await h.workspace();
    await portal(ws);
    const parser = new Parser();
    for (const format of ["rss", "atom"]) {
      const res = await page(`/p/${ws.slug}/changelog.${format}`);
      expect(res.status).toBe(200);
      const feed = await parser.parseString(html(res));
      expect(
        feed.items.map((i) => i.title),
        format,
      ).toEqual(["Dark mode is here"]);
      expect(feed.items[0]!.link).toContain(`/p/${ws.slug}/changelog#entry-`);
      expect(html(res)).not.toContain("Unannounced draft");
      expect(html(res)).not.toContain("INTERNAL");
    }
  });

  it("ranks a board's search by best match unless the reader chose a sort, and keeps that choice", async () => {
    const ws = await h.workspace();
    const { key } = await portal(ws);
    const boardId = await ws.boardId();
    const title = async (t: string) => (await h.call("POST", "/v1/posts", { key, json: { boardId, title: t } })).body.id as string;
    const both = await title("Dark theme for the mobile app");
    const one = await title("Mobile offline sync");
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "v2", name: "Vic" } })).body.id;
    await h.call("POST", `/v1/posts/${one}/votes`, { key, json: { userId: voter } });
    const order = (body: string) => [...body.matchAll(/\/posts\/(post_[0-9a-z]+)"/g)].map((m) => m[1]).filter((id) => id === both || id === one);
    const base = `/p/${ws.slug}/b/feature-requests`;

    const ranked = html(await page(`${base}?q=dark%20theme%20mobile`));
    expect(order(ranked)).toEqual([both, one]);
    expect(ranked).toMatch(/<a href="[^"]*\?q=dark[^"]*" aria-current="page">Best match<\/a>/);
    // The search form carries no sort: a new search ranks again.
    expect(ranked).not.toContain('name="sort"');
    const top = html(await page(`${base}?q=dark%20theme%20mobile&sort=votes`));
    expect(order(top)).toEqual([one, both]);
    expect(top).toContain('<input type="hidden" name="sort" value="votes">');
    // Without words there is nothing to rank: the board is trending, and offers no "Best match".
    const bare = html(await page(`${base}?sort=relevance`));
    expect(bare).not.toContain("Best match");
    expect(bare).toMatch(/aria-current="page">Trending<\/a>/);
  });

  it("serves its small script, and the similar ideas it asks for", async () => {
    const ws = await h.workspace();
    await portal(ws);
    const home = html(await page(`/p/${ws.slug}`));
    const src = /<script src="([^"]+)" defer><\/script>/.exec(home)?.[1];
    expect(src).toMatch(/^\/p\/_\/portal\.js\?v=/);
    const script = await fetch(`${h.url}${src}`);
    expect(script.headers.get("cache-control")).toContain("immutable");
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(Buffer.from(await script.arrayBuffer())).length).toBeLessThan(30 * 1024);
    const similar = await page(`/p/${ws.slug}/similar?q=dark`);
    expect(similar.body).toEqual([
      {
        id: expect.stringMatching(/^post_/),
        title: "Dark mode",
        url: expect.stringMatching(/\/posts\/post_/),
        votes: "1 vote",
        voteCount: 1,
        viewerHasVoted: false,
      },
    ]);
    expect((await page(`/p/${ws.slug}/similar?q=${"x".repeat(300)}`)).status).toBe(400);
    expect((await page(`/p/${ws.slug}/similar?q=acquisition`)).body).toEqual([]);
  });

  it("answers unknown pages with 404 and unreadable addresses with 400, as pages", async () => {
    const ws = await h.workspace();
    await portal(ws);
    const base = `/p/${ws.slug}`;
    for (const [path, status] of [
      ["/p/no-such-workspace", 404],
      ["/p/Not_A_Slug", 404],
      [`${base}/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa`, 404],
      [`${base}/posts/${"x".repeat(300)}`, 404],
      [`${base}/b/no-such-board`, 404],
      [`${base}/ideas?cursor=garbage`, 400],
      [`${base}/ideas?q=${"x".repeat(300)}`, 400],
      [`${base}/changelog?cursor=${"x".repeat(2000)}`, 400],
      [`${base}/ideas?status=${encodeURIComponent("\u0000")}`, 400],
    ] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(status);
    }
  });

  it("answers people with pages: an unknown address, no portal at all, a trailing slash, and the icon", async () => {
    const ws = await h.workspace();
    await portal(ws);
    const base = `/p/${ws.slug}`;
    for (const [path, says] of [
      ["/p/nosuch", "No feedback portal here"],
      [`${base}/no/such/page`, "This page does not exist"],
      [`${base}/b/x/y/z`, "This page does not exist"],
    ] as const) {
      const res = await fetch(`${h.url}${path}`);
      expect([res.status, res.headers.get("content-type")?.toLowerCase()], path).toEqual([404, "text/html; charset=utf-8"]);
      expect(await res.text(), path).toContain(says);
    }
    for (const [path, to] of [
      [`${base}/`, base],
      [`${base}/roadmap/`, `${base}/roadmap`],
      [`${base}/b/feature-requests//?sort=votes`, `${base}/b/feature-requests?sort=votes`],
    ] as const) {
      const res = await fetch(`${h.url}${path}`, { redirect: "manual" });
      expect([res.status, res.headers.get("location")], path).toEqual([301, to]);
    }
    // The API stays problem+json.
    expect((await fetch(`${h.url}/v1/nosuch`)).headers.get("content-type")).toBe("application/problem+json");
    const icon = await fetch(`${h.url}/favicon.ico`);
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/x-icon"]);
    const bytes = Buffer.from(await icon.arrayBuffer());
    // An ICO directory of one 32×32 image.
    expect([bytes.readUInt16LE(2), bytes.readUInt16LE(4), bytes[6], bytes[7]]).toEqual([1, 1, 32, 32]);
    expect(html(await page(base))).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it("gives each status of the roadmap its own column, and counts that fit their box", async () => {
    const ws = await h.workspace();
    const { key } = await portal(ws);
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string; category: string }[];
    const planned = statuses.find((s) => s.name === "Planned")!;
    const building = statuses.find((s) => s.name === "In progress")!;
    const boardId = await ws.boardId();
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Planned idea", statusId: planned.id } });
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Idea being built", statusId: building.id } });
    const roadmap = html(await page(`/p/${ws.slug}/roadmap`));
    const column = (name: string) => new RegExp(`<h2 id="column-[^"]+">${name}</h2>([\\s\\S]*?)</section>`).exec(roadmap)?.[1] ?? "";
    expect(column("Planned")).toContain("Planned idea");
    expect(column("Planned")).not.toContain("Idea being built");
    expect(column("In progress")).toContain("Idea being built");
    // The board's filter names stages and statuses apart: "In progress" once.
    const board = html(await page(`/p/${ws.slug}/b/feature-requests`));
    const filter = /<select id="status"[\s\S]*?<\/select>/.exec(board)?.[0] ?? "";
    expect(filter.match(/>In progress</g)).toHaveLength(1);
    // Large counts read 12.3K in their narrow box, the whole number in its title.
    const frame = { t: translator("en") } as Parameters<typeof voteCount>[0];
    expect(String(await voteCount(frame, 12_345))).toContain('title="12,345"><strong>12.3K</strong>');
    expect(String(await voteCount(frame, 7_936))).toContain("<strong>7,936</strong>");
  });
});
