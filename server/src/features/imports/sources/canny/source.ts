import { dateIn } from "../../dates.js";
import type { ImportedKinds, ImportKind, ImportSourceReader, RowPlace, RowProblem, SourceRow } from "../../model.js";
import { CannyClient, type CannyOptions } from "./client.js";

// Canny's account read through its API into the import's rows: companies (with monthly spend),
// users (their own `userID` kept as Heed's external id, so identify finds them later), posts of
// every board and every status (posts/list returns only open ones unless asked for all), the posts
// merged into them (from each post's merge history, merged in Heed too), votes with their voters,
// comments with replies and internal notes, the comments left with status changes, and changelog
// entries with the posts they announced. Categories and tags become Heed tags. Canny's API gives
// its times in ISO 8601: one that is not is reported by row, and the import does not run with it.

/** Canny's own statuses: posts/list must name them all, or it answers only the open ones. */
const ALL_STATUSES = "open,under review,planned,in progress,complete,closed";

interface CannyPerson {
  id: string;
  userID?: string | null;
  email?: string | null;
  name?: string | null;
  created?: string;
  companies?: { id: string }[];
}

interface CannyPost {
  id: string;
  title: string;
  details?: string | null;
  board: { id: string; name: string };
  category?: { name: string } | null;
  tags?: { name: string }[];
  status?: string;
  author?: CannyPerson | null;
  created?: string;
  mergeHistory?: { post?: Partial<CannyPost> & { id: string } }[];
}

const DATE_FIELDS = ["createdAt", "publishedAt", "scheduledFor"] as const;

/** A row of Canny's with its times read as ISO 8601. */
function row<K extends ImportKind>(place: RowPlace, data: ImportedKinds[K]): SourceRow<K> {
  const problems: RowProblem[] = [];
  const read = { ...data } as Record<string, unknown>;
  for (const field of DATE_FIELDS) {
    if (!(field in read)) continue;
    const { at, problem } = dateIn("iso8601", place, field, read[field] as string | undefined);
    read[field] = at;
    if (problem) problems.push(problem);
  }
  return { ...place, data: read as unknown as ImportedKinds[K], problems };
}

const personOf = (p: CannyPerson) => ({ externalId: p.userID || undefined, email: p.email || undefined, name: p.name || undefined });

export function cannySource(options: CannyOptions): ImportSourceReader {
  const client = new CannyClient(options);
  // A row's place in the report: the list it came from and its position there.
  const positions = new Map<string, number>();
  const place = (file: string) => {
    positions.set(file, (positions.get(file) ?? 0) + 1);
    return { file, row: positions.get(file)! };
  };

  const readers: { [K in ImportKind]: () => AsyncGenerator<SourceRow<K>> } = {
    async *companies() {
      for await (const c of client.list<{ id: string; name: string; monthlySpend?: number; created?: string }>("companies", "companies")) {
        yield row<"companies">(place("companies/list"), { ref: c.id, name: c.name ?? "", monthlySpend: c.monthlySpend, createdAt: c.created });
      }
    },
    async *users() {
      for await (const u of client.list<CannyPerson>("users", "users")) {
        yield row<"users">(place("users/list"), { ref: u.id, ...personOf(u), companyRef: u.companies?.[0]?.id, createdAt: u.created });
      }
    },
    async *posts() {
      const boards = await client.call<{ boards: { id: string; isPrivate?: boolean }[] }>("boards/list");
      const privateBoards = new Set(boards.boards.filter((b) => b.isPrivate).map((b) => b.id));
      const post = (p: Partial<CannyPost> & { id: string }, board: CannyPost["board"], mergedIntoRef?: string): ImportedKinds["posts"] => ({
        ref: p.id,
        board: board.name,
        boardPrivate: privateBoards.has(board.id),
        title: p.title ?? "",
        body: p.details ?? "",
        status: p.status,
        tags: [p.category?.name, ...(p.tags ?? []).map((t) => t.name)].filter((t): t is string => Boolean(t)),
        authorRef: p.author?.id,
        author: p.author ? personOf(p.author) : undefined,
        createdAt: p.created,
        mergedIntoRef,
      });
      for await (const p of client.list<CannyPost>("posts", "posts", { status: ALL_STATUSES })) {
        yield row<"posts">(place("posts/list"), post(p, p.board));
        // Posts merged into this one are no longer listed: their merge history is where they are.
        for (const merged of p.mergeHistory ?? []) {
          if (merged.post?.id) yield row<"posts">(place("posts/list mergeHistory"), post({ status: p.status, ...merged.post }, p.board, p.id));
        }
      }
    },
    async *votes() {
      for await (const v of client.list<{ id: string; post: { id: string }; voter: CannyPerson; created?: string }>("votes", "votes")) {
        yield row<"votes">(place("votes/list"), { postRef: v.post.id, userRef: v.voter.id, user: personOf(v.voter), createdAt: v.created });
      }
    },
    async *comments() {
      type CannyComment = {
        id: string;
        post: { id: string };
        author?: CannyPerson | null;
        value?: string;
        internal?: boolean;
        parentID?: string | null;
        created?: string;
      };
      for await (const c of client.list<CannyComment>("comments", "comments")) {
        yield row<"comments">(place("comments/list"), {
          ref: c.id,
          postRef: c.post.id,
          parentRef: c.parentID ?? undefined,
          authorRef: c.author?.id,
          author: c.author ? personOf(c.author) : undefined,
          body: c.value ?? "",
          internal: c.internal === true,
          createdAt: c.created,
        });
      }
      // What the team wrote when it changed a post's status: a comment of the team's on the post.
      type StatusChange = { id: string; post: { id: string }; changer?: CannyPerson | null; changeComment?: { value?: string } | null; created?: string };
      for await (const s of client.list<StatusChange>("status_changes", "statusChanges")) {
        if (!s.changeComment?.value?.trim()) continue;
        yield row<"comments">(place("status_changes/list"), {
          ref: `status_change:${s.id}`,
          postRef: s.post.id,
          authorRef: s.changer?.id,
          author: s.changer ? personOf(s.changer) : undefined,
          body: s.changeComment.value,
          internal: false,
          createdAt: s.created,
        });
      }
    },
    // Changelog entries with the posts they announced.
    async *changelog() {
      type Entry = {
        id: string;
        title?: string;
        markdownDetails?: string | null;
        plaintextDetails?: string | null;
        posts?: { id: string }[];
        publishedAt?: string | null;
        scheduledFor?: string | null;
        status?: string;
        types?: string[];
        created?: string;
      };
      for await (const e of client.list<Entry>("entries", "entries")) {
        const state = e.status === "published" ? "published" : e.status === "scheduled" ? "scheduled" : "draft";
        yield row<"changelog">(place("entries/list"), {
          ref: e.id,
          title: e.title ?? "",
          body: e.markdownDetails ?? e.plaintextDetails ?? "",
          type: e.types?.[0],
          state,
          publishedAt: e.publishedAt ?? undefined,
          scheduledFor: e.scheduledFor ?? undefined,
          postRefs: (e.posts ?? []).map((p) => p.id),
          createdAt: e.created,
        });
      }
    },
  };

  return {
    source: "canny",
    progress: () => ({ done: client.calls, total: 0 }),
    rows: <K extends ImportKind>(kind: K) => readers[kind]() as AsyncIterable<SourceRow<K>>,
  };
}
