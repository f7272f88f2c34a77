import { linearWebhooks } from "./sdks.js";
import type { TrackerDelivery } from "./types.js";

// A Linear webhook delivery, verified and read. Linear signs the raw body with the webhook's secret
// (HMAC-SHA256, hex, in Linear-Signature) and puts the time it sent it in the signed body
// (`webhookTimestamp`, ms); a delivery more than a minute away from now is a replay and refused,
// as Linear's documentation asks. The SDK's LinearWebhookClient checks the signature in constant
// time. It checks the timestamp as well, but against the real clock: its timestamp complaint is set
// aside and the window is checked here against `now`, so a caller (or a test) decides what now is.
// Only an issue's creation or update says anything Heed keeps; everything else is acknowledged.

const WINDOW_MS = 60_000;

type IssuePayload = {
  action?: string;
  type?: string;
  url?: string;
  webhookTimestamp?: unknown;
  data?: { id?: string; identifier?: string; title?: string; url?: string; state?: { name?: string } | null };
};

export async function readLinearDelivery(secret: string, rawBody: string, headers: Headers, now = Date.now()): Promise<TrackerDelivery | "bad-signature"> {
  const signature = headers.get("linear-signature");
  const deliveryId = headers.get("linear-delivery");
  if (!signature || !deliveryId || !secret) return "bad-signature";
  try {
    new (await linearWebhooks()).LinearWebhookClient(secret).verify(Buffer.from(rawBody), signature);
  } catch (error) {
    // The signature is checked first: a complaint about the timestamp means the signature held.
    if (!(error instanceof Error) || !/timestamp/i.test(error.message)) return "bad-signature";
  }
  let payload: IssuePayload;
  try {
    payload = JSON.parse(rawBody) as IssuePayload;
  } catch {
    return "bad-signature";
  }
  const sent = payload.webhookTimestamp;
  if (typeof sent !== "number" || !Number.isFinite(sent) || Math.abs(now - sent) > WINDOW_MS) return "bad-signature";

  const { data } = payload;
  if (payload.type !== "Issue" || (payload.action !== "create" && payload.action !== "update") || !data) return { deliveryId, issue: null };
  const url = data.url ?? payload.url;
  // A state-less issue would be read as a move to no state: better to take nothing from it.
  if (!data.id || !data.identifier || typeof data.title !== "string" || !url || !data.state?.name) return { deliveryId, issue: null };
  return { deliveryId, issue: { id: data.id, key: data.identifier, url, title: data.title, state: data.state.name } };
}
