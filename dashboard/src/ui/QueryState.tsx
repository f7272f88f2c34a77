import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { problemOf } from "../api.js";

// Every list and every page that loads something has the same three states before its content:
// loading (announced to screen readers), failed (the server's own words, and a way to retry), and
// empty (what the page is for, and what to do first).

interface Props<T> {
  query: UseQueryResult<T>;
  /** What is loading, as in "Loading API keys…". */
  what: string;
  /** True when the answer holds nothing to show. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, what, isEmpty, empty, children }: Props<T>) {
  if (query.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading {what}…
      </p>
    );
  if (query.isError)
    return (
      <div className="error-box" role="alert">
        <p>
          {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded. {problemOf(query.error).detail}
        </p>
        <button type="button" className="secondary" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  if (isEmpty?.(query.data)) return <div className="empty">{empty}</div>;
  return <>{children(query.data)}</>;
}
