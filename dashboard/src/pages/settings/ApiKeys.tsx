/** Settings, Api Keys: not built yet. */
export function ApiKeys() {
  return (
    <section>
      <h1>Api Keys</h1>
    </section>
  );
}
