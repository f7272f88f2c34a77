import { describe, expect, it } from "vitest";
import { type Harness, useHarness } from "./support/harness.js";

// Every answer of the host says `nosniff`, and `Strict-Transport-Security` when PUBLIC_URL is
// https (never on plain http); every HTML page says who may frame it: nobody (frame-ancestors
// 'none' and X-Frame-Options DENY), except the portal's pages, framed by the workspace's allowed
// origins only. Answers the front door gives before the app (front-door/) carry the same.

const plain = useHarness();
const secure = useHarness({ publicUrl: "https://heed.test" });

interface Answer {
  what: string;
  status: number;
  headers: Headers;
}

async function fetchAll(h: Harness): Promise<{ answers: Answer[]; portal: Answer[] }> {
  const ws = await h.workspace();
  const key = await ws.key();
  const get = async (what: string, path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(h.url + path, { redirect: "manual", ...init });
    await res.arrayBuffer();
    return { what, status: res.status, headers: res.headers };
  };
  const auth = { headers: { authorization: `Bearer ${key}` } };
  const answers = [
    await get("docs", "/docs"),
    await get("docs asset", "/docs/swagger-ui.css"),
    await get("docs script", "/docs/init.js"),
    await get("openapi", "/openapi.json"),
    await get("health (front door)", "/health"),
    await get("ready", "/ready"),
    await get("dashboard", "/app"),
    await get("dashboard page", "/app/settings/api-keys"),
    await get("dashboard missing asset", "/app/assets/nothing.js"),
    await get("401 (front door)", "/v1/posts"),
    await get("401 (app)", "/v1/posts", { headers: { cookie: "heed_session=nothing" } }),
    await get("200 (app)", "/v1/posts", auth),
    await get("200 (app, kept)", "/v1/posts", auth),
    await get("200 (front door)", "/v1/posts", auth),
    await get("404", "/nothing-here"),
    await get("widget", "/widget.js"),
    await get("robots", "/robots.txt"),
    await get("portal feed", `/p/${ws.slug}/changelog.rss`),
    await get("no such portal", "/p/no-such-portal-here"),
  ];
  const portal = [
    await get("portal home", `/p/${ws.slug}`),
    await get("portal 404 page", `/p/${ws.slug}/posts/post_01jd8x4y2b3c5d6e7f8g9h0j1k`),
    await get("portal sign-in", `/p/${ws.slug}/sign-in`),
  ];
  await h.call("PATCH", "/v1/workspace", { key, json: { allowedOrigins: ["https://app.customer.example"] } });
  portal.push(await get("portal, an allowed origin", `/p/${ws.slug}/roadmap`));
  return { answers, portal };
}

function expectEveryAnswer(answers: Answer[], https: boolean) {
  for (const a of answers) {
    expect(a.status, a.what).toBeLessThan(500);
    expect(a.headers.get("x-content-type-options"), a.what).toBe("nosniff");
    expect(a.headers.get("strict-transport-security"), a.what).toBe(https ? "max-age=31536000; includeSubDomains" : null);
  }
}

const frameAncestors = (a: Answer) => /frame-ancestors ([^;]+)/.exec(a.headers.get("content-security-policy") ?? "")?.[1];

function expectFraming(answers: Answer[], portal: Answer[]) {
  const pages = answers.filter((a) => a.headers.get("content-type")?.startsWith("text/html"));
  expect(pages.map((a) => a.what)).toEqual(expect.arrayContaining(["docs", "dashboard", "dashboard page"]));
  for (const a of pages) {
    expect(frameAncestors(a), a.what).toBe("'none'");
    expect(a.headers.get("x-frame-options"), a.what).toBe("DENY");
  }
  for (const a of portal) expect(a.headers.get("content-type"), a.what).toContain("text/html");
  const [home, notFound, signIn, allowed] = portal;
  for (const a of [home!, notFound!, signIn!]) {
    expect(frameAncestors(a), a.what).toBe("'self'");
    expect(a.headers.get("x-frame-options"), a.what).toBe("SAMEORIGIN");
  }
  expect(frameAncestors(allowed!)).toBe("'self' https://app.customer.example");
  // X-Frame-Options cannot name another site: it is left to frame-ancestors.
  expect(allowed!.headers.get("x-frame-options")).toBeNull();
}

describe("security headers", () => {
  it("are on every answer, without HSTS behind a plain http PUBLIC_URL", async () => {
    const { answers, portal } = await fetchAll(plain);
    expectEveryAnswer([...answers, ...portal], false);
    expectFraming(answers, portal);
  });

  it("are on every answer, with HSTS behind an https PUBLIC_URL", async () => {
    const { answers, portal } = await fetchAll(secure);
    expectEveryAnswer([...answers, ...portal], true);
    expectFraming(answers, portal);
  });

  it("are the same from the front door as from the app", async () => {
    for (const h of [plain, secure]) {
      const ws = await h.workspace();
      const key = await ws.key();
      const headers = { authorization: `Bearer ${key}` };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await fetch(`${h.url}/v1/boards`, { headers })).headers);
      const door = await fetch(`${h.url}/v1/posts`);
      const app = await fetch(`${h.url}/v1/posts`, { headers: { "content-length": "0" } });
      for (const name of ["x-content-type-options", "strict-transport-security"]) {
        expect(answers[2]!.get(name), name).toBe(answers[0]!.get(name));
        expect(door.headers.get(name), name).toBe(app.headers.get(name));
      }
    }
  });
});
