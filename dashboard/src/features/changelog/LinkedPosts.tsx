import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { useFieldError } from "../../ui/form/FormField.js";
import { PostPicker } from "../../ui/PostPicker.js";
import { postQuery } from "../../data/posts.js";

// The posts an entry announces: found as you type, linked, unlinked. Kept as the form's `postIds`,
// so the entry's form sends them with the rest.

function PostTitle({ id }: { id: string }) {
  const post = useQuery(postQuery(id));
  return <Link to={`/posts/${id}`}>{post.data?.title ?? (post.isError ? "A deleted post" : "…")}</Link>;
}

export function LinkedPosts() {
  const id = useId();
  const { setValue, watch } = useFormContext<{ postIds: string[] }>();
  const linked = watch("postIds");
  const setLinked = (change: (all: string[]) => string[]) => setValue("postIds", change(linked), { shouldDirty: true, shouldValidate: true });
  const error = useFieldError("postIds");
  return (
    <fieldset className="linked-posts" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Linked posts</legend>
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
      <PostPicker
        label="Find a post to link"
        listLabel="Posts to link"
        exclude={(postId) => linked.includes(postId)}
        action={(p, done) => (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setLinked((all) => [...all, p.id]);
              done();
            }}
          >
            Link<span className="visually-hidden"> {p.title}</span>
          </button>
        )}
      />
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
