import { credential, type FakeProvider, type RecordedCall, type Reply, startFakeServer } from "./server.js";

// A stand-in for Slack's Web API and an incoming webhook, in their documented wire format. The Web
// API (under /api/, as slack.com/api/ serves it) takes the token as `Authorization: Bearer …` (or a
// `token` field) and a form-encoded or JSON body, and answers every call with HTTP 200 and
// `{ok: true, …}` or `{ok: false, error: "…"}` ("not_authed", "invalid_auth", "channel_not_found",
// "no_text", "invalid_blocks"); only a rate limit is an HTTP status of its own (429 + Retry-After).
// Methods: auth.test, chat.postMessage. The incoming webhook at /services/T000/B000/XXXX takes a
// JSON message and answers "ok", or a status with a plain-text reason ("no_service", "invalid_payload").

export interface FakeSlackMessage {
  /** The channel as posted to (absent for the webhook, whose channel is fixed). */
  channel?: string;
  text: string;
  blocks: unknown[];
}

export interface FakeSlack extends FakeProvider {
  botToken: string;
  /** The Web API's base, for WebClient's `slackApiUrl`. */
  apiUrl: string;
  /** The incoming webhook's address. */
  webhookUrl: string;
  team: { id: string; name: string };
  channels: { id: string; name: string }[];
  messages: FakeSlackMessage[];
}

const WEBHOOK_PATH = "/services/T000/B000/XXXX";

export async function startFakeSlack(options: { botToken?: string; team?: string; channels?: { id: string; name: string }[] } = {}): Promise<FakeSlack> {
  const botToken = options.botToken ?? "xoxb-000-000-fake";
  const team = { id: "T000", name: options.team ?? "Acme" };
  const channels = options.channels ?? [{ id: "C0FEEDBACK", name: "feedback" }];
  const messages: FakeSlackMessage[] = [];
  let ts = 1_700_000_000;

  // Bodies are form-encoded (WebClient's way, nested values as JSON strings) or JSON.
  const blocksOf = (value: unknown): unknown[] | "invalid" => {
    if (value === undefined || value === "") return [];
    try {
      const blocks = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
      return Array.isArray(blocks) ? blocks : "invalid";
    } catch {
      return "invalid";
    }
  };

  const webApi = (call: RecordedCall, reply: Reply, method: string) => {
    const ok = (answer: Record<string, unknown>) => reply.json(200, { ok: true, ...answer });
    const refuse = (error: string) => reply.json(200, { ok: false, error });
    const auth = credential(call.headers);
    const token = auth?.scheme === "bearer" ? auth.value : typeof call.body.token === "string" ? call.body.token : null;
    if (!token) return refuse("not_authed");
    if (token !== botToken) return refuse("invalid_auth");
    if (method === "auth.test")
      return ok({
        url: `https://${team.name.toLowerCase()}.slack.com/`,
        team: team.name,
        user: "heed",
        team_id: team.id,
        user_id: "U0HEED",
        bot_id: "B0HEED",
        is_enterprise_install: false,
      });
    if (method === "chat.postMessage") {
      const asked = typeof call.body.channel === "string" ? call.body.channel.replace(/^#/, "") : "";
      const channel = channels.find((candidate) => candidate.id === asked || candidate.name === asked);
      if (!channel) return refuse("channel_not_found");
      const text = typeof call.body.text === "string" ? call.body.text : "";
      const blocks = blocksOf(call.body.blocks);
      if (blocks === "invalid") return refuse("invalid_blocks");
      if (!text && blocks.length === 0) return refuse("no_text");
      messages.push({ channel: call.body.channel as string, text, blocks });
      const stamp = `${ts++}.000100`;
      return ok({ channel: channel.id, ts: stamp, message: { type: "message", subtype: "bot_message", text, blocks, bot_id: "B0HEED", ts: stamp } });
    }
    return refuse("unknown_method");
  };

  const fake = await startFakeServer(
    (call, reply) => {
      const path = call.path.split("?")[0]!;
      if (call.method !== "POST") return reply.text(405, "method_not_allowed");
      if (path.startsWith("/api/")) return webApi(call, reply, path.slice("/api/".length));
      if (path !== WEBHOOK_PATH) return reply.text(404, "no_service");
      const { text, blocks } = call.body as { text?: unknown; blocks?: unknown };
      const parsed = blocksOf(blocks);
      if (parsed === "invalid" || (typeof text !== "string" && parsed.length === 0)) return reply.text(400, "invalid_payload");
      messages.push({ text: typeof text === "string" ? text : "", blocks: parsed });
      return reply.text(200, "ok", { "content-type": "text/html" });
    },
    {
      rateLimited: (reply, seconds, call) =>
        call.path.startsWith("/api/")
          ? reply.json(429, { ok: false, error: "ratelimited" }, { "retry-after": String(seconds) })
          : reply.text(429, "rate_limited", { "retry-after": String(seconds) }),
      serverError: (reply, call) => (call.path.startsWith("/api/") ? reply.text(500, "Internal Server Error") : reply.text(500, "rollup_error")),
    },
  );

  return { ...fake, botToken, apiUrl: `${fake.url}/api/`, webhookUrl: `${fake.url}${WEBHOOK_PATH}`, team, channels, messages };
}
