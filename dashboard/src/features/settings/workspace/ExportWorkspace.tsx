import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { api, problemOf, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { formatDateTime } from "../../../ui/format.js";
import { Loaded } from "../../../ui/QueryState.js";

// Settings → Workspace → Export: the whole workspace as a zip (JSON lines and CSV), written by a
// background job (POST /v1/exports) whose progress shows here, then downloaded for a day. The page
// is the owners' and admins' (the scopes exports:read/write, which the member role lacks).

type Export = Schemas["Export"];

const exportKeys = { all: ["exports"] as const };

const sizeFormat = new Intl.NumberFormat("en", { notation: "compact", style: "unit", unit: "byte", unitDisplay: "narrow" });

/** Saves the archive the browser fetched as a file. */
function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement("a"), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function ExportRow({ item, slug }: { item: Export; slug: string }) {
  const progressId = useId();
  const download = useMutation({
    mutationFn: async () => {
      const { data, error, response } = await api.GET("/exports/{id}/download", { params: { path: { id: item.id } }, parseAs: "blob" });
      return unwrap({ data: data as Blob | undefined, error, response });
    },
    onSuccess: (blob) => saveBlob(`${slug}-${item.id}.zip`, blob),
  });
  const rows = Object.values(item.files).reduce((a, b) => a + b, 0);
  return (
    <li className="export-row">
      <span>Asked {formatDateTime(item.createdAt)}</span>
      {(item.state === "queued" || item.state === "running") && (
        <span className="export-progress">
          <label htmlFor={progressId}>
            {item.state === "queued" ? "Waiting to start…" : `Writing: ${item.done.toLocaleString()} of ${item.total.toLocaleString()} rows…`}
          </label>
          <progress id={progressId} max={Math.max(item.total, 1)} value={item.done} />
        </span>
      )}
      {item.state === "done" && (
        <>
          <span className="muted">
            {rows.toLocaleString()} rows, {sizeFormat.format(item.bytes)}; until {formatDateTime(item.expiresAt)}
          </span>
          <button type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? "Downloading…" : "Download"}
          </button>
        </>
      )}
      {item.state === "failed" && <span className="error">{item.error}</span>}
      {download.error && (
        <span className="error" role="alert">
          {problemOf(download.error).detail}
        </span>
      )}
    </li>
  );
}

export function ExportWorkspace() {
  const titleId = useId();
  const workspace = useCurrentWorkspace();
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: exportKeys.all,
    queryFn: async () => unwrap(await api.GET("/exports", { params: { query: { limit: 5 } } })),
    // Follows a running export until it is done.
    refetchInterval: (query) => (query.state.data?.data.some((e) => e.state === "queued" || e.state === "running") ? 1000 : false),
  });
  const ask = useMutation({
    mutationFn: async () => unwrap(await api.POST("/exports", {})),
    onSuccess: () => queries.invalidateQueries({ queryKey: exportKeys.all }),
  });
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Export</h2>
      <p className="muted">
        Everything in this workspace as a zip: a JSON lines file for each kind of object, and posts, votes and end users as CSV for spreadsheets. It can be
        downloaded for a day.
      </p>
      <div className="actions">
        <button type="button" disabled={ask.isPending} onClick={() => ask.mutate()}>
          Export the workspace
        </button>
      </div>
      {ask.error && (
        <p className="error" role="alert">
          {problemOf(ask.error).detail}
        </p>
      )}
      <Loaded read={list} what="exports">
        {list.data && list.data.data.length > 0 && (
          <ul className="export-list" aria-label="Exports">
            {list.data.data.map((item) => (
              <ExportRow key={item.id} item={item} slug={workspace?.slug ?? "heed"} />
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}
