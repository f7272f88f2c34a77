import { Counter, register } from "../../platform/metrics/instruments.js";
import { metricsRegistry } from "../../platform/metrics/registry.js";

// What became of the requests that a cache or a limit decided: kept answers found or made again
// (answers.ts, front-door/kept-answers.ts), and requests refused for a rate limit (rate-limit.ts,
// and sign-in attempts). Counted whether or not metrics are on: an addition each, written out only
// when they are.

const kept = new Counter(
  "heed_kept_answers_total",
  "GETs of /v1 routes that keep their answers: hit (served from a kept answer, at the front door or in the app) or miss (made again).",
  ["result", "at"],
);
const refusals = new Counter(
  "heed_rate_limit_refusals_total",
  "Requests refused with 429, by the limit: a bucket's policy (key, session, public, ip) or sign-in attempts.",
  ["limit"],
);
register(metricsRegistry, kept);
register(metricsRegistry, refusals);

export const keptHitAtDoor = kept.series(["hit", "front-door"]);
export const keptHitInApp = kept.series(["hit", "app"]);
export const keptMiss = kept.series(["miss", "app"]);

// Every limit's series from the start, at 0, so a rate over them has a value before the first refusal.
const LIMITS = ["key", "session", "public", "ip", "sign-in"];
const byLimit = new Map(LIMITS.map((limit) => [limit, refusals.series([limit])]));

/** Counts a refusal under its limit's name: a rate-limit policy (rate-limit.ts's RatePolicy) or "sign-in". */
export function refused(limit: string): void {
  (byLimit.get(limit) ?? refusals.series([limit])).inc();
}
