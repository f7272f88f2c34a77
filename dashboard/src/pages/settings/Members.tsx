/** Settings, Members: not built yet. */
export function Members() {
  return (
    <section>
      <h1>Members</h1>
    </section>
  );
}
