import { createHmac, randomUUID } from "node:crypto";
import { execute, GraphQLFailure, type Resolvers } from "./graphql.js";
import { credential, type FakeProvider, startFakeServer } from "./server.js";

// A stand-in for Linear's GraphQL API (POST /graphql, JSON `{query, variables, operationName}`) and
// its webhooks. A personal API key is sent bare in Authorization (an OAuth token as "Bearer …").
// The root fields Heed's client and @linear/sdk's typed methods use are resolved against teams,
// workflow states and issues kept in memory: viewer, organization, teams (paged by first/after),
// team, issue (by UUID or identifier), workflowState, issueCreate, commentCreate. Answers are cut
// to the fields the document selected. Refusals come in Linear's GraphQL error shape, whose
// `extensions.type` ("authentication error", "invalid input", "ratelimited", "internal error") is
// what @linear/sdk turns into its error classes. `sendWebhook` POSTs Linear's Issue update delivery:
// Linear-Delivery, Linear-Event, Linear-Signature (HMAC-SHA256 hex of the body), webhookTimestamp.

export interface FakeLinearState {
  __typename: "WorkflowState";
  id: string;
  name: string;
  type: "backlog" | "unstarted" | "started" | "completed" | "canceled";
  color: string;
  position: number;
}

export interface FakeLinearTeam {
  __typename: "Team";
  id: string;
  key: string;
  name: string;
  states: FakeLinearState[];
}

export interface FakeLinearIssue {
  __typename: "Issue";
  id: string;
  identifier: string;
  number: number;
  title: string;
  description: string | null;
  url: string;
  team: FakeLinearTeam;
  state: FakeLinearState;
  previousState: FakeLinearState | null;
  comments: { id: string; body: string }[];
  createdAt: string;
  updatedAt: string;
  priority: number;
  priorityLabel: string;
}

export interface FakeLinear extends FakeProvider {
  apiKey: string;
  /** The GraphQL endpoint, for LinearClient's `apiUrl`. */
  apiUrl: string;
  organization: { id: string; name: string; urlKey: string };
  teams: FakeLinearTeam[];
  /** Issues by identifier ("ENG-1"). */
  issues: Map<string, FakeLinearIssue>;
  setIssueState(identifier: string, stateName: string): void;
  sendWebhook(
    targetUrl: string,
    delivery: { identifier: string; secret: string; deliveryId?: string; signature?: "bad"; timestamp?: number },
  ): Promise<Response>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATES: [string, FakeLinearState["type"], string][] = [
  ["Backlog", "backlog", "#bec2c8"],
  ["Todo", "unstarted", "#e2e2e2"],
  ["In Progress", "started", "#f2c94c"],
  ["Done", "completed", "#5e6ad2"],
  ["Canceled", "canceled", "#95a2b3"],
];

const fail = (message: string, type: string, code: string, statusCode: number, userPresentableMessage: string) =>
  new GraphQLFailure(message, { type, code, statusCode, userError: statusCode < 500, userPresentableMessage });

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

export async function startFakeLinear(options: { apiKey?: string; organization?: string; teams?: { key: string; name: string }[] } = {}): Promise<FakeLinear> {
  const apiKey = options.apiKey ?? "lin_api_fake0123456789";
  const organization = { __typename: "Organization", id: randomUUID(), name: options.organization ?? "Acme", urlKey: "acme" };
  const viewer = {
    __typename: "User",
    id: randomUUID(),
    name: "Heed Bot",
    displayName: "heed",
    email: "heed@acme.test",
    active: true,
    admin: false,
    guest: false,
    isMe: true,
    url: "https://linear.app/acme/profiles/heed",
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  };
  const teams: FakeLinearTeam[] = (
    options.teams ?? [
      { key: "ENG", name: "Engineering" },
      { key: "DES", name: "Design" },
    ]
  ).map((team) => ({
    __typename: "Team",
    id: randomUUID(),
    key: team.key,
    name: team.name,
    states: STATES.map(([name, type, color], position) => ({ __typename: "WorkflowState", id: randomUUID(), name, type, color, position })),
  }));
  const issues = new Map<string, FakeLinearIssue>();

  const notFound = (entity: string) => fail(`Entity not found: ${entity}`, "invalid input", "INPUT_ERROR", 400, `Could not find referenced ${entity}.`);
  const findIssue = (id: unknown) => [...issues.values()].find((issue) => issue.id === id || issue.identifier === String(id).toUpperCase());
  const issueView = (issue: FakeLinearIssue) => ({ ...issue, teamId: issue.team.id, stateId: issue.state.id });

  const query: Resolvers = {
    viewer: () => viewer,
    organization: () => organization,
    teams: ({ first, after }) => {
      const start = after ? teams.findIndex((team) => team.id === after) + 1 : 0;
      const page = teams.slice(start, start + (typeof first === "number" ? first : 50));
      const end = start + page.length;
      return {
        __typename: "TeamConnection",
        nodes: page,
        pageInfo: {
          __typename: "PageInfo",
          hasNextPage: end < teams.length,
          hasPreviousPage: start > 0,
          startCursor: page[0]?.id ?? null,
          endCursor: page.at(-1)?.id ?? null,
        },
      };
    },
    team: ({ id }) => {
      const team = teams.find((candidate) => candidate.id === id || candidate.key === id);
      if (!team) throw notFound("Team");
      return team;
    },
    issue: ({ id }) => {
      const issue = findIssue(id);
      if (!issue) throw notFound("Issue");
      return issueView(issue);
    },
    comment: ({ id }) => {
      const comment = [...issues.values()].flatMap((issue) => issue.comments).find((candidate) => candidate.id === id);
      if (!comment) throw notFound("Comment");
      return { __typename: "Comment", ...comment };
    },
    workflowState: ({ id }) => {
      const state = teams.flatMap((team) => team.states).find((candidate) => candidate.id === id);
      if (!state) throw notFound("WorkflowState");
      return state;
    },
  };
  const mutation: Resolvers = {
    issueCreate: ({ input }) => {
      const { id, teamId, title, description } = (input ?? {}) as { id?: unknown; teamId?: unknown; title?: unknown; description?: unknown };
      const team = teams.find((candidate) => candidate.id === teamId);
      if (!team) throw notFound("Team");
      // The caller may choose the issue's UUID; one already taken is refused.
      if (id !== undefined && (typeof id !== "string" || !UUID.test(id)))
        throw fail("Argument Validation Error", "invalid input", "INPUT_ERROR", 400, "id must be a UUID.");
      if (typeof id === "string" && findIssue(id)) throw fail("Entity already exists", "invalid input", "INPUT_ERROR", 400, "An issue with this id exists.");
      if (typeof title !== "string" || title.trim() === "") throw fail("Argument Validation Error", "invalid input", "INPUT_ERROR", 400, "Title is required.");
      const number = [...issues.values()].filter((issue) => issue.team === team).length + 1;
      const identifier = `${team.key}-${number}`;
      const now = new Date().toISOString();
      const issue: FakeLinearIssue = {
        __typename: "Issue",
        id: typeof id === "string" ? id : randomUUID(),
        identifier,
        number,
        title,
        description: typeof description === "string" ? description : null,
        url: `https://linear.app/${organization.urlKey}/issue/${identifier}/${slug(title)}`,
        team,
        state: team.states.find((state) => state.type === "unstarted")!,
        previousState: null,
        comments: [],
        createdAt: now,
        updatedAt: now,
        priority: 0,
        priorityLabel: "No priority",
      };
      issues.set(identifier, issue);
      return { __typename: "IssuePayload", success: true, lastSyncId: Date.now(), issue: issueView(issue) };
    },
    commentCreate: ({ input }) => {
      const { id, issueId, body } = (input ?? {}) as { id?: unknown; issueId?: unknown; body?: unknown };
      const issue = findIssue(issueId);
      if (!issue) throw notFound("Issue");
      if (typeof body !== "string" || body.trim() === "")
        throw fail("Argument Validation Error", "invalid input", "INPUT_ERROR", 400, "Comment body is required.");
      if (id !== undefined && (typeof id !== "string" || !UUID.test(id)))
        throw fail("Argument Validation Error", "invalid input", "INPUT_ERROR", 400, "id must be a UUID.");
      if ([...issues.values()].some((other) => other.comments.some((c) => c.id === id)))
        throw fail("Entity already exists", "invalid input", "INPUT_ERROR", 400, "A comment with this id exists.");
      const comment = {
        __typename: "Comment",
        id: typeof id === "string" ? id : randomUUID(),
        body,
        url: `${issue.url}#comment-${issues.size}`,
        createdAt: new Date().toISOString(),
      };
      issue.comments.push({ id: comment.id, body });
      return { __typename: "CommentPayload", success: true, lastSyncId: Date.now(), comment };
    },
  };

  const fake = await startFakeServer(
    (call, reply) => {
      if (call.method !== "POST" || call.path.split("?")[0] !== "/graphql") return reply.text(404, "Not Found");
      const auth = credential(call.headers);
      const presented = auth && (auth.scheme === null || auth.scheme === "bearer") ? auth.value : null;
      if (presented !== apiKey) {
        const error = fail(
          "Authentication required, not authenticated",
          "authentication error",
          "AUTHENTICATION_ERROR",
          401,
          "You need to authenticate to access this operation.",
        );
        return reply.json(400, { errors: [{ message: error.message, extensions: error.extensions }] });
      }
      const { query: source, variables, operationName } = call.body as { query?: unknown; variables?: unknown; operationName?: unknown };
      if (typeof source !== "string") return reply.json(400, { errors: [{ message: "Must provide query string.", extensions: { type: "graphql error" } }] });
      const answer = execute(source, (variables ?? {}) as Record<string, unknown>, typeof operationName === "string" ? operationName : undefined, {
        query,
        mutation,
      });
      // Linear answers a refused operation with its errors and a 400; a partial answer is a 200.
      return reply.json(answer.data === null ? 400 : 200, answer);
    },
    {
      rateLimited: (reply, seconds) =>
        reply.json(
          429,
          {
            errors: [
              {
                message: "Rate limit exceeded",
                extensions: { type: "ratelimited", code: "RATELIMITED", statusCode: 429, userPresentableMessage: "Too many requests." },
              },
            ],
          },
          {
            "retry-after": String(seconds),
            "x-ratelimit-requests-limit": "5000",
            "x-ratelimit-requests-remaining": "0",
            "x-ratelimit-requests-reset": String(Date.now() + seconds * 1000),
          },
        ),
      serverError: (reply) =>
        reply.json(500, {
          errors: [{ message: "Internal server error", extensions: { type: "internal error", code: "INTERNAL_SERVER_ERROR", statusCode: 500 } }],
        }),
    },
  );

  const issueOf = (identifier: string) => {
    const issue = issues.get(identifier);
    if (!issue) throw new Error(`The fake Linear has no issue ${identifier}`);
    return issue;
  };

  return {
    ...fake,
    apiKey,
    apiUrl: `${fake.url}/graphql`,
    organization,
    teams,
    issues,
    setIssueState: (identifier, stateName) => {
      const issue = issueOf(identifier);
      const state = issue.team.states.find((candidate) => candidate.name === stateName);
      if (!state) throw new Error(`The fake Linear team ${issue.team.key} has no state ${stateName}`);
      issue.previousState = issue.state;
      issue.state = state;
      issue.updatedAt = new Date().toISOString();
    },
    sendWebhook: async (targetUrl, delivery) => {
      const issue = issueOf(delivery.identifier);
      const { state, team } = issue;
      const payload = {
        action: "update",
        actor: { id: viewer.id, type: "user", name: viewer.name, email: viewer.email, url: viewer.url },
        createdAt: issue.updatedAt,
        data: {
          id: issue.id,
          createdAt: issue.createdAt,
          updatedAt: issue.updatedAt,
          number: issue.number,
          title: issue.title,
          description: issue.description,
          priority: issue.priority,
          priorityLabel: issue.priorityLabel,
          identifier: issue.identifier,
          url: issue.url,
          teamId: team.id,
          team: { id: team.id, key: team.key, name: team.name },
          stateId: state.id,
          state: { id: state.id, name: state.name, color: state.color, type: state.type },
          labelIds: [],
          labels: [],
          subscriberIds: [viewer.id],
          previousIdentifiers: [],
          sortOrder: 0,
          prioritySortOrder: 0,
          reactionData: [],
        },
        updatedFrom: { updatedAt: issue.createdAt, ...(issue.previousState ? { stateId: issue.previousState.id } : {}) },
        url: issue.url,
        type: "Issue",
        organizationId: organization.id,
        webhookTimestamp: delivery.timestamp ?? Date.now(),
        webhookId: randomUUID(),
      };
      const body = JSON.stringify(payload);
      const secret = delivery.signature === "bad" ? `not-${delivery.secret}` : delivery.secret;
      return fetch(targetUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Linear-Webhook",
          "linear-delivery": delivery.deliveryId ?? randomUUID(),
          "linear-event": "Issue",
          "linear-signature": createHmac("sha256", secret).update(body).digest("hex"),
        },
        body,
      });
    },
  };
}
