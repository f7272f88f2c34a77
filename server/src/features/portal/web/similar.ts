import { postsLike } from "../../posts/index.js";
import { requirePortalRead } from "../../../http/credentials/customer-context.js";
import { reader } from "../../../platform/context.js";
import { HeedError } from "../../../platform/errors.js";
import { toPortalPosts } from "../view.js";
import type { PortalRequest } from "./context.js";
import type { SimilarIdea } from "../../../../../packages/shared/src/similar-idea.js";

// Ideas like the one being typed (the new-idea form's script asks as the title grows): the five
// public ideas most like it (at least half of its words, platform/search/likeness.ts), with what a
// one-click vote needs, so a duplicate gets a vote instead of a post.

export async function similarIdeas(r: PortalRequest, q: string): Promise<SimilarIdea[]> {
  if (q.length > 200) throw new HeedError("validation_failed", "q is longer than 200 characters.");
  requirePortalRead(r.ctx);
  const db = reader(r.ctx);
  const rows = await postsLike(db, r.ctx, q, { name: "portal-similar", publicBoardsOnly: true }, { limit: 5 });
  const posts = await toPortalPosts(db, r.ctx, rows);
  return posts.map((p) => ({
    id: p.id,
    title: p.title,
    url: `${r.frame.base}/posts/${p.id}`,
    votes: r.frame.t.plural("post.votes", p.voteCount),
    voteCount: p.voteCount,
    viewerHasVoted: p.viewerHasVoted,
  }));
}
