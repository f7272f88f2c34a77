import { useQuery } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { Loaded } from "../../ui/QueryState.js";
import { CannyImport } from "./imports/CannyImport.js";
import { CsvImport } from "./imports/CsvImport.js";
import { ImportItem } from "./imports/ImportItem.js";
import { importOfSameFiles, importsQuery } from "./imports/queries.js";

// Settings → Import: bring years of feedback in from Canny or CSV (UserVoice's export, Heed's own,
// or any columns). Every import can be tried first (a dry run with its report and a preview), runs
// in the background with its progress here, changes nothing when run again, and can be undone.
// Owners and admins only (imports:read/write).

export function Imports() {
  const listId = useId();
  const list = useQuery(importsQuery());
  const sourceSelect = useRef<HTMLSelectElement>(null);
  // A new import starts where the files are chosen.
  const startNew = () => {
    sourceSelect.current?.scrollIntoView({ block: "center" });
    sourceSelect.current?.focus();
  };
  return (
    <section>
      <h1>Import</h1>
      <p className="muted">
        Imported history notifies nobody and sends no webhooks. Running an import again adds only what is new; people and companies already here are matched by
        their id or email rather than made twice.
      </p>
      <CannyImport />
      <CsvImport sourceSelect={sourceSelect} />
      <section aria-labelledby={listId}>
        <h2 id={listId}>Imports</h2>
        <Loaded read={list} what="imports">
          {list.data &&
            (list.data.data.length === 0 ? (
              <p className="muted">No import yet.</p>
            ) : (
              <ul className="import-list" aria-label="Imports">
                {list.data.data.map((item, _, all) => (
                  <ImportItem key={item.id} item={item} importedBy={item.dryRun ? importOfSameFiles(item, all) : undefined} onStartNew={startNew} />
                ))}
              </ul>
            ))}
        </Loaded>
      </section>
    </section>
  );
}
