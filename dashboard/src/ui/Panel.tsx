import { type ReactNode, useId } from "react";

// A titled box in a page's side column (the post's status, voters, merge, activity; an entry's
// publishing): a region named by its title.

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
