import { listPortalPosts } from "../posts.js";
import { ListPortalPostsQuery } from "../schema.js";
import type { PortalRequest } from "./context.js";

// Ideas like the one being typed (the submit page's script asks as the title grows): the five
// most voted public ideas holding every word, with their address and vote count in words.

export async function similarIdeas(r: PortalRequest, q: string): Promise<{ title: string; url: string; votes: string }[]> {
  const input = ListPortalPostsQuery.parse({ q, sort: "votes", limit: 5 });
  const posts = await listPortalPosts({ ctx: r.ctx, input });
  return posts.data.map((p) => ({ title: p.title, url: `${r.frame.base}/posts/${p.id}`, votes: r.frame.t.plural("post.votes", p.voteCount) }));
}
