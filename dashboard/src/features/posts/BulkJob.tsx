import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, unwrap } from "../../api.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { postKeys } from "../../data/posts.js";

// A change to every matching post, as it runs on the server: its progress, then what it changed,
// with an undo that puts back what it changed (a post changed since by someone else stays).

type Job = Schemas["BulkJob"];

const POLL_MS = 500;
const working = (job: Job | undefined) => job?.state === "queued" || job?.state === "running" || job?.state === "undoing";

export function BulkJob({ id, onClose }: { id: string; onClose: () => void }) {
  const queries = useQueryClient();
  const job = useQuery({
    queryKey: ["bulk-jobs", id],
    queryFn: async () => unwrap(await api.GET("/bulk-jobs/{id}", { params: { path: { id } } })),
    refetchInterval: (query) => (working(query.state.data) ? POLL_MS : false),
  });
  const undo = useMutation({
    mutationFn: async () => unwrap(await api.POST("/bulk-jobs/{id}/undo", { params: { path: { id } } })),
    onSuccess: (answer) => queries.setQueryData(["bulk-jobs", id], answer),
  });
  const data = job.data;
  // The lists show what the job did once it stops.
  const state = data?.state;
  useEffect(() => {
    if (state === "done" || state === "undone") void queries.invalidateQueries({ queryKey: postKeys.lists() });
  }, [state, queries]);
  if (!data) return <ErrorAlert error={job.error} />;
  const posts = (n: number) => (n === 1 ? "1 post" : `${n.toLocaleString()} posts`);
  return (
    <section className="bulk-job" aria-label="Change to every matching post">
      {data.state === "queued" || data.state === "running" ? (
        <>
          <label htmlFor={`progress-${id}`}>
            Changing {posts(data.total)}: {data.done.toLocaleString()} done
          </label>
          <progress id={`progress-${id}`} max={data.total} value={data.done} />
        </>
      ) : data.state === "undoing" ? (
        <>
          <label htmlFor={`progress-${id}`}>Putting back {posts(data.changed)}…</label>
          <progress id={`progress-${id}`} max={Math.max(data.changed, 1)} value={data.undone} />
        </>
      ) : (
        <p role="status">
          {data.state === "done" && `Changed ${posts(data.changed)}${data.total > data.changed ? ` (${posts(data.total - data.changed)} already so)` : ""}.`}
          {data.state === "undone" &&
            `Undone: ${posts(data.undone)} put back${data.changed > data.undone ? `, ${posts(data.changed - data.undone)} changed since by someone and left as they are` : ""}.`}
          {data.state === "failed" && "The change stopped: try again."}
        </p>
      )}
      <div className="actions">
        {(data.state === "running" || data.state === "queued" || data.state === "done") && (
          <button type="button" className="secondary" disabled={undo.isPending} onClick={() => undo.mutate()}>
            Undo
          </button>
        )}
        {!working(data) && (
          <button type="button" className="link" onClick={onClose}>
            Dismiss
          </button>
        )}
      </div>
      <ErrorAlert error={undo.error} />
    </section>
  );
}
