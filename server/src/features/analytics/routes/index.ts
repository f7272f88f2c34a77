import type { Operation } from "../../../http/define-operation.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { getAnalyticsOverview } from "../overview.js";
import { AnalyticsOverviewSchema, MOST_DAYS, OverviewQuery } from "../schema.js";

export const getAnalyticsOverviewOperation = defineOperation(
  {
    method: "get",
    path: "/analytics/overview",
    operationId: "getAnalyticsOverview",
    tag: "Analytics",
    summary: "The numbers of a period",
    description: `For a period of up to ${MOST_DAYS} days (UTC): posts, votes and public comments per week; the most-voted and highest-revenue posts; the time to the team's first public response (median, 90th percentile); how many posts moved to each status; the companies that asked most. With both \`from\` and \`to\`, kept until the workspace changes, as lists are.`,
    credential: secretKey("analytics:read"),
    // Without `to`, the period ends today: what it covers changes at midnight, not with a write.
    cache: { onlyWith: ["from", "to"] },
    query: OverviewQuery,
    answer: { status: 200, schema: AnalyticsOverviewSchema, description: "The overview." },
  },
  { verb: getAnalyticsOverview },
);

export const operations: Operation[] = [getAnalyticsOverviewOperation];
