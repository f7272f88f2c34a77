import type { Block, KnownBlock, WebClient } from "@slack/web-api";
import type { FetchFunction } from "@slack/webhook";
import { redact, refused, retryAfterMs, transportFailure, unanswered, unexpected } from "./errors.js";
import { slackWebApi, slackWebhook } from "./sdks.js";
import { ProviderError, type SlackSender } from "./types.js";

// Slack through its two official clients: a bot token posts with the Web API's WebClient (at the
// configured `apiUrl`), an incoming-webhook URL with IncomingWebhook. Both are told not to retry
// (WebClient would otherwise retry ten times over about thirty minutes and sleep through a rate
// limit) so that a 429 reaches Heed's outbox, which owns retrying; both bound each call with their
// own `timeout` option.

export type SlackSettings = { botToken: string; channel: string; apiUrl: string } | { webhookUrl: string };

// Slack's own "try again later" answers, which come as `ok: false` with an HTTP 200.
const TRANSIENT_PLATFORM_ERRORS = new Set(["ratelimited", "rate_limited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"]);

type Blocks = (KnownBlock | Block)[];

export function slackSender(settings: SlackSettings, timeoutMs = 10_000): SlackSender {
  return "webhookUrl" in settings ? webhookSender(settings.webhookUrl, timeoutMs) : botSender(settings, timeoutMs);
}

function botSender(settings: { botToken: string; channel: string; apiUrl: string }, timeoutMs: number): SlackSender {
  let made: WebClient | undefined;
  const connect = async () => {
    const { WebClient, LogLevel } = await slackWebApi();
    made ??= new WebClient(settings.botToken, {
      slackApiUrl: settings.apiUrl,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: timeoutMs,
      // Failures reach the outbox as ProviderErrors; the client's warnings would repeat them.
      logLevel: LogLevel.ERROR,
    });
    return made;
  };
  const secrets = [settings.botToken];
  return {
    check: async () => {
      try {
        const result = await (await connect()).auth.test();
        return { account: result.team ?? result.team_id ?? "Slack" };
      } catch (error) {
        throw await slackError(error, secrets);
      }
    },
    post: async ({ channel, text, blocks }) => {
      try {
        // Slack refuses an empty blocks array; text alone is a whole message.
        await (await connect()).chat.postMessage({ channel: channel ?? settings.channel, text, ...(blocks.length ? { blocks: blocks as Blocks } : {}) });
      } catch (error) {
        throw await slackError(error, secrets);
      }
    },
  };
}

function webhookSender(url: string, timeoutMs: number): SlackSender {
  // The webhook's channel is fixed and Slack offers no way to test one without posting to it.
  // The URL is the credential: anyone holding it can post.
  const secrets = [url, URL.canParse(url) ? new URL(url).pathname : url];
  return {
    check: async () => ({ account: "incoming webhook" }),
    post: async ({ text, blocks }) => {
      // IncomingWebhook's HTTP error keeps the status and body but not the headers: this fetch
      // remembers the Retry-After of the answer (one webhook per post, so nothing is shared).
      let retryAfter: string | null = null;
      const remembering: FetchFunction = async (input, init) => {
        const response = await fetch(input, init);
        retryAfter = response.headers.get("retry-after");
        return response;
      };
      const { IncomingWebhook } = await slackWebhook();
      const webhook = new IncomingWebhook(url, { fetch: remembering, timeout: timeoutMs, retryConfig: { retries: 0 } });
      try {
        await webhook.send({ text, ...(blocks.length ? { blocks: blocks as Blocks } : {}) });
      } catch (error) {
        throw await slackError(error, secrets, retryAfter);
      }
    },
  };
}

async function slackError(error: unknown, secrets: string[], webhookRetryAfter?: string | null): Promise<ProviderError> {
  const [{ ErrorCode: WebApiErrorCode }, { ErrorCode: WebhookErrorCode }] = await Promise.all([slackWebApi(), slackWebhook()]);
  const transport = transportFailure(error);
  if (transport) return unanswered("Slack", transport);
  const { code } = (error ?? {}) as { code?: unknown };
  if (code === WebApiErrorCode.RateLimitedError) {
    const seconds = (error as { retryAfter?: number }).retryAfter;
    return new ProviderError("Slack's rate limit was reached.", { status: 429, retryable: true, retryAfterMs: retryAfterMs(seconds) });
  }
  if (code === WebApiErrorCode.PlatformError) {
    const reason = String((error as { data?: { error?: unknown } }).data?.error ?? "unknown_error");
    return new ProviderError(`Slack refused the call: ${redact(reason, secrets)}.`, { retryable: TRANSIENT_PLATFORM_ERRORS.has(reason) });
  }
  if (code === WebApiErrorCode.HTTPError) {
    const { statusCode, headers } = error as { statusCode: number; headers?: Record<string, string> };
    return refused("Slack", statusCode, undefined, retryAfterMs(headers?.["retry-after"]));
  }
  if (code === WebhookErrorCode.HTTPError) {
    const { statusCode, body } = error as { statusCode: number; body?: unknown };
    // An incoming webhook answers a refusal as a short plain-text reason ("no_service", "invalid_token").
    const reason = typeof body === "string" && body.length <= 100 ? redact(body, secrets) : undefined;
    return refused("Slack", statusCode, reason, retryAfterMs(webhookRetryAfter));
  }
  // WebClient rejects a 429 whose Retry-After it cannot read with a plain Error.
  if (error instanceof Error && error.message.startsWith("Retry header did not contain a valid timeout"))
    return new ProviderError("Slack's rate limit was reached.", { status: 429, retryable: true });
  return unexpected("Slack", error, secrets);
}
