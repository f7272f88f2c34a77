/** Settings, Workspace: not built yet. */
export function Workspace() {
  return (
    <section>
      <h1>Workspace</h1>
    </section>
  );
}
