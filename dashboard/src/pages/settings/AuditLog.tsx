/** Settings, Audit log: not built yet. */
export function AuditLog() {
  return (
    <section>
      <h1>Audit Log</h1>
    </section>
  );
}
