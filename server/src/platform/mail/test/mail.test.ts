import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { addMembership, makeMembers } from "../../../../test/support/members.js";
import { PASSWORD, sessionCookieOf, signedIn, signInAs } from "../../../../test/support/sessions.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// With SMTP_URL set, invites and password links go out by mail: to a real SMTP server started
// here, read back as a person's inbox would show them.

const smtp = useSmtp();

const h = useHarness({ smtpUrl: () => smtp.url });

/** The first link in a mail's text. */
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe("mail", () => {
  it("mails an invite with its link, which joins the workspace", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const created = await h.call("POST", "/v1/members/invites", { json: { email: "mailed@example.com", role: "member" }, headers: owner.headers });
    expect(created.body.emailed).toBe(true);
    const mail = await smtp.mailTo("mailed@example.com");
    expect(mail.from).toBe('"Heed" <heed@heed.test>');
    // Who invites whom to what, until when in words, in HTML and in text.
    const inviter = (await h.database.db.selectFrom("members").select("name").where("id", "=", owner.memberId).executeTakeFirstOrThrow()).name;
    expect(mail.subject).toBe(`${inviter} invited you to ${ws.row.name} on Heed`);
    expect(mail.text).toContain(`${inviter} invited you to join ${ws.row.name} on Heed as a member.`);
    const until = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(new Date(created.body.expiresAt));
    expect(mail.text).toContain(`The link works once, until ${until} UTC.`);
    expect(mail.html).toContain(`${inviter} invited you to join`);
    expect(mail.html).toContain(`href="${created.body.inviteUrl}"`);
    expect(linkIn(mail.text)).toBe(created.body.inviteUrl);
    const token = created.body.inviteUrl.split("/app/invite/")[1];
    expect((await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "Mailed", password: PASSWORD } })).status).toBe(200);
  });

  it("mails an invite made with an Idempotency-Key once, the replay included", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const headers = { ...owner.headers, "idempotency-key": `invite-${ws.id}` };
    const json = { email: `keyed.${ws.id}@example.com`, role: "member" };
    const created = await h.call("POST", "/v1/members/invites", { json, headers });
    const replayed = await h.call("POST", "/v1/members/invites", { json, headers });
    expect([created.status, replayed.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(linkIn((await smtp.mailTo(json.email)).text)).toBe(created.body.inviteUrl);
    expect(smtp.received.filter((m) => m.to.includes(json.email))).toHaveLength(1);
  });

  it("mails a password link on request, the same answer for unknown emails; the link sets the password once and ends old sessions", async () => {
    const ws = await h.workspace();
    const s = await signedIn(h, ws, "member");
    const asked = await h.call("POST", "/v1/auth/password-reset", { json: { email: s.email } });
    const unknown = await h.call("POST", "/v1/auth/password-reset", { json: { email: "nobody@example.com" } });
    expect([asked.status, asked.body]).toEqual([202, {}]);
    expect([unknown.status, unknown.body]).toEqual([202, {}]);
    const mail = await smtp.mailTo(s.email);
    expect(mail.subject).toBe("Set a new password for Heed");
    // Until when, in words a person reads, not an ISO timestamp.
    expect(mail.text).toMatch(/The link works once, until \w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\./);
    const token = linkIn(mail.text).split("/app/reset/")[1]!;
    expect(linkIn(mail.text)).toBe(`http://heed.test/app/reset/${token}`);
    expect(smtp.received.some((m) => m.to.includes("nobody@example.com"))).toBe(false);

    expect((await h.call("GET", `/v1/auth/password-reset/${token}`)).body).toEqual({ email: s.email, expiresAt: expect.any(String) });
    const reset = await h.call("POST", `/v1/auth/password-reset/${token}`, { json: { password: "a brand new passphrase" } });
    expect(reset.status).toBe(200);
    sessionCookieOf(reset.headers);
    // The old session ended; the old password no longer works; the new one does.
    expect((await h.call("GET", "/v1/posts", { headers: s.cookieOnly })).status).toBe(401);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: s.email, password: PASSWORD } })).status).toBe(401);
    await signInAs(h, s.email, s.memberId, "a brand new passphrase");
    const reused = await h.call("POST", `/v1/auth/password-reset/${token}`, { json: { password: "yet another passphrase" } });
    expect([reused.status, reused.body.code]).toEqual([404, "not_found"]);
  });

  it("lets an owner make a password link by hand; not an admin, not a key without full access, not for someone of another workspace", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const admin = await signedIn(h, ws, "admin");
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const refused = await h.call("POST", "/v1/members/password-resets", { json: { memberId }, headers: admin.headers });
    expect([refused.status, refused.body.code]).toEqual([403, "owner_only"]);
    const keyed = await h.call("POST", "/v1/members/password-resets", { json: { memberId }, key: await ws.key(["members:write"]) });
    expect([keyed.status, keyed.body.code]).toEqual([403, "missing_scope"]);
    // Someone who is a member elsewhere too sets their own password: this owner cannot take them over.
    const elsewhere = await h.workspace();
    await addMembership(h.database.db, admin.memberId, elsewhere.id, "owner");
    const crossing = await h.call("POST", "/v1/members/password-resets", { json: { memberId: admin.memberId }, headers: owner.headers });
    expect([crossing.status, crossing.body.code]).toEqual([409, "conflict"]);
    const link = await h.call("POST", "/v1/members/password-resets", { json: { memberId }, headers: owner.headers });
    expect(link.status).toBe(201);
    const token = link.body.resetUrl.split("/app/reset/")[1];
    expect((await h.call("POST", `/v1/auth/password-reset/${token}`, { json: { password: "chosen by the member" } })).status).toBe(200);
    await signInAs(h, `${memberId}@example.com`, memberId!, "chosen by the member");
  });
});
