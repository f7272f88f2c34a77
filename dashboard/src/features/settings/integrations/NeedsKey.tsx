// Said before any Connect form, on a server without INTEGRATIONS_KEY: a token pasted there could
// not be sealed, and the team would learn it only once they had sent it.

export function NeedsKey() {
  return (
    <div className="notice" role="note" aria-labelledby="needs-key-title">
      <h2 id="needs-key-title">This server needs a key before anything can be connected</h2>
      <p>
        Heed seals each integration's token with <code>INTEGRATIONS_KEY</code>, which this server does not have. Whoever runs Heed makes a key, sets it as{" "}
        <code>INTEGRATIONS_KEY</code> and restarts Heed; then Slack, GitHub and Linear can be connected here.
      </p>
      <pre>
        <code>openssl rand -base64 32</code>
      </pre>
      <p className="muted">Keep the key outside the database's backups: a copy of the database without it holds no usable token.</p>
    </div>
  );
}
