import { afterEach, describe, expect, it } from "vitest";
import { deliverDue, type DeliveryOptions } from "../deliver.js";
import { fanOutEvents } from "../fanout.js";
import { signatureHeader } from "../sign.js";
import { DAY_MS, resetClock, shiftClock } from "../../../platform/lib/clock.js";
import { sendMemberMails } from "../../../platform/mail/member-mails.js";
import { expireHeld, HOLD_DAYS } from "../../../platform/turn-off/index.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";
import { startReceiver } from "../../../../test/support/receiver.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// An endpoint whose receiver keeps failing is turned off by the rule (DISABLE_AFTER_*), its owners
// and admins are mailed, what happens while it is off is held, and turning it back on sends all of
// it, in order. The receiver is real (loopback); the clock is moved, not waited for.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url });
// Five failures over a day, retries due at once: the rule is reached in a few passes.
const RULE = { afterFailures: 5, afterMs: DAY_MS };
const OPTIONS: DeliveryOptions = { timeoutMs: 2000, allowPrivate: true, retryScale: 0, turnOff: RULE };

afterEach(() => resetClock());

/** One round of the webhooks' background work: the follower's fan-out, then a pass of sends. */
async function round() {
  while ((await fanOutEvents(h.services)) > 0) {
    // every event fanned out first
  }
  await deliverDue(h.database.db, OPTIONS);
}

async function post(ws: TestWorkspace, key: string, title: string) {
  const res = await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title } });
  expect(res.status).toBe(201);
}

const states = async (endpointId: string) =>
  (await h.database.db.selectFrom("webhook_deliveries").select("state").where("endpoint_id", "=", endpointId).orderBy("id").execute()).map((d) => d.state);

describe("an endpoint that keeps failing", () => {
  it("is turned off after N failures over a day, its owners and admins are mailed, and turned back on it gets every event it missed, in order", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const [owner, admin, member] = await makeMembers(h.database.db, ws.id, ["owner", "admin", "member"]);
    let answer = 500;
    const receiver = await startReceiver(() => answer);
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.created"] } })).body;
    try {
      for (const title of ["P0", "P1"]) await post(ws, key, title);
      // Failures within the day leave it on, however many.
      for (let i = 0; i < 8; i++) await round();
      let read = (await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body;
      expect(read).toMatchObject({ enabled: true, disabledReason: null, heldDeliveries: 0 });
      expect(read.consecutiveFailures).toBeGreaterThanOrEqual(RULE.afterFailures);

      // A day later the next failure turns it off.
      shiftClock(DAY_MS + 60_000);
      await round();
      read = (await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body;
      expect(read).toMatchObject({ enabled: false, disabledReason: "failing", disabledError: "HTTP 500", heldDeliveries: 2 });
      expect(Date.parse(read.disabledAt)).toBeGreaterThan(Date.parse(read.failingSince) + DAY_MS);
      expect(await states(endpoint.id)).toEqual(["held", "held"]);

      // The system turned it off, and says so in the audit log.
      const audit = (await h.call("GET", "/v1/audit-log?action=webhook_endpoint.turned_off", { key })).body.data;
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor: { type: "system", id: null },
        object: { type: "webhook_endpoint", id: endpoint.id },
        data: { reason: "failing" },
      });

      // One mail to each owner and admin, after the commit; none to a member.
      await sendMemberMails(h.services);
      const email = (id: string | undefined) => `${id}@example.com`;
      for (const reader of [owner, admin]) {
        const mail = await smtp.mailTo(email(reader));
        expect(mail.subject).toBe(`Heed turned off the webhook endpoint ${receiver.url}`);
        expect(mail.text).toContain(receiver.url);
        expect(mail.text).toContain("The last error: HTTP 500");
        expect(mail.text).toContain(`kept for it for ${HOLD_DAYS} days`);
        expect(mail.text).toContain("Turn it back on: http://heed.test/app/settings/webhooks");
      }
      expect(smtp.received.filter((m) => m.to.includes(email(member)))).toHaveLength(0);
      await sendMemberMails(h.services);
      expect(smtp.received.filter((m) => m.to.includes(email(owner)))).toHaveLength(1);

      // While it is off, what happens is held, and nothing is sent.
      for (const title of ["P2", "P3", "P4"]) await post(ws, key, title);
      await round();
      expect(await states(endpoint.id)).toEqual(["held", "held", "held", "held", "held"]);
      expect((await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body.heldDeliveries).toBe(5);

      // Turned back on (the receiver fixed), it is sent everything it missed, in order, signed.
      answer = 200;
      const on = await h.call("PATCH", `/v1/webhooks/endpoints/${endpoint.id}`, { key, json: { enabled: true } });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, heldDeliveries: 0 });
      for (let i = 0; i < 5 && receiver.received.length < 5; i++) await round();
      // Signed with the endpoint's secret (checked by hand: the moved clock is a day ahead of the verifier's).
      for (const r of receiver.received) {
        const at = new Date(Number(r.headers["webhook-timestamp"]) * 1000);
        expect(r.headers["webhook-signature"]).toBe(signatureHeader([endpoint.secret], String(r.headers["webhook-id"]), at, r.body));
      }
      const titles = receiver.received.map((r) => (JSON.parse(r.body) as { data: { title: string } }).data.title);
      expect(titles).toEqual(["P0", "P1", "P2", "P3", "P4"]);
      expect(await states(endpoint.id)).toEqual(Array(5).fill("succeeded"));
      const turnedOn = (await h.call("GET", "/v1/audit-log?action=webhook_endpoint.updated", { key })).body.data[0];
      expect(turnedOn.data).toMatchObject({ changed: ["enabled"], released: 5 });
    } finally {
      await receiver.close();
    }
  });

  it("counts every failed attempt and starts again after a success; a 410 turns it off at once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    let answers = [500, 500, 200];
    const receiver = await startReceiver(() => answers.shift() ?? 500);
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.created"] } })).body;
    try {
      await post(ws, key, "P0");
      await round();
      await round();
      expect((await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body).toMatchObject({ consecutiveFailures: 2, enabled: true });
      await round();
      expect((await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body).toMatchObject({ consecutiveFailures: 0, failingSince: null });

      answers = [410];
      await post(ws, key, "P1");
      await round();
      expect((await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}`, { key })).body).toMatchObject({
        enabled: false,
        disabledReason: "gone",
        disabledError: "HTTP 410",
        heldDeliveries: 1,
      });
    } finally {
      await receiver.close();
    }
  });

  it("holds nothing for an endpoint turned off by hand, and held deliveries older than the hold fail", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const receiver = await startReceiver(() => 410);
    const byHand = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.created"], enabled: false } })).body;
    const gone = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.created"] } })).body;
    try {
      await post(ws, key, "P0");
      await round();
      expect(await states(byHand.id)).toEqual([]);
      expect(await states(gone.id)).toEqual(["held"]);
      await post(ws, key, "P1");
      await round();
      expect(await states(gone.id)).toEqual(["held", "held"]);

      shiftClock((HOLD_DAYS + 1) * DAY_MS);
      expect(await expireHeld(h.database.db)).toBeGreaterThanOrEqual(2);
      expect(await states(gone.id)).toEqual(["failed", "failed"]);
      const on = await h.call("PATCH", `/v1/webhooks/endpoints/${gone.id}`, { key, json: { enabled: true } });
      expect(on.body.heldDeliveries).toBe(0);
      expect(await states(gone.id)).toEqual(["failed", "failed"]);
    } finally {
      await receiver.close();
    }
  });

  it("is turned back on only in its own workspace, and only with webhooks:write", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key();
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: "http://127.0.0.1:9/hook", events: ["*"], enabled: false } })).body;
    const path = `/v1/webhooks/endpoints/${endpoint.id}`;
    expect((await h.call("PATCH", path, { key: await other.key(), json: { enabled: true } })).status).toBe(404);
    expect((await h.call("GET", path, { key: await other.key() })).status).toBe(404);
    const readOnly = await h.call("PATCH", path, { key: await ws.key(["webhooks:read"]), json: { enabled: true } });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.requiredScope).toBe("webhooks:write");
    expect((await h.call("GET", path, { key })).body.enabled).toBe(false);
  });
});
