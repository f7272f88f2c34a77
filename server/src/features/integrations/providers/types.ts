// What Heed needs from each provider, whatever its SDK: the integration's verbs and its outbox
// sender talk to these shapes, never to an SDK directly. Each provider's folder implements them
// over that provider's official SDK, pointed at a base URL the server is configured with.

export type TrackerProvider = "github" | "linear";
export type Provider = "slack" | TrackerProvider;

/** An issue in a tracker, as Heed keeps its link. */
export interface TrackerIssue {
  /** The provider's stable id (GitHub: the issue's node id; Linear: the issue's UUID). */
  id: string;
  /** What people call it: "owner/repo#12" on GitHub, "ENG-12" on Linear. Unique per integration. */
  key: string;
  url: string;
  title: string;
  /**
   * The state a status mapping keys on: GitHub "open", "closed" (completed) or "not_planned"
   * (closed as not planned); Linear the workflow state's name ("Todo", "In Progress", "Done").
   */
  state: string;
}

/** A tracker connection made from an integration's decrypted settings. */
export interface TrackerClient {
  /** Proves the credentials work; answers who they belong to (login or workspace name). */
  check(): Promise<{ account: string }>;
  /** Where issues can be created: GitHub "owner/repo" names, Linear teams (id and key). */
  targets(): Promise<{ id: string; name: string }[]>;
  /**
   * Creates an issue. `requestKey` is the same on every retry of one request: a tracker that lets
   * the caller choose the new object's id (Linear) creates it at most once; GitHub has no such key.
   */
  createIssue(input: { target: string; title: string; body: string; requestKey: string }): Promise<TrackerIssue>;
  /** Finds an existing issue by what a person types: "owner/repo#12", an issue URL, or "ENG-12". */
  findIssue(reference: string): Promise<TrackerIssue | null>;
  /** Comments on the issue; `requestKey` as for `createIssue` (Linear posts it at most once). */
  comment(issue: TrackerIssue, body: string, requestKey: string): Promise<void>;
}

/** A Slack destination: a bot token and a channel, or an incoming-webhook URL (its channel is fixed). */
export interface SlackSender {
  check(): Promise<{ account: string }>;
  post(message: { channel?: string; text: string; blocks: unknown[] }): Promise<void>;
}

/** A provider's failure, told apart for the outbox: retry later, or give up and log why. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly options: {
      /** The provider's HTTP status, when it answered. */
      status?: number;
      /** Worth another attempt: 429, 5xx, a timeout or a connection that failed. */
      retryable: boolean;
      /** The provider's Retry-After, when it gave one. */
      retryAfterMs?: number;
    },
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** An inbound tracker webhook, verified and read: the change to one issue it reports. */
export interface TrackerDelivery {
  /** The provider's delivery id (GitHub X-GitHub-Delivery, Linear Linear-Delivery): receipts are unique on it. */
  deliveryId: string;
  /** The issue's state after the change, or null for a delivery Heed has no use for (it is still acknowledged). */
  issue: Pick<TrackerIssue, "id" | "key" | "state" | "title" | "url"> | null;
}
