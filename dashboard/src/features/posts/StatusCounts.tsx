import { useQuery } from "@tanstack/react-query";
import type { Filters } from "./InboxFilters.js";
import { statusCountsQuery } from "./queries.js";

// Counts per status among the posts the other filters select, each a button that filters by it:
// where the work is, at a glance. Refreshed with the list.

interface Props {
  filters: Filters;
  refreshMs: number;
  onStatus: (status: string) => void;
  /**
   * Off until the list has arrived: counting a large workspace takes the database longer than a
   * page does, and SQLite answers one query at a time, so asked together the count would hold the
   * first page back.
   */
  enabled: boolean;
}

export function StatusCounts({ filters, refreshMs, onStatus, enabled }: Props) {
  const counts = useQuery({ ...statusCountsQuery(filters), refetchInterval: refreshMs, enabled });
  if (!counts.data) return null;
  return (
    <nav aria-label="Posts per status" className="status-counts">
      <ul>
        {counts.data.data.map(({ status, count }) => (
          <li key={status.id}>
            <button
              type="button"
              className="secondary"
              aria-pressed={filters.status === status.id}
              onClick={() => onStatus(filters.status === status.id ? "" : status.id)}
            >
              {status.name} <span className="count">{count}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
