import type { Decision } from "./decision.js";
import type { Redis } from "ioredis";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { loadWhenNeeded } from "../lib/load-when-needed.js";
import { log } from "../lib/log.js";
import { Leases } from "./leases.js";

const redisClient = loadWhenNeeded<{ Redis: typeof Redis }>("ioredis");

export interface RateLimiter {
  /** Counts one request against the bucket. */
  consume(bucket: string, limit: number): Promise<Decision>;
  /** The bucket's state without counting (health probes). */
  peek(bucket: string, limit: number): Promise<Decision>;
  readonly windowSeconds: number;
  /**
   * Whether the shared store is connected: waits for the first connection attempt, at most
   * `timeoutMs`. Serving before then would count the first requests in this process alone and
   * so hand out more than the limit.
   */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Fixed-window counters, in memory or, with REDIS_URL, in Redis so that every instance serving a
 * workspace shares them. If Redis cannot be reached each instance keeps counting on its own
 * (rate-limiter-flexible's insurance limiter): the service keeps answering and every instance
 * still enforces the limit by itself (fail-open to per-process limits), and the switch is logged.
 */
export function createRateLimiter(options: {
  redisUrl?: string;
  windowSeconds: number;
  /**
   * In a worker of `WORKERS=n` (node:cluster), n: without Redis, counts are kept by the primary
   * process (its RateLimiterClusterMaster, start/primary.ts), so the workers share one count per
   * bucket, which each worker takes in batches (leases.ts).
   */
  clusterWorkers?: number;
}): RateLimiter {
  const { windowSeconds } = options;
  // Fail fast while disconnected instead of queueing: the insurance limiter answers meanwhile.
  const redis = options.redisUrl
    ? new (redisClient().Redis)(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  if (redis) {
    let reachable = true;
    redis.on("error", (error) => {
      if (reachable) log.warn("redis unreachable: rate limits are counted per process until it is back", { error: error.message });
      reachable = false;
    });
    redis.on("ready", () => {
      if (!reachable) log.info("redis reachable again: rate limits are shared across instances");
      reachable = true;
    });
  }
  // A worker's counts live in the primary, which answers through its event loop. A primary held up
  // longer than the answer's timeout (a burst of webhook work, SQLite waiting for the write lock
  // synchronously) made the request fail with a 500. Such a worker now counts in its own memory for
  // a while, as every instance does when Redis is unreachable: each worker still enforces the
  // limit, and no request fails, nor waits a second, for a count.
  const cluster = options.clusterWorkers && !redis ? clusterFallback() : undefined;
  const leases = cluster ? new Leases(options.clusterWorkers!) : undefined;
  const limiters = new Map<number, { shared: RateLimiterAbstract; own: RateLimiterMemory }>();
  const limiterFor = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      const keyPrefix = `heed:rl:${windowSeconds}:${limit}`;
      const own = new RateLimiterMemory({ points: limit, duration: windowSeconds });
      const shared = redis
        ? new RateLimiterRedis({ storeClient: redis, points: limit, duration: windowSeconds, keyPrefix, insuranceLimiter: own })
        : cluster
          ? new RateLimiterCluster({ points: limit, duration: windowSeconds, keyPrefix, timeoutMs: CLUSTER_TIMEOUT_MS })
          : own;
      limiter = { shared, own };
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  /** Asks the counts; only a worker whose primary may be silent goes through the fallback. */
  const ask = <T>(limit: number, question: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> => {
    const { shared, own } = limiterFor(limit);
    return cluster ? askWithFallback(cluster, shared, own, question) : question(shared);
  };
  const decision = (limit: number, res: RateLimiterRes, allowed: boolean): Decision => ({
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetMs: Math.max(0, res.msBeforeNext),
  });

  /** Counts `points` requests against the bucket: allowed only if all of them fit. */
  const count = async (bucket: string, limit: number, points: number): Promise<Decision> => {
    try {
      return decision(limit, await ask(limit, (limiter) => limiter.consume(bucket, points)), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(limit, rejection, false);
      throw rejection;
    }
  };
  /** A worker's request: from its lease, or from the primary with a new lease (one asker at a time). */
  const asking = new Map<string, Promise<unknown>>();
  const leased = async (leases: Leases, bucket: string, limit: number): Promise<Decision> => {
    for (;;) {
      const held = leases.take(bucket, limit, Date.now());
      if (held) return held;
      const other = asking.get(bucket);
      if (!other) break;
      await other.catch(() => undefined);
    }
    const asked = leaseFromPrimary(leases, bucket, limit);
    asking.set(bucket, asked);
    try {
      return await asked;
    } finally {
      asking.delete(bucket);
    }
  };
  const leaseFromPrimary = async (leases: Leases, bucket: string, limit: number): Promise<Decision> => {
    const size = leases.size(bucket, Date.now());
    const answer = await count(bucket, limit, size);
    if (answer.allowed) return leases.granted(bucket, size, answer, Date.now());
    if (size === 1) return leases.refused(bucket, answer, Date.now());
    // Refused for the lease's size, maybe not for this one request: the primary counted the whole
    // lease, so give it back and ask for the one request alone.
    await ask(limit, (limiter) => limiter.reward(bucket, size));
    const single = await count(bucket, limit, 1);
    return single.allowed ? leases.granted(bucket, 1, single, Date.now()) : leases.refused(bucket, single, Date.now());
  };

  return {
    windowSeconds,
    async ready(timeoutMs) {
      if (!redis || redis.status === "ready") return true;
      // The first connection attempt decides: connected, refused, or still silent at the timeout.
      return new Promise<boolean>((resolve) => {
        const settle = (connected: boolean) => () => {
          clearTimeout(timer);
          redis.off("ready", onReady);
          redis.off("error", onError);
          resolve(connected);
        };
        const onReady = settle(true);
        const onError = settle(false);
        const timer = setTimeout(onError, timeoutMs);
        redis.once("ready", onReady);
        redis.once("error", onError);
      });
    },
    async consume(bucket, limit) {
      return leases ? leased(leases, bucket, limit) : count(bucket, limit, 1);
    },
    async peek(bucket, limit) {
      const res = await ask(limit, (limiter) => limiter.get(bucket));
      return res ? decision(limit, res, true) : { allowed: true, limit, remaining: limit, resetMs: windowSeconds * 1000 };
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** Asks the primary's counts, or this worker's own while the primary has not been answering. */
async function askWithFallback<T>(
  cluster: ReturnType<typeof clusterFallback>,
  shared: RateLimiterAbstract,
  own: RateLimiterAbstract,
  question: (limiter: RateLimiterAbstract) => Promise<T>,
): Promise<T> {
  if (cluster.countsAlone()) return question(own);
  try {
    const answer = await question(shared);
    cluster.answered();
    return answer;
  } catch (error) {
    // A refusal over the limit is an answer too; anything else is the primary not answering.
    if (error instanceof RateLimiterRes) {
      cluster.answered();
      throw error;
    }
    cluster.unanswered(error);
    return question(own);
  }
}

/** How long a worker waits for the primary's count before it counts by itself. */
const CLUSTER_TIMEOUT_MS = 1000;
/** How long it then counts by itself before asking the primary again. */
const CLUSTER_RETRY_MS = 5000;

/** Whether a worker counts by itself for now, and the log line when it starts and stops. */
function clusterFallback() {
  let alone = false;
  let askAgainAt = 0;
  return {
    countsAlone: () => alone && Date.now() < askAgainAt,
    answered() {
      if (!alone) return;
      alone = false;
      log.info("the primary answers rate-limit counts again: the workers share them");
    },
    unanswered(error: unknown) {
      if (!alone)
        log.warn("the primary did not answer a rate-limit count in time: this worker counts by itself for now", {
          error: error instanceof Error ? error.message : String(error),
        });
      alone = true;
      askAgainAt = Date.now() + CLUSTER_RETRY_MS;
    },
  };
}
