/** Settings, Boards: not built yet. */
export function Boards() {
  return (
    <section>
      <h1>Boards</h1>
    </section>
  );
}
