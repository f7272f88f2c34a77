import { Fragment, useId } from "react";
import { USERVOICE_COLUMNS } from "../../../../../packages/shared/src/imports.js";
import { MAPPED_FIELDS } from "./fields.js";

// The columns a UserVoice import reads, listed where the source is chosen so a person can check
// their export before sending it: from the definition the server reads the files with
// (packages/shared), so the list and the import cannot disagree.

const FILES = [
  { kind: "posts", title: "Ideas export" },
  { kind: "votes", title: "Voters export" },
] as const;

export function UserVoiceColumns() {
  const titleId = useId();
  return (
    <section className="uservoice-columns" aria-labelledby={titleId}>
      <h3 id={titleId}>The columns it reads</h3>
      {FILES.map(({ kind, title }) => (
        <div key={kind}>
          <h4>{title}</h4>
          <ul>
            {Object.entries(USERVOICE_COLUMNS[kind]).map(([field, columns]) => (
              <li key={field}>
                {[columns].flat().map((c, i) => (
                  <Fragment key={c}>
                    {i > 0 && " and "}
                    <code>{c}</code>
                  </Fragment>
                ))}
                <span className="muted"> → {MAPPED_FIELDS[kind].find((f) => f.field === field)?.label.toLowerCase() ?? field}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="muted">Other columns are left out. Only the ideas export is needed; the voters export adds the votes and the people who cast them.</p>
    </section>
  );
}
