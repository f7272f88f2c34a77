import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api.js";
import { useDebounced } from "../../ui/useDebounced.js";

// The posts an entry announces: found as you type, linked, unlinked. Kept as hidden inputs named
// `postIds`, so the entry's form sends them with the rest.

function PostTitle({ id }: { id: string }) {
  const post = useQuery({ queryKey: ["post", id], queryFn: async () => unwrap(await api.GET("/posts/{id}", { params: { path: { id } } })) });
  return <Link to={`/posts/${id}`}>{post.data?.title ?? (post.isError ? "A deleted post" : "…")}</Link>;
}

export function LinkedPosts({ initial }: { initial: string[] }) {
  const id = useId();
  const [linked, setLinked] = useState(initial);
  const [text, setText] = useState("");
  const q = useDebounced(text.trim());
  const found = useQuery({
    queryKey: ["posts", "link-search", q],
    queryFn: async () => unwrap(await api.GET("/posts", { params: { query: { q, sort: "votes", limit: 8 } } })),
    enabled: q.length > 0,
  });
  const candidates = (found.data?.data ?? []).filter((p) => !linked.includes(p.id));
  return (
    <fieldset className="linked-posts">
      <legend>Linked posts</legend>
      {linked.map((postId) => (
        <input key={postId} type="hidden" name="postIds" value={postId} />
      ))}
      {linked.length === 0 ? (
        <p className="hint">None yet. Link the posts this entry answers: their voters see it on the post.</p>
      ) : (
        <ul className="search-results" aria-label="Linked posts">
          {linked.map((postId) => (
            <li key={postId}>
              <PostTitle id={postId} />
              <button type="button" className="link" onClick={() => setLinked((all) => all.filter((x) => x !== postId))}>
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={id}>Find a post to link</label>
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search posts" autoComplete="off" />
      </div>
      <div aria-live="polite">{q && found.isSuccess && candidates.length === 0 && <p className="muted">No other post matches “{q}”.</p>}</div>
      {q && candidates.length > 0 && (
        <ul className="search-results" aria-label="Posts to link">
          {candidates.map((p) => (
            <li key={p.id}>
              <span>
                {p.title} <span className="muted">· {p.voteCount} votes</span>
              </span>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setLinked((all) => [...all, p.id]);
                  setText("");
                }}
              >
                Link<span className="visually-hidden"> {p.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
