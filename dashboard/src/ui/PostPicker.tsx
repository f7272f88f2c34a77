import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { votesLabel } from "./format.js";
import { useDebounced } from "./useDebounced.js";
import { boardsQuery } from "../data/boards.js";
import { type Post, postSearchQuery } from "../data/posts.js";

// A post found by typing (one to merge into, one an entry announces): the most relevant matches
// as the person types, each with its board, status and votes (two posts of one name on two
// boards are told apart) and what can be done with it. The search clears once that is done.

interface Props {
  label: string;
  hint?: string;
  /** The list's accessible name, as in "Posts to link". */
  listLabel: string;
  /** Posts not to offer: this one, those linked already. */
  exclude: (id: string) => boolean;
  /** What can be done with a found post; `done` clears the search. */
  action: (post: Post, done: () => void) => ReactNode;
}

export function PostPicker({ label, hint, listLabel, exclude, action }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim());
  const found = useQuery({ ...postSearchQuery(q), enabled: q.length > 0 });
  const boards = useQuery(boardsQuery());
  const boardName = (boardId: string) => boards.data?.data.find((b) => b.id === boardId)?.name;
  const candidates = (found.data?.data ?? []).filter((p) => !exclude(p.id));
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search posts"
          autoComplete="off"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      </div>
      <div aria-live="polite">{q && found.isSuccess && candidates.length === 0 && <p className="muted">No other post matches “{q}”.</p>}</div>
      {q && candidates.length > 0 && (
        <ul className="search-results" aria-label={listLabel}>
          {candidates.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.title}</strong>{" "}
                <span className="muted">· {[boardName(p.boardId), p.status.name, votesLabel(p.voteCount)].filter(Boolean).join(" · ")}</span>
              </span>
              {action(p, () => setText(""))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
