import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Loaded } from "../../ui/QueryState.js";
import { CannyImport } from "./imports/CannyImport.js";
import { CsvImport } from "./imports/CsvImport.js";
import { ImportItem } from "./imports/ImportItem.js";
import { importsQuery } from "./imports/queries.js";

// Settings → Import: bring years of feedback in from Canny or CSV (UserVoice's export, Heed's own,
// or any columns). Every import can be tried first (a dry run with its report and a preview), runs
// in the background with its progress here, changes nothing when run again, and can be undone.
// Owners and admins only (imports:read/write).

export function Imports() {
  const listId = useId();
  const list = useQuery(importsQuery());
  return (
    <section>
      <h1>Import</h1>
      <p className="muted">
        Imported history notifies nobody and sends no webhooks. Running an import again adds only what is new; people and companies already here are matched by
        their id or email rather than made twice.
      </p>
      <CannyImport />
      <CsvImport />
      <section aria-labelledby={listId}>
        <h2 id={listId}>Imports</h2>
        <Loaded read={list} what="imports">
          {list.data &&
            (list.data.data.length === 0 ? (
              <p className="muted">No import yet.</p>
            ) : (
              <ul className="import-list" aria-label="Imports">
                {list.data.data.map((item) => (
                  <ImportItem key={item.id} item={item} />
                ))}
              </ul>
            ))}
        </Loaded>
      </section>
    </section>
  );
}
