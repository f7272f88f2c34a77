import type { Octokit } from "@octokit/rest";
import { redact, refused, retryAfterMs, transportFailure, unanswered, unexpected } from "./errors.js";
import { octokitSdk } from "./sdks.js";
import { ProviderError, type TrackerClient, type TrackerIssue } from "./types.js";

// GitHub's issues over Octokit's REST client, pointed at the configured base URL (api.github.com, a
// GitHub Enterprise Server's /api/v3, or a test's stand-in). No retry or throttling plugin: Heed's
// outbox decides when to try again, from the ProviderError this answers. Every call carries its own
// AbortSignal so a stalled GitHub costs at most `timeoutMs`.

export interface GitHubSettings {
  token: string;
  baseUrl: string;
  /** "owner/repo" names issues may be created in. */
  repositories: string[];
}

type Issue = {
  node_id: string;
  number: number;
  html_url: string;
  title: string;
  state: string;
  state_reason?: string | null;
  repository_url: string;
};

/** GitHub's open/closed plus why it was closed, as a status mapping keys on it. */
export function githubState(state: string, reason: string | null | undefined): "open" | "closed" | "not_planned" {
  if (state === "open") return "open";
  return reason === "not_planned" ? "not_planned" : "closed";
}

/** "owner/repo#12" or an issue's web address on any GitHub host; null for anything else. */
export function parseGitHubReference(reference: string): { owner: string; repo: string; number: number } | null {
  const text = reference.trim();
  const short = /^([\w.-]+)\/([\w.-]+)#(\d+)$/.exec(text);
  if (short) return { owner: short[1]!, repo: short[2]!, number: Number(short[3]) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const path = /^\/([\w.-]+)\/([\w.-]+)\/issues\/(\d+)\/?$/.exec(url.pathname);
  return path ? { owner: path[1]!, repo: path[2]!, number: Number(path[3]) } : null;
}

function toIssue(issue: Issue, fallbackRepository: string): TrackerIssue {
  // The repository as GitHub spells it (and where a transferred issue now lives), not as typed.
  const repository = /\/repos\/([^/]+\/[^/]+)$/.exec(issue.repository_url)?.[1] ?? fallbackRepository;
  return {
    id: issue.node_id,
    key: `${repository}#${issue.number}`,
    url: issue.html_url,
    title: issue.title,
    state: githubState(issue.state, issue.state_reason),
  };
}

export function githubClient(settings: GitHubSettings, timeoutMs = 10_000): TrackerClient {
  let client: Octokit | undefined;
  const connect = async () => {
    client ??= new (await octokitSdk()).Octokit({
      auth: settings.token,
      baseUrl: settings.baseUrl.replace(/\/+$/, ""),
      userAgent: "heed-integrations",
      // Failures reach the outbox as ProviderErrors; Octokit's own console lines would repeat them.
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    return client;
  };
  const request = () => ({ signal: AbortSignal.timeout(timeoutMs) });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw githubError(error, [settings.token]);
    }
  };

  return {
    check: () =>
      call(async () => {
        const { data } = await (await connect()).rest.users.getAuthenticated({ request: request() });
        return { account: data.login };
      }),

    targets: async () => settings.repositories.map((name) => ({ id: name, name })),

    createIssue: ({ target, title, body }) =>
      call(async () => {
        // Only where the integration was set up to write, whatever else the token may reach.
        const repository = settings.repositories.find((name) => name.toLowerCase() === target.toLowerCase());
        const [owner, repo] = repository?.split("/") ?? [];
        if (!repository || !owner || !repo) throw new ProviderError(`${target} is not one of this integration's repositories.`, { retryable: false });
        const { data } = await (await connect()).rest.issues.create({ owner, repo, title, body, request: request() });
        return toIssue(data, repository);
      }),

    findIssue: async (reference) => {
      const ref = parseGitHubReference(reference);
      if (!ref) return null;
      try {
        const { data } = await (await connect()).rest.issues.get({ owner: ref.owner, repo: ref.repo, issue_number: ref.number, request: request() });
        return toIssue(data, `${ref.owner}/${ref.repo}`);
      } catch (error) {
        // 404: no such issue (or repository) for this token; 410: the issue was deleted.
        const status = httpStatus(error);
        if (status === 404 || status === 410) return null;
        throw githubError(error, [settings.token]);
      }
    },

    comment: (issue, body) =>
      call(async () => {
        const ref = parseGitHubReference(issue.key);
        if (!ref) throw new ProviderError(`${issue.key} is not a GitHub issue reference.`, { retryable: false });
        await (await connect()).rest.issues.createComment({ owner: ref.owner, repo: ref.repo, issue_number: ref.number, body, request: request() });
      }),
  };
}

type HttpError = { status: number; response?: { headers?: Record<string, string | undefined>; data?: unknown } };

// Octokit's RequestError (name "HttpError"), recognised by shape: @octokit/request-error is not a
// dependency of Heed's own.
function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && error.name === "HttpError" && typeof (error as { status?: unknown }).status === "number";
}

function httpStatus(error: unknown): number | undefined {
  return isHttpError(error) && error.response ? error.status : undefined;
}

function githubError(error: unknown, secrets: string[]): ProviderError {
  if (error instanceof ProviderError) return error;
  // Octokit reports a call that got no answer as a status-500 RequestError with no response.
  const transport = transportFailure(error);
  if (transport) return unanswered("GitHub", transport);
  if (!isHttpError(error) || !error.response) return unexpected("GitHub", error, secrets);
  const headers = error.response.headers ?? {};
  const data = error.response.data as { message?: unknown } | undefined;
  const detail = typeof data?.message === "string" ? redact(data.message, secrets) : undefined;
  // GitHub answers an exhausted rate limit with 403 (or 429) and says so in its headers.
  const limited = error.status === 429 || (error.status === 403 && (headers["x-ratelimit-remaining"] === "0" || headers["retry-after"] !== undefined));
  if (!limited) return refused("GitHub", error.status, detail);
  const reset = Number(headers["x-ratelimit-reset"]);
  const wait = retryAfterMs(headers["retry-after"]) ?? (Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) : undefined);
  return new ProviderError(`GitHub's rate limit was reached${detail ? `: ${detail}` : "."}`, { status: error.status, retryable: true, retryAfterMs: wait });
}
