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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
  const body = (await response.clone().json().catch(() => null)) as { code?: string } | null;
  return body?.code === "idempotency_in_flight";
}

export function retrying(transport: Transport, options: RetryOptions = {}): Transport {
  const maxRetries = options.maxRetries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 60_000;
  return async (request) => {
    const write = WRITES.has(request.method);
    if (write && options.idempotencyKeys !== false && !request.headers.has("idempotency-key")) {
      request.headers.set("idempotency-key", globalThis.crypto.randomUUID());
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
        await sleep(backoffMs(attempt));
        continue;
      }
      if (last || !(await isRetryable(response))) return response;
      if (response.status >= 500 && !mayResend) return response;
      const wait = retryAfterMs(response) ?? backoffMs(attempt);
      if (wait > maxDelay) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
