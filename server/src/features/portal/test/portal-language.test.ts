import { describe, expect, it } from "vitest";
import { notificationPass } from "../../notifications/index.js";
import { useHarness } from "../../../../test/support/harness.js";
import { identityJwt } from "../../../../test/support/jwt.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// The language the portal, the widget and the mail to end users speak, over real HTTP and a real
// SMTP server: `?lang=`, then the visitor's choice (the switch's cookie), then Accept-Language,
// then the workspace's default (shared/CONTRACT.md); `lang`, `dir` and `hreflang` on each page;
// a signed-in reader's choice kept for their mail.

const smtp = useSmtp();

const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}${path}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const langOf = (html: string) => /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(html)?.slice(1, 3);

describe("the portal's language", () => {
  it("follows ?lang=, then the visitor's choice, then Accept-Language, then the workspace's default", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const base = `/p/${ws.slug}`;

    expect(langOf((await get(base)).text)).toEqual(["en", "ltr"]);
    const german = await get(base, { "accept-language": "de-CH, de;q=0.9, en;q=0.5" });
    expect(langOf(german.text)).toEqual(["de", "ltr"]);
    expect(german.headers.get("vary")).toContain("Accept-Language");
    expect(german.headers.get("vary")).toContain("Cookie");
    expect(german.headers.get("set-cookie")).toBeNull();

    // The switch: a GET with ?lang=, remembered in a cookie for every portal of this server.
    const chosen = await get(`${base}?lang=ar`, { "accept-language": "de" });
    expect(langOf(chosen.text)).toEqual(["ar", "rtl"]);
    const cookie = chosen.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^heed_lang=ar;/);
    expect(cookie).toContain("Path=/p/");
    expect(cookie).toMatch(/HttpOnly/i);
    const jar = cookie.split(";")[0]!;
    expect(langOf((await get(`${base}/roadmap`, { cookie: jar, "accept-language": "de" })).text)).toEqual(["ar", "rtl"]);
    // ?lang= beats the cookie; a language Heed does not speak is no choice at all.
    expect(langOf((await get(`${base}/changelog?lang=ja`, { cookie: jar })).text)).toEqual(["ja", "ltr"]);
    const unknown = await get(`${base}?lang=xx`, { cookie: jar });
    expect(langOf(unknown.text)).toEqual(["ar", "rtl"]);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(langOf((await get(`${base}?lang=<script>`)).text)).toEqual(["en", "ltr"]);

    // The workspace's default, for a browser that asks for nothing Heed speaks.
    const set = await h.call("PATCH", "/v1/workspace", { key, json: { portalLanguage: "fr" } });
    expect(set.status).toBe(200);
    expect(set.body.portalLanguage).toBe("fr");
    expect(langOf((await get(base, { "accept-language": "zh-CN, ko;q=0.5" })).text)).toEqual(["fr", "ltr"]);
    expect(langOf((await get(base, { "accept-language": "es" })).text)).toEqual(["es", "ltr"]);
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { portalLanguage: "klingon" } })).status).toBe(400);
    expect((await h.call("GET", "/v1/workspace", { key })).body.portalLanguage).toBe("fr");
  });

  it("offers every language as alternates and in a switch that keeps the page and its query", async () => {
    const ws = await h.workspace();
    const base = `/p/${ws.slug}`;
    const { text } = await get(`${base}/roadmap?lang=pt-BR`);
    expect(langOf(text)).toEqual(["pt-BR", "ltr"]);
    for (const language of ["en", "de", "fr", "es", "pt-BR", "ja", "ar"]) {
      expect(text).toContain(`<link rel="alternate" hreflang="${language}" href="${h.url}${base}/roadmap?lang=${language}">`);
      expect(text).toMatch(new RegExp(`<option value="${language}" lang="${language}"`));
    }
    expect(text).toContain(`<link rel="alternate" hreflang="x-default" href="${h.url}${base}/roadmap">`);
    expect(text).toContain('<option value="pt-BR" lang="pt-BR" selected>');
    // Each language's page is its own canonical; the negotiated page is the x-default one.
    expect(text).toContain(`<link rel="canonical" href="${h.url}${base}/roadmap?lang=pt-BR">`);
    expect((await get(`${base}/roadmap`, { "accept-language": "ja" })).text).toContain(`<link rel="canonical" href="${h.url}${base}/roadmap">`);
    // A sorted list is kept out of search engines (no alternates), and its switch keeps the sort.
    const sorted = (await get(`${base}/ideas?sort=votes&lang=ja`)).text;
    expect(sorted).not.toContain("hreflang");
    expect(sorted).toContain(`<form class="language" method="get" action="${base}/ideas"`);
    expect(sorted).toContain('<input type="hidden" name="sort" value="votes">');
    expect((await get(`${base}/sign-in`)).text).not.toContain("hreflang");
  });

  it("speaks the visitor's language on pages for no portal and for nothing found", async () => {
    const ws = await h.workspace();
    const none = await get("/p/no-such-portal", { "accept-language": "fr" });
    expect(none.status).toBe(404);
    expect(langOf(none.text)).toEqual(["fr", "ltr"]);
    const missing = await get(`/p/${ws.slug}/posts/post_missing`, { "accept-language": "ja" });
    expect(missing.status).toBe(404);
    expect(langOf(missing.text)).toEqual(["ja", "ltr"]);
  });

  it("keeps a signed-in reader's choice for their mail, and mails them in it", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const base = `/p/${ws.slug}`;
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const email = `ada-${ws.slug}@people.test`;
    const token = identityJwt(secret, { sub: "ada", name: "Ada", email });
    const signedIn = await fetch(`${h.url}${base}/sso?token=${encodeURIComponent(token)}`, { redirect: "manual" });
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const users = (await h.call("GET", "/v1/users?q=ada", { key })).body.data as { id: string }[];
    const ada = users[0]!.id;
    const locale = async () => (await h.call("GET", `/v1/users/${ada}/notification-preferences`, { key })).body.locale;
    expect(await locale()).toBeNull();

    // Reading in German from the browser is not a choice; choosing it is.
    await get(base, { cookie, "accept-language": "de" });
    expect(await locale()).toBeNull();
    await get(`${base}?lang=de`, { cookie });
    expect(await locale()).toBe("de");

    const idea = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dunkler Modus" } })).body.id;
    await h.call("POST", `/v1/posts/${idea}/votes`, { key, json: { userId: ada } });
    const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
    await h.call("POST", `/v1/posts/${idea}/status`, { key, json: { statusId: planned.id } });
    await notificationPass(h.services, { windowSeconds: 0, concurrency: 1, pollMs: 0 });
    const mail = await smtp.mailTo(email);
    // German words around the title, which stays as it was written, and the status's German name.
    expect(mail.subject).toMatch(/^„Dunkler Modus“ .*Geplant/);
    expect(mail.subject).not.toContain("Planned");
    expect(mail.text).toContain("Geplant");
    expect(mail.subject).not.toContain("is now");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).not.toContain("Unsubscribe from all");
  });

  it("mails the sign-in link in the language of the page that asked for it", async () => {
    const ws = await h.workspace();
    const base = `/p/${ws.slug}`;
    const email = `ja-${ws.slug}@people.test`;
    const asked = await fetch(`${h.url}${base}/sign-in/email?lang=ja`, {
      method: "POST",
      headers: { origin: h.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(asked.status).toBe(200);
    expect(langOf(await asked.text())).toEqual(["ja", "ltr"]);
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toContain(ws.row.name);
    expect(mail.subject).not.toContain("Sign in");
    expect(mail.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe("the widget's language", () => {
  it("speaks the browser's language, or the one its address names, which its panel then speaks too", async () => {
    const english = await get("/widget.js");
    if (english.status === 404) return; // built by the test run's global setup; absent only in a build-less run
    expect(english.text).toContain("Feedback");
    expect(english.headers.get("vary")).toContain("Accept-Language");
    const german = await get("/widget.js", { "accept-language": "de" });
    expect(german.text).not.toBe(english.text);
    expect(german.text).not.toContain('\\"lang\\"');
    const japanese = await get("/widget.js?lang=ja", { "accept-language": "de" });
    expect(japanese.text).toContain('\\"lang\\":\\"ja\\"');
    expect(japanese.text).not.toBe(german.text);
  });
});
