import type { ReactNode } from "react";
import { Link } from "react-router";
import { isMissing, problemOf } from "../api.js";

// Every list and every page that loads something has the same three states before its content:
// loading (announced to screen readers), failed (the server's own words, and a way to retry), and
// empty (what the page is for, and what to do first). The pieces are also used on their own.

/** What a read is doing: a query or an infinite query alike. */
export interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** "Loading posts…", announced; "Loading…" when `what` is left out. */
export function Loading({ what }: { what?: string }) {
  return (
    <p className="loading" role="status" aria-busy="true">
      {what ? `Loading ${what}…` : "Loading…"}
    </p>
  );
}

/** A refusal in the server's words, after `lead` ("The key was not revoked."); nothing without an error. */
export function ErrorAlert({ error, lead }: { error: unknown; lead?: string }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {lead && `${lead} `}
      {problemOf(error).detail}
    </p>
  );
}

/** A read that failed: what could not be loaded, why, and a way to try again. */
export function LoadError({ what, read }: { what: string; read: Pick<Read<unknown>, "error" | "refetch"> }) {
  return (
    <div className="error-box" role="alert">
      <p>
        {capitalized(what)} could not be loaded. {problemOf(read.error).detail}
      </p>
      <button type="button" className="secondary" onClick={() => read.refetch()}>
        Try again
      </button>
    </div>
  );
}

/**
 * A page of one thing (a post, a company) that could not be shown, and the way back to its list.
 * An address that names nothing (deleted, or mistyped) says so in words, not in the server's.
 */
export function NotShown({ what, error, back }: { what: string; error: unknown; back: { to: string; label: string } }) {
  const missing = isMissing(error);
  return (
    <div className="error-box" role="alert">
      <h1>{missing ? `${capitalized(what)} not found` : `This ${what} could not be shown`}</h1>
      <p>{missing ? `This workspace has no ${what} at this address. It may have been deleted, or the link may be incomplete.` : problemOf(error).detail}</p>
      <Link to={back.to}>{back.label}</Link>
    </div>
  );
}

/** The read's loading or failed state (a line, for a panel or a part of a page), else `children`. */
export function Loaded({ read, what, children }: { read: Pick<Read<unknown>, "isPending" | "isError" | "error">; what: string; children?: ReactNode }) {
  if (read.isPending) return <Loading what={what} />;
  if (read.isError) return <ErrorAlert error={read.error} lead={`${capitalized(what)} could not be loaded.`} />;
  return <>{children}</>;
}

const capitalized = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

interface Props<T> {
  query: Read<T>;
  /** What is loading, as in "API keys" ("Loading API keys…", "API keys could not be loaded."). */
  what: string;
  /** True when the answer holds nothing to show. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, what, isEmpty, empty, children }: Props<T>) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError || query.data === undefined) return <LoadError what={what} read={query} />;
  if (isEmpty?.(query.data)) return <div className="empty">{empty}</div>;
  return <>{children(query.data)}</>;
}
