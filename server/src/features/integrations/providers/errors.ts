import { ProviderError } from "./types.js";

// What every provider's failures have in common, whatever SDK raised them: a call that got no
// answer (a timeout, a refused or broken connection) is worth another attempt, as are a rate limit
// and a server error; any other refusal (bad credentials, a missing issue, invalid input) will fail
// the same way next time. Each client maps its SDK's errors onto these.

type Transport = "timeout" | "connection";

// Node's and undici's codes for a connection that failed before an HTTP answer came back.
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "UND_ERR_SOCKET"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/**
 * Whether an error, or one it wraps, is a call that never got an answer. The SDKs wrap fetch's
 * rejection in their own errors (`cause`; Linear's `raw`, Slack's `original`), a few levels deep.
 */
export function transportFailure(error: unknown): Transport | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === "object"; depth++) {
    const { name, message, code } = current as { name?: unknown; message?: unknown; code?: unknown };
    // AbortSignal.timeout rejects with a TimeoutError; an AbortError can only be that same signal,
    // as these clients abort nothing else.
    if (name === "TimeoutError" || name === "AbortError") return "timeout";
    if (typeof code === "string" && TIMEOUT_CODES.has(code)) return "timeout";
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return "connection";
    if (current instanceof TypeError && message === "fetch failed") return "connection";
    const next = current as { cause?: unknown; raw?: unknown; original?: unknown };
    current = next.cause ?? next.raw ?? next.original;
  }
  return null;
}

/** A call that got no answer: always worth another attempt. */
export function unanswered(provider: string, transport: Transport): ProviderError {
  return new ProviderError(transport === "timeout" ? `${provider} did not answer in time.` : `${provider} could not be reached.`, { retryable: true });
}

/** Retry-After as milliseconds: delay-seconds (what these providers send) or an HTTP date. */
export function retryAfterMs(value: string | number | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(String(value));
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A provider's HTTP refusal: a rate limit and a server error are worth another attempt, the rest is not. */
export function refused(provider: string, status: number, detail: string | undefined, retryAfter?: number): ProviderError {
  const retryable = status === 429 || status >= 500;
  const message = `${provider} answered ${status}${detail ? `: ${detail}` : "."}`;
  return new ProviderError(message, retryAfter === undefined ? { status, retryable } : { status, retryable, retryAfterMs: retryAfter });
}

/** A failure the client could not place: told as it is, minus the credentials, and not retried. */
export function unexpected(provider: string, error: unknown, secrets: string[]): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(`${provider}: ${redact(message, secrets).slice(0, 300)}`, { retryable: false });
}

/** A message with every credential taken out, in case a provider or an SDK ever echoes one back. */
export function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out;
}
