import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, type RefObject, useId, useState } from "react";
import { problemOf } from "../../../api.js";
import { formatDateTime } from "../../../ui/format.js";
import { DATE_FORMATS, type DateFormat, type FileKind, FILE_KINDS, guessColumn, MAPPED_FIELDS } from "./fields.js";
import { columnsOf } from "./header.js";
import { type CreateImport, createImport, findSavedMapping, importKeys, type SavedMapping, uploadFile } from "./queries.js";
import { UserVoiceColumns } from "./UserVoiceColumns.js";

// From CSV files: Heed's own export, UserVoice's export, or any CSV with a mapping from its columns
// to Heed's fields (offered from each file's header), and the format of its date column (left to the
// file's values unless chosen). "Preview" uploads the files and asks for a dry run with the first
// rows as they would land and how their dates read; the import list then offers the import itself.
// A file whose columns an earlier import of the workspace read starts from the mapping (and status
// choices) that import used, kept by the server, so the same export is not mapped twice.

type Source = "csv" | "uservoice" | "mapped";

const SOURCES: { value: Source; label: string }[] = [
  { value: "csv", label: "A Heed export (posts.csv, votes.csv, users.csv)" },
  { value: "uservoice", label: "A UserVoice export (ideas, and their voters)" },
  { value: "mapped", label: "Other CSV files: choose which column is what" },
];

function MappingFor({
  kind,
  columns,
  mapping,
  format,
  saved,
  onChange,
  onFormat,
}: {
  kind: FileKind;
  columns: string[];
  mapping: Record<string, string>;
  format: DateFormat | "";
  saved?: SavedMapping;
  onChange: (field: string, column: string) => void;
  onFormat: (format: DateFormat | "") => void;
}) {
  const titleId = useId();
  return (
    <fieldset className="mapping" aria-labelledby={titleId}>
      <legend id={titleId}>Columns of the {FILE_KINDS.find((k) => k.kind === kind)!.label.toLowerCase()} file</legend>
      {saved && (
        <p className="mapping-saved" role="status">
          Filled in as your last import of a file with these columns ({formatDateTime(saved.savedAt)}) read them. Change anything that differs.
        </p>
      )}
      {MAPPED_FIELDS[kind].map(({ field, label, required }) => (
        <Fragment key={field}>
          <label className="field">
            <span>
              {label}
              {required ? " (needed)" : ""}
            </span>
            <select value={mapping[field] ?? ""} onChange={(e) => onChange(field, e.target.value)}>
              <option value="">Not read</option>
              {columns.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {field === "createdAt" && mapping.createdAt && (
            <label className="field">
              <span>Its dates are written as</span>
              <select value={format} onChange={(e) => onFormat(e.target.value as DateFormat | "")}>
                <option value="">Found from its dates</option>
                {DATE_FORMATS.map((f) => (
                  <option key={f.format} value={f.format}>
                    {f.label} ({f.example})
                  </option>
                ))}
              </select>
            </label>
          )}
        </Fragment>
      ))}
    </fieldset>
  );
}

/** A saved mapping's fields as the form holds them: a column per field, and the date column's format. */
function formOf(saved: SavedMapping, kind: FileKind, columns: string[]): { fields: Record<string, string>; format: DateFormat | "" } {
  const given = (saved.mapping[kind] ?? {}) as Record<string, string | string[] | { column?: string; format: DateFormat }>;
  const fields: Record<string, string> = {};
  let format: DateFormat | "" = "";
  for (const [field, value] of Object.entries(given)) {
    const column = typeof value === "string" ? value : Array.isArray(value) ? value[0] : value.column;
    if (!Array.isArray(value) && typeof value === "object") format = value.format;
    // Matched as the server matches sets of columns: the file's own spelling of the name is chosen.
    const own = columns.find((c) => c.trim().toLowerCase() === column?.trim().toLowerCase());
    if (own) fields[field] = own;
  }
  return { fields, format };
}

export function CsvImport({ sourceSelect }: { sourceSelect?: RefObject<HTMLSelectElement | null> }) {
  const titleId = useId();
  const queries = useQueryClient();
  const [source, setSource] = useState<Source>("csv");
  const [files, setFiles] = useState<Partial<Record<FileKind, File>>>({});
  const [columns, setColumns] = useState<Partial<Record<FileKind, string[]>>>({});
  const [mapping, setMapping] = useState<Partial<Record<FileKind, Record<string, string>>>>({});
  const [formats, setFormats] = useState<Partial<Record<FileKind, DateFormat | "">>>({});
  const [saved, setSaved] = useState<Partial<Record<FileKind, SavedMapping>>>({});
  // The status choices of the last import of the same posts columns, sent with the preview.
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const apiSource = source === "uservoice" ? "uservoice" : "csv";
  const kinds = source === "uservoice" ? FILE_KINDS.filter((k) => k.kind === "posts" || k.kind === "votes") : FILE_KINDS;

  const pick = async (kind: FileKind, file: File | undefined) => {
    setFiles((f) => ({ ...f, [kind]: file }));
    if (!file) return;
    const found = await columnsOf(file);
    setColumns((c) => ({ ...c, [kind]: found }));
    const guessed = Object.fromEntries(MAPPED_FIELDS[kind].map(({ field, label }) => [field, guessColumn(field, label, found)]).filter(([, c]) => c));
    setMapping((m) => ({ ...m, [kind]: guessed }));
    setSaved((s) => ({ ...s, [kind]: undefined }));
    if (kind === "posts") setStatuses({});
    if (found.length === 0) return;
    const last = await findSavedMapping(apiSource, kind, found).catch(() => null);
    if (!last) return;
    if (source === "mapped") {
      const { fields, format } = formOf(last, kind, found);
      setMapping((m) => ({ ...m, [kind]: fields }));
      setFormats((f) => ({ ...f, [kind]: format }));
    }
    setSaved((s) => ({ ...s, [kind]: last }));
    if (kind === "posts") setStatuses(last.mapping.statuses ?? {});
  };

  /** A file's columns as the API takes them: its date column with its format, when one is chosen. */
  const mappingOf = (kind: FileKind) => {
    const fields: Record<string, string | { column: string; format: DateFormat }> = Object.fromEntries(
      Object.entries(mapping[kind] ?? {}).filter(([, c]) => c),
    );
    const format = formats[kind];
    if (format && typeof fields.createdAt === "string") fields.createdAt = { column: fields.createdAt, format };
    return fields;
  };

  const preview = useMutation({
    mutationFn: async () => {
      const chosen = Object.entries(files).filter((entry): entry is [FileKind, File] => entry[1] !== undefined);
      if (chosen.length === 0) throw new Error("Choose at least one file.");
      const uploaded: Partial<Record<FileKind, string>> = {};
      for (const [kind, file] of chosen) uploaded[kind] = (await uploadFile(file)).id;
      const columns = source === "mapped" ? Object.fromEntries(chosen.map(([kind]) => [kind, mappingOf(kind)])) : {};
      const mapping = { ...columns, ...(Object.keys(statuses).length > 0 && files.posts ? { statuses } : {}) };
      const body: CreateImport = {
        source: apiSource,
        files: uploaded,
        dryRun: true,
        preview: 5,
        ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
      };
      return createImport(body);
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: importKeys.all }),
  });

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>From CSV files</h2>
      <form
        className="import-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate();
        }}
      >
        <label className="field">
          <span>What the files are</span>
          <select
            ref={sourceSelect}
            value={source}
            onChange={(e) => {
              // Other files for another kind of source: what was picked for the last one is let go.
              setSource(e.target.value as Source);
              setFiles({});
              setColumns({});
              setMapping({});
              setFormats({});
              setSaved({});
              setStatuses({});
            }}
          >
            {SOURCES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <div className="file-picks" key={source}>
          {kinds.map(({ kind, label }) => (
            <label key={kind} className="field">
              <span>{source === "uservoice" ? (kind === "posts" ? "Ideas export" : "Voters export") : `${label} file`}</span>
              <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(kind, e.target.files?.[0])} />
            </label>
          ))}
        </div>
        {source === "uservoice" && <UserVoiceColumns />}
        {source === "mapped" &&
          kinds.map(({ kind }) =>
            files[kind] && columns[kind] ? (
              <MappingFor
                key={kind}
                kind={kind}
                columns={columns[kind]}
                mapping={mapping[kind] ?? {}}
                format={formats[kind] ?? ""}
                saved={saved[kind]}
                onChange={(field, column) => setMapping((m) => ({ ...m, [kind]: { ...m[kind], [field]: column } }))}
                onFormat={(format) => setFormats((f) => ({ ...f, [kind]: format }))}
              />
            ) : null,
          )}
        {preview.error && (
          <p className="error" role="alert">
            {preview.error instanceof Error && preview.error.message === "Choose at least one file." ? preview.error.message : problemOf(preview.error).detail}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={preview.isPending}>
            {preview.isPending ? "Uploading…" : "Preview the import"}
          </button>
        </div>
      </form>
    </section>
  );
}
