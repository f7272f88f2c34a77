import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { problemOf } from "../../../api.js";
import { DATE_FORMATS, type DateFormat, dateFormatLabel } from "./fields.js";
import { createImport, type Import, importKeys } from "./queries.js";

// How an import's date columns read: each column's format (chosen, or the one its values allow)
// with a few values as read. A column whose values read two ways (01/05/2024: 1 May or 5 January)
// asks which, and one with values that do not read offers the formats; the answer is a new dry run
// of the same files with the format in the mapping. Until then the import does not run.

type DateColumn = Import["report"]["dates"][number];

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** A date as read, in words (no day/month order to misread): with its time, in UTC, when the value had one. */
function inWords(iso: string, value: string): string {
  return value.includes(":") ? `${dayAndTime.format(new Date(iso))} UTC` : day.format(new Date(iso));
}

const columnName = (c: DateColumn) => `${c.file}, column “${c.column}”`;
const keyOf = (c: DateColumn) => `${c.kind}.${c.field}`;

function readsBadly(item: Import, column: DateColumn): boolean {
  return item.report.problems.some((p) => p.kind === column.kind && p.code === "invalid_date" && p.outcome === "blocking");
}

/** The saved mapping with a date column's format given: over its own column, or the source's. */
function withFormats(item: Import, chosen: Record<string, DateFormat>, columns: DateColumn[]): NonNullable<Import["mapping"]> {
  const mapping = { ...(item.mapping ?? {}) } as Record<string, Record<string, unknown>>;
  for (const column of columns) {
    const format = chosen[keyOf(column)];
    if (!format) continue;
    const fields = { ...(mapping[column.kind] ?? {}) };
    const current = fields[column.field] as string | { column?: string } | undefined;
    const named = typeof current === "string" ? current : current?.column;
    fields[column.field] = named ? { column: named, format } : { format };
    mapping[column.kind] = fields;
  }
  return mapping as NonNullable<Import["mapping"]>;
}

function Question({ column, chosen, onChoose }: { column: DateColumn; chosen?: DateFormat; onChoose: (f: DateFormat) => void }) {
  const name = useId();
  const asks = column.read === null && column.fits.length > 1;
  const formats = asks ? column.fits : DATE_FORMATS.map((f) => f.format);
  const first = column.examples[0];
  return (
    <fieldset className="date-question">
      <legend>How are the dates in {columnName(column)} written?</legend>
      <p className="muted">
        {asks && first
          ? `They read two ways: “${first.value}” is ${Object.values(first.readings)
              .map((at) => inWords(at, first.value))
              .join(" or ")}.`
          : `Some do not read${column.read ? ` as ${dateFormatLabel(column.read).toLowerCase()}` : ""}: their rows are listed under the problems.`}
      </p>
      {formats.map((format) => (
        <label key={format} className="choice">
          <input type="radio" name={name} value={format} checked={chosen === format} onChange={() => onChoose(format)} />
          <span>
            {dateFormatLabel(format)}
            <span className="muted">
              {asks
                ? `: ${column.examples.flatMap((e) => (e.readings[format] ? [day.format(new Date(e.readings[format]))] : [])).join("; ")}`
                : ` (${DATE_FORMATS.find((f) => f.format === format)?.example})`}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function ImportDates({ item }: { item: Import }) {
  const queries = useQueryClient();
  const [chosen, setChosen] = useState<Record<string, DateFormat>>({});
  const { dates } = item.report;
  const open = dates.filter((c) => (c.read === null && c.fits.length > 1) || readsBadly(item, c));
  const answerable = item.dryRun && item.state === "done" && item.source !== "canny";
  const again = useMutation({
    mutationFn: () =>
      createImport({
        source: item.source === "uservoice" ? "uservoice" : "csv",
        files: item.files,
        mapping: withFormats(item, chosen, open),
        dryRun: true,
        preview: 5,
      }),
    onSuccess: () => queries.invalidateQueries({ queryKey: importKeys.all }),
  });
  if (dates.length === 0) return null;
  const asked = open.filter((c) => c.read === null);
  const ready = asked.every((c) => chosen[keyOf(c)]) && Object.keys(chosen).length > 0;
  return (
    <div className="import-dates">
      <ul className="import-dates-read">
        {dates
          .filter((c) => !open.includes(c))
          .map((c) => (
            <li key={keyOf(c)}>
              Dates in {columnName(c)}: read as {dateFormatLabel(c.read!).toLowerCase()}
              {c.format ? "" : c.fits.length > 1 ? " (its dates read the same either way)" : ", the only way they read"}.{" "}
              <span className="muted">{c.examples.map((e) => `“${e.value}” is ${inWords(Object.values(e.readings)[0]!, e.value)}`).join("; ")}</span>
            </li>
          ))}
      </ul>
      {open.length > 0 && answerable && (
        <form
          className="import-date-questions"
          onSubmit={(event) => {
            event.preventDefault();
            again.mutate();
          }}
        >
          {open.map((c) => (
            <Question key={keyOf(c)} column={c} chosen={chosen[keyOf(c)]} onChoose={(f) => setChosen((all) => ({ ...all, [keyOf(c)]: f }))} />
          ))}
          <div className="actions">
            <button type="submit" disabled={!ready || again.isPending}>
              Preview with these dates
            </button>
          </div>
          {again.error && (
            <p className="error" role="alert">
              {problemOf(again.error).detail}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/** Whether the import would refuse to run: a row's date does not read. */
export const blocked = (item: Import) => item.report.problems.some((p) => p.outcome === "blocking");
