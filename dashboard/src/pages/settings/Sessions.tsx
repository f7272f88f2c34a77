/** Settings, Sessions: not built yet. */
export function Sessions() {
  return (
    <section>
      <h1>Sessions</h1>
    </section>
  );
}
