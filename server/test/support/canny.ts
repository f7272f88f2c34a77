import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Canny's REST API in the tests, speaking its documented wire format for the lists
// an import reads: POST /api/v1/<resource>/list with a JSON body carrying `apiKey`, paged by `skip`
// and `limit` (10 when not given) with `hasMore`; users/list (v1) answers a bare array; posts/list
// answers only open posts unless `status` names the others, as Canny's does; a wrong key is
// `{ "error": "invalid api key" }`. It can answer a rate limit (429 + Retry-After) or a server error
// once, and records every call. Heed's importer talking to it is the code that talks to Canny.

export interface CannyWorkspace {
  boards: { id: string; name: string; isPrivate: boolean; created: string }[];
  companies: { id: string; name: string; monthlySpend: number; created: string }[];
  users: { id: string; userID: string | null; email: string | null; name: string; created: string; companies: { id: string }[] }[];
  posts: Record<string, unknown>[];
  votes: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  statusChanges: Record<string, unknown>[];
  entries: Record<string, unknown>[];
}

const STATUSES = ["open", "under review", "planned", "in progress", "complete", "closed"];
const OPEN = new Set(["open", "under review", "planned", "in progress"]);
const iso = (day: number) => new Date(Date.UTC(2021, 0, 1) + day * 86_400_000).toISOString();
const cannyId = (prefix: number, n: number) => `${prefix.toString(16)}${n.toString(16).padStart(22, "0")}`;

/** A Canny account of `posts` posts and about `votes` votes, the same every time for the same sizes. */
export function cannyWorkspace(size: { posts: number; votes: number; users: number }): CannyWorkspace {
  const boards = [
    { id: cannyId(1, 1), name: "Feature Requests", isPrivate: false, created: iso(0) },
    { id: cannyId(1, 2), name: "Internal", isPrivate: true, created: iso(0) },
  ];
  const companies = Array.from({ length: 20 }, (_, i) => ({ id: `company-${i}`, name: `Company ${i}`, monthlySpend: (i + 1) * 100, created: iso(i) }));
  const users = Array.from({ length: size.users }, (_, i) => ({
    id: cannyId(2, i),
    userID: i % 5 === 4 ? null : `app-user-${i}`,
    email: i % 7 === 6 ? null : `person${i}@example.com`,
    name: `Person ${i}`,
    created: iso(i % 300),
    companies: i % 3 === 0 ? [{ id: `company-${i % 20}` }] : [],
  }));
  const person = (i: number) => {
    const u = users[i % users.length]!;
    return {
      id: u.id,
      userID: u.userID,
      email: u.email,
      name: u.name,
      created: u.created,
      isAdmin: false,
      url: `https://example.canny.io/admin/users/${u.id}`,
    };
  };
  const posts: Record<string, unknown>[] = [];
  for (let i = 0; i < size.posts; i++) {
    const board = boards[i % 10 === 9 ? 1 : 0]!;
    const post: Record<string, unknown> = {
      id: cannyId(3, i),
      title: `Idea number ${i}: ${["dark mode", "export to PDF", "single sign-on", "mobile app", "webhooks"][i % 5]}`,
      details: i % 4 === 0 ? "" : `Details of idea ${i}.`,
      board: { id: board.id, name: board.name },
      category: i % 6 === 0 ? { id: "cat-1", name: "Integrations" } : null,
      tags: i % 8 === 0 ? [{ id: "tag-1", name: "enterprise" }] : [],
      status: STATUSES[i % STATUSES.length],
      author: person(i * 7),
      created: iso(i % 700),
      score: 0,
      url: `https://example.canny.io/p/idea-${i}`,
    };
    // Every 25th post had a duplicate merged into it: Canny lists it only in the merge history.
    if (i % 25 === 0)
      post.mergeHistory = [
        {
          created: iso(800),
          post: { id: cannyId(4, i), title: `Duplicate of idea ${i}`, details: "Same thing", created: iso(i % 700), author: person(i * 11) },
        },
      ];
    posts.push(post);
  }
  const votes: Record<string, unknown>[] = [];
  for (let i = 0; votes.length < size.votes; i++) {
    const post = posts[i % posts.length]!;
    const voter = (Math.floor(i / posts.length) * 13 + i) % users.length;
    if (Math.floor(i / posts.length) >= users.length) break;
    votes.push({ id: cannyId(5, i), board: post.board, by: null, created: iso((i % 700) + 1), post: { id: post.id, title: post.title }, voter: person(voter) });
  }
  const comments: Record<string, unknown>[] = [];
  for (let i = 0; i < Math.ceil(size.posts / 2); i++) {
    const post = posts[(i * 2) % posts.length]!;
    const id = cannyId(6, i);
    comments.push({
      id,
      post: { id: post.id },
      author: person(i * 3),
      value: `Comment ${i}`,
      internal: i % 10 === 0,
      parentID: null,
      created: iso((i % 700) + 2),
      private: false,
    });
    if (i % 5 === 0)
      comments.push({
        id: cannyId(7, i),
        post: { id: post.id },
        author: person(i * 5),
        value: `A reply to comment ${i}`,
        internal: false,
        parentID: id,
        created: iso((i % 700) + 3),
      });
  }
  const statusChanges = posts
    .filter((_, i) => i % 10 === 4)
    .map((p, i) => ({
      id: cannyId(8, i),
      post: { id: p.id },
      status: p.status,
      changer: person(1),
      changeComment: i % 2 === 0 ? { value: `Now ${p.status}` } : null,
      created: iso(750),
    }));
  // A changelog entry for every 100 posts, announcing the 3 before it; a draft now and then.
  const entries = Array.from({ length: Math.ceil(size.posts / 100) }, (_, i) => ({
    id: cannyId(9, i),
    title: `Release ${i + 1}`,
    markdownDetails: `What shipped in release ${i + 1}.`,
    plaintextDetails: `What shipped in release ${i + 1}.`,
    posts: posts.slice(i * 100, i * 100 + 3).map((p) => ({ id: p.id, title: p.title })),
    publishedAt: i % 4 === 3 ? null : iso(600 + i),
    scheduledFor: null,
    status: i % 4 === 3 ? "draft" : "published",
    types: [["new", "improved", "fixed"][i % 3]],
    created: iso(590 + i),
  }));
  return { boards, companies, users, posts, votes, comments, statusChanges, entries };
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) text += chunk;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export interface FakeCanny {
  url: string;
  calls: { path: string; body: Record<string, unknown> }[];
  /** The next call to `path` answers this status once (429 with Retry-After: 0, or a 500). */
  failOnce(path: string, status: 429 | 500): void;
  data: CannyWorkspace;
  close(): Promise<void>;
}

export async function startFakeCanny(data: CannyWorkspace, apiKey = "canny-secret-key"): Promise<FakeCanny> {
  const calls: FakeCanny["calls"] = [];
  const failures = new Map<string, 429 | 500>();
  const lists: Record<string, { key: string | null; items: () => unknown[] }> = {
    "/api/v1/companies/list": { key: "companies", items: () => data.companies },
    "/api/v1/users/list": { key: null, items: () => data.users },
    "/api/v1/votes/list": { key: "votes", items: () => data.votes },
    "/api/v1/comments/list": { key: "comments", items: () => data.comments },
    "/api/v1/status_changes/list": { key: "statusChanges", items: () => data.statusChanges },
    "/api/v1/entries/list": { key: "entries", items: () => data.entries },
  };
  const server: Server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? "";
    calls.push({ path, body });
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(answer));
    };
    if (req.method !== "POST") return send(404, { error: "not found" });
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      return failure === 429 ? send(429, { error: "rate limit exceeded" }, { "retry-after": "0" }) : send(500, { error: "internal error" });
    }
    if (body.apiKey !== apiKey) return send(401, { error: "invalid api key" });
    const limit = body.limit === undefined ? 10 : Number(body.limit);
    const skip = body.skip === undefined ? 0 : Number(body.skip);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000 || !Number.isInteger(skip) || skip < 0) return send(400, { error: "invalid limit or skip" });
    if (path === "/api/v1/boards/list") return send(200, { boards: data.boards });
    let items: unknown[];
    let key: string | null;
    if (path === "/api/v1/posts/list") {
      const wanted = typeof body.status === "string" ? new Set(body.status.split(",").map((s) => s.trim())) : OPEN;
      items = data.posts.filter((p) => wanted.has(p.status as string));
      key = "posts";
    } else if (lists[path]) {
      items = lists[path].items();
      key = lists[path].key;
    } else return send(404, { error: "no such endpoint" });
    const page = items.slice(skip, skip + limit);
    return send(200, key === null ? page : { [key]: page, hasMore: skip + limit < items.length });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failOnce: (path, status) => failures.set(path, status),
    data,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
