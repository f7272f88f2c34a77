import { Redis } from "ioredis";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { log } from "../lib/log.js";

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the bucket's window starts again. */
  resetMs: number;
}

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
   * A worker of `WORKERS` (node:cluster): without Redis, counts are kept by the primary process
   * (its RateLimiterClusterMaster, start/primary.ts), so the workers share one count per bucket.
   */
  clusterWorker?: boolean;
}): RateLimiter {
  const { windowSeconds } = options;
  // Fail fast while disconnected instead of queueing: the insurance limiter answers meanwhile.
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
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
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterFor = (limit: number): RateLimiterAbstract => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      const keyPrefix = `heed:rl:${windowSeconds}:${limit}`;
      const memory = new RateLimiterMemory({ points: limit, duration: windowSeconds });
      limiter = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            points: limit,
            duration: windowSeconds,
            keyPrefix,
            insuranceLimiter: memory,
          })
        : options.clusterWorker
          ? new RateLimiterCluster({ points: limit, duration: windowSeconds, keyPrefix, timeoutMs: 1000 })
          : memory;
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  const decision = (limit: number, res: RateLimiterRes, allowed: boolean): Decision => ({
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetMs: Math.max(0, res.msBeforeNext),
  });

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
      try {
        return decision(limit, await limiterFor(limit).consume(bucket), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(limit, rejection, false);
        throw rejection;
      }
    },
    async peek(bucket, limit) {
      const res = await limiterFor(limit).get(bucket);
      return res ? decision(limit, res, true) : { allowed: true, limit, remaining: limit, resetMs: windowSeconds * 1000 };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
