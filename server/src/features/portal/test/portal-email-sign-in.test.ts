import { describe, expect, it } from "vitest";
import { postForm } from "../../../../test/support/forms.js";
import { useHarness } from "../../../../test/support/harness.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// Signing in to the portal by a one-time link mailed to the reader, through a real SMTP server
// started here: the same answer for any address, a confirming page (a mail scanner opening the
// link does not use it), one use, and the identified end user with that email when there is one.

const smtp = useSmtp();

const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => postForm(h.url, path, fields, headers);

describe("signing in to the portal by email", () => {
  it("mails a one-time link that signs in as the end user with that email, after a confirming click", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const ada = (await h.call("POST", "/v1/users", { key, json: { externalId: "ada-1", name: "Ada Lovelace", email: "ada@example.com" } })).body.id;
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const base = `/p/${ws.slug}`;
    expect(await (await fetch(`${h.url}${base}/sign-in`)).text()).toContain(`action="${base}/sign-in/email"`);

    const asked = await form(`${base}/sign-in/email`, { email: "Ada@Example.com", redirect: `${base}/posts/${postId}` });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Check your inbox");
    const mail = await smtp.mailTo("ada@example.com");
    expect(mail.subject).toBe(`Sign in to ${ws.row.name} feedback`);
    // From the workspace the reader knows, at the server's own address.
    expect(mail.from).toMatch(new RegExp(`^"${ws.row.name}" <.+>$`));
    expect(mail.from).not.toMatch(/^Heed /);
    const link = linkIn(mail.text);
    expect(link).toContain(`${base}/sign-in/email/`);

    // Opening the link (as a scanner would) only asks to confirm.
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    // Other sites are not sent the link as a referrer; this site's own form still gets its Origin.
    expect(opened.headers.get("referrer-policy")).toBe("same-origin");
    expect(await opened.text()).toContain("Sign in as ada@example.com?");
    // `Origin: null` names no site (any page can send it), so it does not confirm.
    expect((await form(new URL(link).pathname, {}, { origin: "null" })).status).toBe(403);
    const confirmed = await form(new URL(link).pathname, {});
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`${base}/posts/${postId}`);
    const cookie = (confirmed.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(await (await fetch(`${h.url}${base}/posts/${postId}`, { headers: { cookie } })).text()).toContain("Ada Lovelace");
    const users = (await h.call("GET", "/v1/users?q=ada", { key })).body.data;
    expect(users.map((u: { id: string }) => u.id)).toEqual([ada]);

    // Once only.
    expect((await form(new URL(link).pathname, {})).status).toBe(404);
    expect((await fetch(link)).status).toBe(404);
  });

  it("answers the same for an unknown address, makes a new end user for it, and refuses other sites and bad input", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const base = `/p/${ws.slug}`;
    const asked = await form(`${base}/sign-in/email`, { email: "new@example.com" });
    expect(asked.status).toBe(200);
    const link = linkIn((await smtp.mailTo("new@example.com")).text);
    const confirmed = await form(new URL(link).pathname, {});
    expect(confirmed.headers.get("location")).toBe(base);
    expect((await h.call("GET", "/v1/users?q=new@example.com", { key })).body.data).toMatchObject([{ externalId: "email:new@example.com" }]);

    expect((await form(`${base}/sign-in/email`, { email: "x@example.com" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await form(`${base}/sign-in/email`, { email: "not an email" })).status).toBe(400);
    expect((await form(`${base}/sign-in/email/${"A".repeat(43)}`, {})).status).toBe(404);
    expect((await fetch(`${h.url}${base}/sign-in/email/short`)).status).toBe(404);
  });
});
