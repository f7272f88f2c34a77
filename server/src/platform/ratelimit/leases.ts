import { LRUCache } from "lru-cache";
import type { Decision } from "./decision.js";

// With WORKERS, the primary keeps every bucket's count. Asking it for each request (a message each
// way through the primary's event loop) would make a worker spend 44 µs of CPU on a kept page 1
// where one process spends 26 µs, and leave two workers on two cores slower than one process. So
// a worker takes a bucket's requests from the primary in batches (a lease) and counts them down
// itself:
// - a lease is at most a quarter of what the worker last heard was left, shared by the workers,
//   and at most MAX_LEASE: near the limit leases shrink to one request, so the primary counts each
//   request again exactly where it matters;
// - leased requests are counted at the primary when leased, so the workers together never serve
//   more than the limit; a worker may hold a few unspent when another is refused (fewer served,
//   never more), and X-RateLimit-Remaining does not count what the other workers hold;
// - a lease ends with its window; refusals are not kept, each refused request asks the primary;
// - one request at a time asks for a bucket's lease; requests beside it wait and take from what it
//   brings (limiter.ts): many asking at once would over-ask, a refused lease counts at the primary
//   until it is given back, and the requests refused meanwhile would be refused below the limit.
const MAX_LEASE = 100;

interface Held {
  /** Requests leased and not yet served. */
  left: number;
  /** What the primary said was left after granting the lease. */
  remaining: number;
  /** When the window ends (ms since the epoch): the lease ends with it. */
  resetAt: number;
}

export class Leases {
  readonly #held = new LRUCache<string, Held>({ max: 10_000 });
  readonly #workers: number;

  constructor(workers: number) {
    this.#workers = Math.max(1, workers);
  }

  /** A request served from what this worker holds, or undefined when the primary must be asked. */
  take(bucket: string, limit: number, now: number): Decision | undefined {
    const held = this.#current(bucket, now);
    if (!held || held.left === 0) return undefined;
    held.left--;
    return { allowed: true, limit, remaining: held.remaining + held.left, resetMs: held.resetAt - now };
  }

  /** How many requests to lease next: one until the primary has said how many are left. */
  size(bucket: string, now: number): number {
    const held = this.#current(bucket, now);
    if (!held) return 1;
    return Math.max(1, Math.min(MAX_LEASE, Math.floor(held.remaining / (4 * this.#workers))));
  }

  /** The primary granted `size` requests, one of which this request spends. */
  granted(bucket: string, size: number, decision: Decision, now: number): Decision {
    const next = { left: size - 1, remaining: decision.remaining, resetAt: now + decision.resetMs };
    this.#held.set(bucket, next);
    return { ...decision, remaining: next.remaining + next.left };
  }

  /**
   * The primary refused: nothing is left to lease until the window starts again. (This worker held
   * nothing either: a request asks only once what it held is spent.)
   */
  refused(bucket: string, decision: Decision, now: number): Decision {
    this.#held.set(bucket, { left: 0, remaining: 0, resetAt: now + decision.resetMs });
    return decision;
  }

  /** What this worker holds of the bucket in the window now running. */
  #current(bucket: string, now: number): Held | undefined {
    const held = this.#held.get(bucket);
    return held && now < held.resetAt ? held : undefined;
  }
}
