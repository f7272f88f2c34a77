/** Settings, Webhooks: not built yet. */
export function Webhooks() {
  return (
    <section>
      <h1>Webhooks</h1>
    </section>
  );
}
