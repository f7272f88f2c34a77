import { dialectOf, type Db } from "../../platform/db/database.js";
import { indexPosts } from "../../platform/search/document.js";
import { analyze } from "../../platform/db/maintenance.js";
import { insertAll } from "../../platform/db/insert-all.js";
import type { WorkspaceRef } from "../../platform/context.js";
import { TRENDING_WINDOW_MS } from "../../features/posts/trending.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { BOARD_NAMES, TAG_NAMES, companyName, personName, pick, postBody, postTitle, seededRandom, slugify, type Random } from "./text.js";

// Fills a workspace with realistic data fast: multi-row inserts in one transaction, counts computed
// while generating rows (so post counters equal the rows without a recount), and a long-tailed
// vote distribution: a few posts collect most votes, most posts have a handful.

export interface SeedOptions {
  posts: number;
  votes: number;
  /** Make sure the workspace has at least this many boards. */
  boards?: number;
  seed?: number;
  /**
   * Each post's author, voters and commenters follow it, as they would have by acting through the
   * API (the demo: its people hear of what the team does). Off for `heed seed`'s millions of votes.
   */
  followers?: boolean;
}

export interface SeedSummary {
  boards: number;
  users: number;
  companies: number;
  posts: number;
  votes: number;
  comments: number;
}

const DAY = 86_400_000;
const STATUS_WEIGHTS: Record<string, number> = { open: 0.7, active: 0.15, complete: 0.1, closed: 0.05 };

/** Votes per post: Zipf-like weights over a random ranking, capped at the number of users. */
function voteCounts(random: Random, posts: number, votes: number, users: number): number[] {
  const weights = Array.from({ length: posts }, (_, rank) => 1 / (rank + 8) ** 0.9);
  for (let i = weights.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [weights[i], weights[j]] = [weights[j]!, weights[i]!];
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(users, Math.floor((w / total) * votes)));
  let missing = votes - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0 && i < posts * 4; i++) {
    const p = Math.floor(random() * posts);
    if (counts[p]! < users) {
      counts[p]!++;
      missing--;
    }
  }
  return counts;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A stride coprime with n: start + i·stride (mod n) visits n distinct users. */
function coprimeStride(random: Random, n: number): number {
  if (n <= 2) return 1;
  for (;;) {
    const stride = 1 + Math.floor(random() * (n - 1));
    if (gcd(stride, n) === 1) return stride;
  }
}

export async function seedWorkspace(db: Db, workspace: WorkspaceRef, options: SeedOptions): Promise<SeedSummary> {
  const random = seededRandom(options.seed ?? Date.now());
  const now = nowMs();
  const at = nowIso();
  const run = Math.floor(random() * 1e9).toString(36);
  const userCount = Math.min(100_000, Math.max(50, Math.ceil(options.votes / 20)));
  const companyCount = Math.min(5_000, Math.max(5, Math.ceil(userCount / 25)));
  const ws = workspace.id;

  const summary = await db.transaction().execute(async (tx) => {
    // Boards and tags: top up to what was asked, keeping what exists.
    const boards = await tx.selectFrom("boards").select(["id", "slug"]).where("workspace_id", "=", ws).execute();
    const wantBoards = Math.max(options.boards ?? 1, 1);
    const taken = new Set(boards.map((b) => b.slug));
    const newBoards = [];
    for (let i = 0; boards.length + newBoards.length < wantBoards; i++) {
      const name = i < BOARD_NAMES.length ? BOARD_NAMES[i]! : `Board ${i + 1}`;
      const slug = slugify(name);
      if (taken.has(slug)) continue;
      taken.add(slug);
      const position: number = boards.length + newBoards.length;
      newBoards.push({
        id: newId("board"),
        workspace_id: ws,
        slug,
        name,
        description: "",
        visibility: "public" as const,
        position,
        created_at: at,
        updated_at: at,
      });
    }
    await insertAll(tx, "boards", newBoards);
    const boardIds = [...boards.map((b) => b.id), ...newBoards.map((b) => b.id)];

    const existingTags = await tx.selectFrom("tags").select(["id", "name"]).where("workspace_id", "=", ws).execute();
    const tagNames = new Set(existingTags.map((t) => t.name));
    const newTags = TAG_NAMES.filter((n) => !tagNames.has(n)).map((name) => ({
      id: newId("tag"),
      workspace_id: ws,
      name,
      color: "#64748b",
      created_at: at,
      updated_at: at,
    }));
    await insertAll(tx, "tags", newTags);
    const tagIds = [...existingTags, ...newTags].map((t) => t.id);

    const statuses = await tx.selectFrom("statuses").select(["id", "category"]).where("workspace_id", "=", ws).execute();
    const byCategory = (category: string) => statuses.filter((s) => s.category === category).map((s) => s.id);
    const pickStatus = () => {
      let r = random();
      for (const [category, weight] of Object.entries(STATUS_WEIGHTS)) {
        const ids = byCategory(category);
        r -= weight;
        if (r <= 0 && ids.length) return pick(random, ids);
      }
      return statuses[0]!.id;
    };

    const companies = Array.from({ length: companyCount }, (_, i) => ({
      id: newId("company"),
      workspace_id: ws,
      external_id: `seed-${run}-c${i}`,
      name: companyName(random, i),
      monthly_spend: Math.round(Math.exp(random() * 8)) * 10,
      created_at: at,
      updated_at: at,
    }));
    await insertAll(tx, "companies", companies);
    const spendOf = new Map(companies.map((c) => [c.id, c.monthly_spend]));
    const users = Array.from({ length: userCount }, (_, i) => ({
      id: newId("user"),
      workspace_id: ws,
      external_id: `seed-${run}-u${i}`,
      email: `user${i}.${run}@example.com`,
      name: personName(random),
      avatar_url: null,
      company_id: random() < 0.8 ? pick(random, companies).id : null,
      traits: "{}",
      created_at: at,
      updated_at: at,
      last_seen_at: null,
      deleted_at: null,
    }));
    await insertAll(tx, "users", users);

    const counts = voteCounts(random, options.posts, options.votes, userCount);
    const posts = [];
    const postTags = [];
    const votes = [];
    const comments = [];
    const followers = [];
    for (let p = 0; p < options.posts; p++) {
      const createdMs = now - Math.floor(random() * 365 * DAY);
      const id = newId("post", createdMs);
      const title = postTitle(random);
      const body = postBody(random);
      const voteCount = counts[p]!;
      let trending = 0;
      let lastActivityMs = createdMs;
      const votingCompanies = new Set<string>();
      const start = Math.floor(random() * userCount);
      const stride = coprimeStride(random, userCount);
      for (let v = 0; v < voteCount; v++) {
        const votedMs = createdMs + Math.floor(random() * (now - createdMs));
        if (votedMs >= now - TRENDING_WINDOW_MS) trending++;
        lastActivityMs = Math.max(lastActivityMs, votedMs);
        const voter = users[(start + v * stride) % userCount]!;
        if (voter.company_id) votingCompanies.add(voter.company_id);
        votes.push({ workspace_id: ws, post_id: id, user_id: voter.id, created_by: null, created_at: isoAt(votedMs) });
      }
      const commentCount = Math.floor(Math.min(50, voteCount / 10) * random());
      for (let k = 0; k < commentCount; k++) {
        const commentedMs = createdMs + Math.floor(random() * (now - createdMs));
        lastActivityMs = Math.max(lastActivityMs, commentedMs);
        const commentedAt = isoAt(commentedMs);
        comments.push({
          id: newId("comment"),
          workspace_id: ws,
          post_id: id,
          parent_id: null,
          author_id: pick(random, users).id,
          body: pick(random, ["+1", "We need this too.", "Any update on this?", "This would unblock our rollout."]),
          internal: 0 as const,
          created_at: commentedAt,
          updated_at: commentedAt,
          deleted_at: null,
          held: 0 as const,
          spam_signals: null,
        });
      }
      const created = isoAt(createdMs);
      posts.push({
        id,
        workspace_id: ws,
        board_id: pick(random, boardIds),
        status_id: pickStatus(),
        title,
        body,
        author_id: pick(random, users).id,
        owner_id: null,
        vote_count: voteCount,
        trending_count: trending,
        comment_count: commentCount,
        revenue: [...votingCompanies].reduce((sum, c) => sum + spendOf.get(c)!, 0),
        eta: null,
        pinned: 0 as const,
        comments_locked: 0 as const,
        merged_into_id: null,
        created_at: created,
        updated_at: created,
        deleted_at: null,
        // One post in ten the team has not seen yet: the inbox's New view has something to show.
        seen_at: p % 10 === 0 ? null : created,
        last_activity_at: isoAt(lastActivityMs),
        held: 0 as const,
        spam_signals: null,
      });
      if (options.followers) {
        const post = posts.at(-1)!;
        const reasons = new Map<string, string>([[post.author_id, "created"]]);
        for (const vote of votes.slice(votes.length - voteCount)) if (!reasons.has(vote.user_id)) reasons.set(vote.user_id, "voted");
        for (const comment of comments.slice(comments.length - commentCount)) if (!reasons.has(comment.author_id)) reasons.set(comment.author_id, "commented");
        for (const [follower, reason] of reasons) followers.push({ workspace_id: ws, post_id: id, follower_id: follower, reason, created_at: created });
      }
      const tagCount = Math.floor(random() * 3);
      for (const tag of new Set(Array.from({ length: tagCount }, () => pick(random, tagIds)))) postTags.push({ post_id: id, tag_id: tag, workspace_id: ws });
    }
    // Rows go in primary-key order: appending to a B-tree is much cheaper than inserting at random.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    await insertAll(tx, "posts", posts.sort(byId));
    await insertAll(tx, "post_tags", postTags);
    await indexPosts(
      tx,
      dialectOf(tx),
      posts.map((p) => ({ id: p.id, workspaceId: ws, title: p.title, body: p.body })),
    );
    await insertAll(
      tx,
      "votes",
      votes.sort((a, b) => (a.post_id < b.post_id ? -1 : a.post_id > b.post_id ? 1 : a.user_id < b.user_id ? -1 : 1)),
    );
    await insertAll(tx, "comments", comments);
    await insertAll(tx, "post_followers", followers);
    return { boards: boardIds.length, users: userCount, companies: companyCount, posts: posts.length, votes: votes.length, comments: comments.length };
  });
  // The tables just grew by orders of magnitude: give the planner numbers to match.
  await analyze(db);
  return summary;
}
