import type { Schemas } from "@heed/client";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { postKeys, postQuery } from "../../data/posts.js";
import { statusesQuery } from "../../data/statuses.js";

// Once an entry is published, the posts it announces have shipped: the panel offers to mark those
// not marked yet with the workspace's first "complete" status, in one click. Each change is the
// usual status change (its event, and its voters told), so nothing happens behind anyone's back;
// who the entry's "shipped" mail told already is not told again (the server's rule).

type Entry = Schemas["ChangelogEntry"];

export function ShipLinkedPosts({ entry }: { entry: Entry }) {
  const queries = useQueryClient();
  const statuses = useQuery(statusesQuery());
  const posts = useQueries({ queries: entry.postIds.map((id) => ({ ...postQuery(id), retry: false })) });
  const complete = (statuses.data?.data ?? []).find((s) => s.category === "complete");
  const open = posts.flatMap((p) => (p.data && p.data.status.category !== "complete" ? [p.data] : []));
  const ship = useMutation({
    mutationFn: async () => {
      let notified = 0;
      for (const post of open) {
        notified += unwrap(
          await api.POST("/posts/{id}/status", { params: { path: { id: post.id } }, body: { statusId: complete!.id, notify: true } }),
        ).notified;
      }
      return { count: open.length, notified };
    },
    onSettled: async () => {
      for (const post of open) await queries.invalidateQueries({ queryKey: postKeys.detail(post.id) });
      await queries.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
  if (entry.state !== "published" || !complete || posts.some((p) => p.isPending)) return null;
  if (ship.isSuccess) {
    return (
      <p role="status" className="good">
        Marked {ship.data.count} {ship.data.count === 1 ? "post" : "posts"} {complete.name}.{" "}
        {ship.data.notified === 0
          ? "Nobody is mailed: the entry told who follows them."
          : `${ship.data.notified === 1 ? "1 person" : `${ship.data.notified} people`} the entry did not tell ${ship.data.notified === 1 ? "is" : "are"} mailed.`}
      </p>
    );
  }
  if (open.length === 0) return null;
  return (
    <section className="spaced" aria-label="Shipped posts">
      <p>
        {open.length === 1 ? "One post this entry announces is" : `${open.length} posts this entry announces are`} not marked {complete.name} yet:{" "}
        {open.map((p) => `“${p.title}”`).join(", ")}.
      </p>
      <button type="button" onClick={() => ship.mutate()} disabled={ship.isPending}>
        Mark {open.length === 1 ? "it" : `all ${open.length}`} {complete.name}
      </button>
      <ErrorAlert error={ship.error} lead="Not every post could be marked." />
    </section>
  );
}
