// The transport under both clients: one Idempotency-Key per write, kept across that write's own
// retries (so a retry can never do the work twice), and retries of 429, 5xx, "still running" and
// network failures, waiting what `retry-after` says, a bounded number of times.

export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 2. */
  maxRetries?: number;
  /** The longest wait accepted from `retry-after`; a longer one answers the 429 at once. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Adds an `Idempotency-Key` to every POST, PUT, PATCH and DELETE that has none. Default true. */
  idempotencyKeys?: boolean;
}

export type Transport = (request: Request) => Promise<Response>;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Waits `ms`, or rejects as soon as the caller aborts: an abort must not sit out a retry's wait. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A random UUID; `crypto.randomUUID` exists only in secure contexts (https, localhost). */
function newIdempotencyKey(): string {
  if (typeof globalThis.crypto.randomUUID === "function") return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A whole, non-negative option, else the default (an unset `Number(process.env.X)` is NaN). */
function countOption(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

/** Exponential backoff with ±20% jitter, for answers that name no wait: 0.5 s, 1 s, 2 s… */
function backoffMs(attempt: number): number {
  return 500 * 2 ** attempt * (0.8 + Math.random() * 0.4);
}

/** `retry-after` in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function isRetryable(response: Response): Promise<boolean> {
  if (RETRIED_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  // The first request with this Idempotency-Key is still running: asking again later gets its answer.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code === "idempotency_in_flight";
}

export function retrying(transport: Transport, options: RetryOptions = {}): Transport {
  const maxRetries = countOption(options.maxRetries, 2);
  const maxDelay = countOption(options.maxRetryDelayMs, 60_000);
  return async (request) => {
    const write = WRITES.has(request.method);
    if (write && options.idempotencyKeys !== false && !request.headers.has("idempotency-key")) {
      request.headers.set("idempotency-key", newIdempotencyKey());
    }
    // Without a key, a write whose answer was lost may have happened: it is not sent again.
    const mayResend = !write || request.headers.has("idempotency-key");
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await transport(last ? request : request.clone());
      } catch (error) {
        // A request its caller aborted (or timed out) is over: retrying would only delay the abort.
        if (last || !mayResend || request.signal.aborted) throw error;
        await sleep(backoffMs(attempt), request.signal);
        continue;
      }
      if (last || !(await isRetryable(response))) return response;
      if (response.status >= 500 && !mayResend) return response;
      const wait = retryAfterMs(response) ?? backoffMs(attempt);
      if (wait > maxDelay) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
