import type { Schemas } from "@heed/client";
import { CardTable } from "../../../ui/CardTable.js";
import { formatDateTime } from "../../../ui/format.js";
import { LoadError, Loading } from "../../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../../ui/useCursorList.js";
import { integrationLogQuery } from "./queries.js";

// What the integration sent and received, newest first. While `watching` (a test or a send just
// asked for), the log is read again every second, so its outcome is seen arriving.

type Entry = Schemas["IntegrationLogEntry"];

const TONE: Record<Entry["outcome"], string> = {
  sent: "good",
  applied: "good",
  retrying: "",
  ignored: "",
  duplicate: "",
  failed: "bad",
  refused: "bad",
};

export function IntegrationLog({ integrationId, watching }: { integrationId: string; watching: boolean }) {
  const { query, items } = useCursorList({ ...integrationLogQuery(integrationId), refetchInterval: watching ? 1000 : false });
  if (query.isPending) return <Loading what="the log" />;
  if (query.isError) return <LoadError what="the log" read={query} />;
  if (items.length === 0) return <p className="empty">Nothing sent or received yet. Send a test to see it here.</p>;
  return (
    <>
      <CardTable caption="Log" columns={["When", "Direction", "What", "Outcome", "Details"]}>
        {items.map((entry) => (
          <tr key={entry.id}>
            <td>{formatDateTime(entry.createdAt)}</td>
            <td>{entry.direction === "out" ? "Sent" : "Received"}</td>
            <td>{entry.kind.replace(/_/g, " ")}</td>
            <td>
              <span className={`badge ${TONE[entry.outcome]}`}>{entry.outcome}</span>
              {entry.httpStatus !== null && <span className="muted"> HTTP {entry.httpStatus}</span>}
            </td>
            <td>{entry.summary}</td>
          </tr>
        ))}
      </CardTable>
      <MoreButton list={query} label="Older entries" />
    </>
  );
}
