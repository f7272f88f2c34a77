import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { integrationsPass } from "../index.js";
import { DAY_MS, resetClock, shiftClock } from "../../../platform/lib/clock.js";
import { sendMemberMails } from "../../../platform/mail/member-mails.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";
import { startFakeSlack, type FakeSlack } from "../../../../test/support/providers/slack.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// The rule that turns off a failing webhook endpoint turns off a failing integration too, by the
// same code (platform/turn-off): a Slack channel whose sends keep failing is turned off, its owners
// and admins mailed, its messages held meanwhile, and sent in order once it is turned back on.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url });
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
  Object.assign(h.services.integrations!, { slackApiUrl: slack.apiUrl, slackHooksUrl: `${slack.url}/services/`, timeoutMs: 500 });
});
afterAll(() => slack.close());
afterEach(() => resetClock());

const RULE = { afterFailures: 5, afterMs: DAY_MS };
const pass = () => integrationsPass(h.services, { retryScale: 0, turnOff: RULE });

async function post(ws: TestWorkspace, key: string, title: string) {
  expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title } })).status).toBe(201);
}

const states = async (integrationId: string) =>
  (await h.database.db.selectFrom("integration_deliveries").select("state").where("integration_id", "=", integrationId).orderBy("id").execute()).map(
    (d) => d.state,
  );

describe("an integration that keeps failing", () => {
  it("is turned off after N failures over a day, mailed about, holds its messages, and sends them in order when turned back on", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const [owner] = await makeMembers(h.database.db, ws.id, ["owner"]);
    const hook = (await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", webhookUrl: slack.webhookUrl, events: ["post.created"] } })).body;
    // Slack answers 500 to P0's seven attempts (the first and six retries) and to P1's first.
    slack.failNext("500", 8);
    await post(ws, key, "P0");
    await pass();
    let read = (await h.call("GET", `/v1/integrations/${hook.id}`, { key })).body;
    expect(read).toMatchObject({ enabled: true, consecutiveFailures: 7, disabledReason: null });

    shiftClock(DAY_MS + 60_000);
    await post(ws, key, "P1");
    await pass();
    read = (await h.call("GET", `/v1/integrations/${hook.id}`, { key })).body;
    expect(read).toMatchObject({ enabled: false, disabledReason: "failing", heldDeliveries: 2 });
    expect(read.disabledError).toContain("500");

    await sendMemberMails(h.services);
    const mail = await smtp.mailTo(`${owner}@example.com`);
    expect(mail.subject).toBe(`Heed turned off the integration ${hook.name}`);
    expect(mail.text).toContain("8 attempts in a row failed");
    expect(mail.text).toContain("Turn it back on: http://heed.test/app/settings/integrations");
    const audit = (await h.call("GET", "/v1/audit-log?action=integration.turned_off", { key })).body.data;
    expect(audit[0]).toMatchObject({ actor: { type: "system" }, object: { type: "integration", id: hook.id } });

    await post(ws, key, "P2");
    await pass();
    expect(await states(hook.id)).toEqual(["held", "held", "held"]);

    const before = slack.messages.length;
    const on = await h.call("PATCH", `/v1/integrations/${hook.id}`, { key, json: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0, heldDeliveries: 0 });
    await pass();
    expect(slack.messages.slice(before).map((m) => m.text)).toEqual([
      expect.stringContaining("P0"),
      expect.stringContaining("P1"),
      expect.stringContaining("P2"),
    ]);
    expect(await states(hook.id)).toEqual(["sent", "sent", "sent"]);
  });

  it("is turned back on only in its own workspace, and only with integrations:write", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const hook = (await h.call("POST", "/v1/integrations", { key, json: { provider: "slack", webhookUrl: slack.webhookUrl, enabled: false } })).body;
    const path = `/v1/integrations/${hook.id}`;
    const other = await h.workspace();
    expect((await h.call("PATCH", path, { key: await other.key(), json: { enabled: true } })).status).toBe(404);
    const readOnly = await h.call("PATCH", path, { key: await ws.key(["integrations:read"]), json: { enabled: true } });
    expect(readOnly.status).toBe(403);
    expect((await h.call("GET", path, { key })).body.enabled).toBe(false);
  });
});
