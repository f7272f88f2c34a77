import type { ReactNode } from "react";

// The settings pages' tables: a caption for screen readers, column headings (an empty one for the
// actions column), sideways scrolling on a narrow screen, and on a phone each row as a card whose
// cells name themselves by their data-label (styles.css, table.cards).

export function CardTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={column || `column-${i}`}>
                {column || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
