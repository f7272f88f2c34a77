import { Link } from "react-router";

/** Any address under /app that is no page: say so, and offer the way back. */
export function NotFound() {
  return (
    <section>
      <h1>No such page</h1>
      <p>
        This address is not a page of the dashboard. <Link to="/">Back to the overview</Link>
      </p>
    </section>
  );
}
