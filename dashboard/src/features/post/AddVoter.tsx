import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { formatMoney } from "../../ui/money.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { useDebounced } from "../../ui/useDebounced.js";
import { userSearchQuery } from "../../data/users.js";
import { usePostWrite } from "./queries.js";

// A vote on an end user's behalf, for the request a customer made on a call or by mail: find
// them by name or email as you type, then add their vote (their company's spend joins the post's
// revenue).

export function AddVoter({ postId, voterIds }: { postId: string; voterIds: Set<string> }) {
  const id = useId();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim());
  const users = useQuery({ ...userSearchQuery(q), enabled: q.length > 0 });
  const add = usePostWrite(postId, async (userId: string) =>
    unwrap(await api.POST("/posts/{id}/votes", { params: { path: { id: postId } }, body: { userId } })),
  );
  const found = users.data?.data ?? [];
  return (
    <div className="add-voter">
      <div className="field">
        <label htmlFor={id}>Add a vote for an end user</label>
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name or email" autoComplete="off" />
      </div>
      <div aria-live="polite">
        {q && users.isFetching && <p className="muted">Searching…</p>}
        {q && users.isSuccess && found.length === 0 && <p className="muted">Nobody matches “{q}”.</p>}
        {users.isError && <p className="error">{problemOf(users.error).detail}</p>}
      </div>
      {q && found.length > 0 && (
        <ul className="search-results" aria-label="Matching end users">
          {found.map((u) => (
            <li key={u.id}>
              <span>
                <strong>{u.name ?? u.email ?? u.externalId}</strong>
                <span className="muted">
                  {" "}
                  {u.email}
                  {u.company && ` · ${u.company.name}, ${formatMoney(u.company.monthlySpend)}/mo`}
                </span>
              </span>
              {voterIds.has(u.id) ? (
                <span className="muted">voted</span>
              ) : (
                <button type="button" className="secondary" disabled={add.isPending} onClick={() => add.mutate(u.id, { onSuccess: () => setText("") })}>
                  Add vote<span className="visually-hidden"> for {u.name ?? u.email ?? u.externalId}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorAlert error={add.error} />
    </div>
  );
}
