import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { api, problemOf, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { counted, formatDateTime } from "../../../ui/format.js";
import { blocked } from "./ImportDates.js";
import { ImportReport } from "./ImportReport.js";
import { createImport, type Import, importKeys, isMoving } from "./queries.js";

// One import in the list: where it is while it runs (a progress bar), its report once done, and
// what can be done with it: cancel while it runs, import for real after a dry run of files,
// undo a done import (the server refuses, saying why, once something is built on it). Once the
// files of a dry run are imported, the dry run says so and offers a new import instead.

const SOURCE_WORDS: Record<Import["source"], string> = { canny: "Canny", uservoice: "UserVoice", csv: "CSV" };
const STATE_WORDS: Record<Import["state"], string> = {
  queued: "Waiting to start…",
  running: "Importing…",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
  undoing: "Being undone…",
  undone: "Undone",
};

export function ImportItem({ item, importedBy, onStartNew }: { item: Import; importedBy?: Import; onStartNew: () => void }) {
  const progressId = useId();
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: importKeys.all });
  const cancel = useMutation({
    mutationFn: async () => unwrap(await api.POST("/imports/{id}/cancel", { params: { path: { id: item.id } } })),
    onSuccess: refresh,
  });
  const undo = useMutation({ mutationFn: async () => unwrap(await api.POST("/imports/{id}/undo", { params: { path: { id: item.id } } })), onSuccess: refresh });
  const forReal = useMutation({
    mutationFn: () =>
      createImport({
        source: item.source === "uservoice" ? "uservoice" : "csv",
        files: item.files,
        ...(item.mapping ? { mapping: item.mapping } : {}),
        dryRun: false,
        preview: 5,
      }),
    onSuccess: refresh,
  });
  const failure = cancel.error ?? undo.error ?? forReal.error;
  const title = `${item.dryRun ? "Dry run" : "Import"} from ${SOURCE_WORDS[item.source]}`;
  return (
    <li className="import-item">
      <h3>
        {title} <span className="muted">· {formatDateTime(item.createdAt)}</span>
      </h3>
      <p className={item.state === "failed" ? "error" : undefined}>
        {STATE_WORDS[item.state]}
        {item.error ? ` ${item.error}` : ""}
      </p>
      {item.state === "running" && (
        <p className="import-progress">
          <label htmlFor={progressId}>
            Reading {item.phase ?? "the source"}
            {item.total > 0 ? `: ${Math.round((item.done / item.total) * 100)}%` : `: ${item.done.toLocaleString()} pages`}
          </label>
          <progress id={progressId} {...(item.total > 0 ? { max: item.total, value: item.done } : {})} />
        </p>
      )}
      {(item.state === "done" || item.state === "undone" || item.state === "undoing") && <ImportReport item={item} />}
      <div className="actions">
        {(item.state === "queued" || item.state === "running") && (
          <button type="button" className="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel
          </button>
        )}
        {item.state === "done" && item.dryRun && item.source !== "canny" && !blocked(item) && !importedBy && (
          <button type="button" disabled={forReal.isPending} onClick={() => forReal.mutate()}>
            {item.report.kinds.posts.created > 0 ? `Import these ${counted(item.report.kinds.posts.created, "post")}` : "Import these files"}
          </button>
        )}
        {item.state === "done" && item.dryRun && importedBy && (
          <>
            <p>{importedBy.state === "done" ? "These files were imported: the import is listed above." : "These files are being imported: see above."}</p>
            <button type="button" className="secondary" onClick={onStartNew}>
              Start a new import
            </button>
          </>
        )}
        {item.state === "done" && item.dryRun && blocked(item) && (
          <p>The import runs once every date reads: say how the dates are written, or correct the rows listed, and preview again.</p>
        )}
        {item.state === "done" && !item.dryRun && (
          <ConfirmButton label="Undo" ariaLabel={`Undo the ${title.toLowerCase()}`} title="Undo this import?" confirm="Undo the import" run={undo}>
            <p>
              Everything this import made goes: its posts with their votes and comments, its changelog entries, the people, companies, boards, statuses and tags
              it created. People and companies that were here before stay. Nobody is told.
            </p>
          </ConfirmButton>
        )}
      </div>
      {failure && (
        <p className="error" role="alert">
          {problemOf(failure).detail}
        </p>
      )}
      {isMoving(item) && <span className="visually-hidden">Updating every second.</span>}
    </li>
  );
}
