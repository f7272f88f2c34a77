import { githubState } from "./github.js";
import { octokitWebhooks } from "./sdks.js";
import type { TrackerDelivery } from "./types.js";

// A GitHub webhook delivery, verified and read. GitHub signs the raw body with the hook's secret
// (HMAC-SHA256, hex, in X-Hub-Signature-256 as "sha256=…"); Octokit's `verify` checks it in
// constant time. Only an issue's opening, closing, reopening or edit says anything Heed keeps; a
// ping (sent when the hook is created) and every other event are acknowledged with no issue.

const ISSUE_ACTIONS = new Set(["opened", "closed", "reopened", "edited"]);

type IssuesPayload = {
  action?: string;
  issue?: { node_id?: string; number?: number; html_url?: string; title?: string; state?: string; state_reason?: string | null };
  repository?: { full_name?: string };
};

export async function readGitHubDelivery(secret: string, rawBody: string, headers: Headers): Promise<TrackerDelivery | "bad-signature"> {
  const signature = headers.get("x-hub-signature-256");
  const deliveryId = headers.get("x-github-delivery");
  // Without its delivery id it is no GitHub delivery, whoever signed it.
  if (!signature || !deliveryId) return "bad-signature";
  let valid: boolean;
  try {
    valid = await (await octokitWebhooks()).verify(secret, rawBody, signature);
  } catch {
    // `verify` throws on an empty secret or body rather than answering false.
    valid = false;
  }
  if (!valid) return "bad-signature";

  if (headers.get("x-github-event") !== "issues") return { deliveryId, issue: null };
  let payload: IssuesPayload;
  try {
    payload = JSON.parse(rawBody) as IssuesPayload;
  } catch {
    return { deliveryId, issue: null };
  }
  const { issue, repository } = payload;
  if (!payload.action || !ISSUE_ACTIONS.has(payload.action) || !issue || !repository?.full_name) return { deliveryId, issue: null };
  if (!issue.node_id || issue.number === undefined || !issue.html_url || typeof issue.title !== "string" || !issue.state) return { deliveryId, issue: null };
  return {
    deliveryId,
    issue: {
      id: issue.node_id,
      key: `${repository.full_name}#${issue.number}`,
      url: issue.html_url,
      title: issue.title,
      state: githubState(issue.state, issue.state_reason),
    },
  };
}
