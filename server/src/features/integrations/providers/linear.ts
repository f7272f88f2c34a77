import { createHash } from "node:crypto";
import type { LinearClient } from "@linear/sdk";
import { redact, transportFailure, unanswered, unexpected } from "./errors.js";
import { linearSdk } from "./sdks.js";
import { ProviderError, type TrackerClient, type TrackerIssue } from "./types.js";

type Sdk = Awaited<ReturnType<typeof linearSdk>>;

// Linear's GraphQL API over its SDK, pointed at the configured `apiUrl` (the SDK's own option;
// plain http only for localhost, which is what tests use). The SDK has no timeout and no retries
// of its own, and hands any other option it is given to fetch: each operation gets a fresh client
// whose `signal` bounds the whole operation to `timeoutMs`.
//
// The teams list and the comment use the SDK's typed methods. Creating and finding an issue use
// the SDK's own `client.client.rawRequest` with small documents instead, because the typed path
// answers only the issue's id and fetches the issue, then its workflow state, in follow-up calls:
// three round trips, and a failure after the create would make the outbox create the issue twice.
// `check` is one small document too, for the workspace name without the SDK's whole Organization
// fragment.
//
// Creating an issue or a comment is made idempotent with Linear's own input `id` ("the identifier
// in UUID v4 format"): the id is derived from the delivery, so every retry asks for the same object,
// and each attempt first looks that id up. A create whose answer was lost (a timeout after Linear
// made it) therefore finds the object instead of making a second one.

export interface LinearSettings {
  apiKey: string;
  apiUrl: string;
}

const CHECK = `query HeedCheck { viewer { id name email } organization { id name } }`;
const ISSUE_FIELDS = `id identifier url title state { name }`;
const CREATE_ISSUE = `mutation HeedCreateIssue($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } } }`;
const FIND_ISSUE = `query HeedIssue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} } }`;
const FIND_COMMENT = `query HeedComment($id: String!) { comment(id: $id) { id } }`;

/** The UUID (version 4 layout) Linear is asked to give a new issue or comment: the same for every retry of one request. */
export function linearIdFor(kind: "issue" | "comment", requestKey: string): string {
  const bytes = createHash("sha256").update(`heed:linear-${kind}:${requestKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type RawIssue = { id: string; identifier: string; url: string; title: string; state: { name: string } | null };

const toIssue = (issue: RawIssue): TrackerIssue => ({
  id: issue.id,
  key: issue.identifier,
  url: issue.url,
  title: issue.title,
  state: issue.state?.name ?? "",
});

/** "ENG-12" or a Linear issue's address (…/issue/ENG-12/slug), as the identifier; null for anything else. */
export function parseLinearReference(reference: string): string | null {
  const text = reference.trim();
  if (/^[A-Za-z][A-Za-z0-9_]*-\d+$/.test(text)) return text.toUpperCase();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const path = /^\/[^/]+\/issue\/([A-Za-z][A-Za-z0-9_]*-\d+)(?:\/|$)/.exec(url.pathname);
  return path ? path[1]!.toUpperCase() : null;
}

export function linearClient(settings: LinearSettings, timeoutMs = 10_000): TrackerClient {
  const secrets = [settings.apiKey];
  const run = async <T>(work: (sdk: LinearClient) => Promise<T>): Promise<T> => {
    const sdk = await linearSdk();
    try {
      return await work(new sdk.LinearClient({ apiKey: settings.apiKey, apiUrl: settings.apiUrl, signal: AbortSignal.timeout(timeoutMs) }));
    } catch (error) {
      throw linearError(sdk, error, secrets);
    }
  };

  return {
    check: () =>
      run(async (sdk) => {
        const { data } = await sdk.client.rawRequest<{ viewer: { name: string; email: string }; organization: { name: string } | null }, Record<string, never>>(
          CHECK,
          {},
        );
        return { account: data?.organization?.name || data?.viewer.name || data?.viewer.email || "Linear" };
      }),

    targets: () =>
      run(async (sdk) => {
        const teams = await sdk.paginate(sdk.teams, { first: 100 });
        return teams.map((team) => ({ id: team.id, name: `${team.key} — ${team.name}` }));
      }),

    createIssue: ({ target, title, body, requestKey }) =>
      run(async (sdk) => {
        const id = linearIdFor("issue", requestKey);
        const made = await issueById(sdk, id);
        if (made) return made;
        const { data } = await sdk.client.rawRequest<{ issueCreate: { success: boolean; issue: RawIssue | null } }, { input: Record<string, unknown> }>(
          CREATE_ISSUE,
          { input: { id, teamId: target, title, description: body } },
        );
        const issue = data?.issueCreate.success ? data.issueCreate.issue : null;
        if (!issue) throw new ProviderError("Linear did not create the issue.", { retryable: false });
        return toIssue(issue);
      }),

    findIssue: async (reference) => {
      const id = parseLinearReference(reference);
      if (!id) return null;
      return run((sdk) => issueById(sdk, id));
    },

    comment: (issue, body, requestKey) =>
      run(async (sdk) => {
        const id = linearIdFor("comment", requestKey);
        if (await commentExists(sdk, id)) return;
        const payload = await sdk.createComment({ id, issueId: issue.id, body });
        if (!payload.success) throw new ProviderError("Linear did not add the comment.", { retryable: false });
      }),
  };
}

/** The issue by UUID or identifier ("ENG-12": `issue(id:)` takes both), or null when Linear knows none. */
async function issueById(sdk: LinearClient, id: string): Promise<TrackerIssue | null> {
  try {
    const { data } = await sdk.client.rawRequest<{ issue: RawIssue | null }, { id: string }>(FIND_ISSUE, { id });
    return data?.issue ? toIssue(data.issue) : null;
  } catch (error) {
    if (isNotFound(await linearSdk(), error)) return null;
    throw error;
  }
}

async function commentExists(sdk: LinearClient, id: string): Promise<boolean> {
  try {
    const { data } = await sdk.client.rawRequest<{ comment: { id: string } | null }, { id: string }>(FIND_COMMENT, { id });
    return Boolean(data?.comment);
  } catch (error) {
    if (isNotFound(await linearSdk(), error)) return false;
    throw error;
  }
}

// Linear answers an unknown (or unreachable) issue with an "Entity not found" GraphQL error rather
// than a null field.
function isNotFound({ LinearError }: Sdk, error: unknown): boolean {
  if (!(error instanceof LinearError)) return false;
  const messages = (error.errors ?? []).map((e) => e.message).concat(error.message);
  return messages.some((m) => /entity not found|could not find/i.test(m));
}

function linearError({ LinearError, LinearErrorType, RatelimitedLinearError }: Sdk, error: unknown, secrets: string[]): ProviderError {
  if (error instanceof ProviderError) return error;
  // The typed path wraps fetch's rejection in an UnknownLinearError, rawRequest lets it through.
  const transport = transportFailure(error);
  if (transport) return unanswered("Linear", transport);
  if (!(error instanceof LinearError)) return unexpected("Linear", error, secrets);
  const status = error.status;
  const first = error.errors?.[0]?.message;
  const detail = first ? redact(first, secrets) : undefined;
  if (error instanceof RatelimitedLinearError || error.type === LinearErrorType.Ratelimited || status === 429) {
    const limited = error instanceof RatelimitedLinearError ? error : undefined;
    const reset = limited?.requestsResetAt ?? limited?.complexityResetAt;
    const wait = limited?.retryAfter !== undefined ? limited.retryAfter * 1000 : reset !== undefined ? Math.max(0, reset - Date.now()) : undefined;
    return new ProviderError("Linear's rate limit was reached.", { status, retryable: true, retryAfterMs: wait });
  }
  const transient =
    (status !== undefined && status >= 500) ||
    error.type === LinearErrorType.InternalError ||
    error.type === LinearErrorType.NetworkError ||
    error.type === LinearErrorType.LockTimeout;
  // GraphQL errors may come with a 200 (or Linear's 400): the status is told only when it says something.
  const told = status !== undefined && status >= 400 ? status : undefined;
  return new ProviderError(`Linear ${told ? `answered ${told}` : "refused the call"}${detail ? `: ${detail}` : "."}`, { status: told, retryable: transient });
}
