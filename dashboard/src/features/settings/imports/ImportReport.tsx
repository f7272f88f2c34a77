import { counted } from "../../../ui/format.js";
import { ImportDates } from "./ImportDates.js";
import { ImportMade, ImportStatuses } from "./ImportStatuses.js";
import type { Import } from "./queries.js";

// What an import did (or, in a dry run, would do): a line per kind, the boards, statuses and tags
// it makes, what the file's statuses become (and the choice for those no status matches), how its
// dates read (and the question a date column asks), the problems with their first places, and the first rows as they land.

const OUTCOME_WORDS: Record<Import["report"]["problems"][number]["outcome"], string> = {
  skipped: "left out",
  kept: "kept",
  blocking: "keep the import from running",
};

const KIND_WORDS: Record<string, string> = {
  companies: "Companies",
  users: "People",
  posts: "Posts",
  votes: "Votes",
  comments: "Comments",
  changelog: "Changelog entries",
};

export function ImportReport({ item }: { item: Import }) {
  const { kinds, problems, preview } = item.report;
  const rows = Object.entries(kinds).filter(([, c]) => c.created + c.updated + c.skipped > 0);
  return (
    <>
      {rows.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        <section className="import-table" tabIndex={0} aria-label={`What ${item.dryRun ? "would land" : "landed"}, by kind`}>
          <table className="import-counts">
            <caption className="visually-hidden">What {item.dryRun ? "would land" : "landed"}</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">{item.dryRun ? "To create" : "Created"}</th>
                <th scope="col">Matched</th>
                <th scope="col">Skipped</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([kind, c]) => (
                <tr key={kind}>
                  <th scope="row">{KIND_WORDS[kind] ?? kind}</th>
                  <td>{c.created.toLocaleString()}</td>
                  <td>{c.updated.toLocaleString()}</td>
                  <td>{c.skipped.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <ImportMade item={item} />
      <ImportStatuses item={item} />
      <ImportDates item={item} />
      {problems.length > 0 && (
        <details>
          <summary>
            {problems.length} kind{problems.length === 1 ? "" : "s"} of problem (
            {counted(
              problems.reduce((n, p) => n + p.count, 0),
              "row",
            )}
            )
          </summary>
          <ul className="import-problems">
            {problems.map((p) => (
              <li key={`${p.kind}-${p.code}-${p.outcome}`}>
                <strong>
                  {KIND_WORDS[p.kind]}, {OUTCOME_WORDS[p.outcome]} ×{p.count.toLocaleString()}:
                </strong>{" "}
                {p.message}{" "}
                <span className="muted">
                  ({p.examples.map((e) => `${e.file} row ${e.row}${e.field ? `, ${e.field}` : ""}${e.value !== undefined ? ` “${e.value}”` : ""}`).join("; ")})
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {preview?.posts && preview.posts.length > 0 && (
        // Scrolls sideways on a phone rather than breaking titles a letter at a time.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        <section className="import-table" tabIndex={0} aria-label="The first posts">
          <table className="import-preview">
            <caption>The first posts as they {item.dryRun ? "would land" : "landed"}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Board</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {preview.posts.map((p, i) => (
                <tr key={String(p.ref ?? i)}>
                  <td>{String(p.title ?? "")}</td>
                  <td>{String(p.board ?? "")}</td>
                  <td>{String(p.status ?? "default")}</td>
                  <td>{p.createdAt === null ? <span className="muted">date not read</span> : String(p.createdAt ?? "").slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
