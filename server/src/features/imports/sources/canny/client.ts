import { UnreadableSource } from "../../model.js";

// Canny's REST API as its documentation describes it: every call is a POST of JSON to
// `<base>/api/v1/<resource>/<verb>` carrying the account's `apiKey`; lists page with `skip` and
// `limit` and say `hasMore`; a refusal answers `{ "error": "…" }`. Canny offers no SDK of its own,
// so this is the client. It waits out a rate limit (429, honouring Retry-After), tries a server
// error or a stalled call again a few times, and turns a refusal into a message for the report.

export const CANNY_BASE_URL = "https://canny.io";

export interface CannyOptions {
  apiKey: string;
  baseUrl?: string;
  /** Rows per page (Canny's default is 10; its lists take more). */
  pageSize?: number;
  /** How long one call may take before it is tried again. */
  timeoutMs?: number;
  /** The longest wait a rate limit may ask for before the import gives up. */
  maxRetryAfterMs?: number;
  /** The first pause before trying again after an error; it doubles each time (250 ms). */
  retryBaseMs?: number;
}

const TRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CannyClient {
  private readonly base: string;
  readonly pageSize: number;
  /** Calls made, for the progress bar. */
  calls = 0;

  constructor(private readonly options: CannyOptions) {
    this.base = (options.baseUrl ?? CANNY_BASE_URL).replace(/\/+$/, "");
    this.pageSize = options.pageSize ?? 1_000;
  }

  async call<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    const url = `${this.base}/api/v1/${path}`;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ apiKey: this.options.apiKey, ...body }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
          redirect: "error",
        });
      } catch (error) {
        if (attempt < TRIES) {
          await sleep((this.options.retryBaseMs ?? 250) * 2 ** attempt);
          continue;
        }
        throw new UnreadableSource(
          `Canny could not be reached at ${this.base} (${(error as Error).name === "TimeoutError" ? "no answer in time" : (error as Error).message}): nothing was imported.`,
        );
      }
      this.calls++;
      if (response.status === 429 && attempt < TRIES) {
        const seconds = Number(response.headers.get("retry-after"));
        const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
        if (wait > (this.options.maxRetryAfterMs ?? 60_000))
          throw new UnreadableSource(`Canny's rate limit asks to wait ${Math.round(wait / 1000)} s: try the import again later.`);
        await response.body?.cancel();
        await sleep(wait);
        continue;
      }
      if (response.status >= 500 && attempt < TRIES) {
        await response.body?.cancel();
        await sleep((this.options.retryBaseMs ?? 250) * 2 ** attempt);
        continue;
      }
      const text = await response.text();
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new UnreadableSource(`Canny answered ${path} with ${response.status} and no JSON: nothing was imported.`);
      }
      if (!response.ok || (answer !== null && typeof answer === "object" && "error" in answer)) {
        const reason = (answer as { error?: unknown })?.error;
        throw new UnreadableSource(`Canny refused ${path} (${response.status}): ${typeof reason === "string" ? reason : "no reason given"}.`);
      }
      return answer as T;
    }
  }

  /** Every item of a list, page by page (`skip`/`limit`), as Canny documents its lists. */
  async *list<T>(resource: string, key: string, body: Record<string, unknown> = {}): AsyncGenerator<T> {
    for (let skip = 0; ; skip += this.pageSize) {
      const answer = await this.call<Record<string, unknown> | T[]>(`${resource}/list`, { ...body, limit: this.pageSize, skip });
      // users/list (v1) answers a bare array; the other lists an object with `hasMore`.
      const items = (Array.isArray(answer) ? answer : (answer[key] as T[] | undefined)) ?? [];
      yield* items;
      const more = Array.isArray(answer) ? items.length === this.pageSize : answer.hasMore === true;
      if (!more || items.length === 0) return;
    }
  }
}
